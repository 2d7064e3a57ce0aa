import { Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { usePendingRequests } from '../api/get-pending-requests';
import type { PlayerSlotProps } from './slot-types';

export function PendingRequestsBanner({ playerId }: PlayerSlotProps) {
  const { data } = usePendingRequests(playerId);
  const total = data?.total ?? data?.pendingCount ?? 0;
  if (!data || total === 0) return null;
  const iga = data.iga ?? data.igaPendingCount ?? 0;
  const speed = data.speed ?? data.speedPendingCount ?? 0;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Clock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p className="text-sm">
          You have {total} pending analysis request(s) being processed. These will appear in your player stats
          once analysis is complete.
        </p>
      </div>
      <div className="flex shrink-0 gap-2 pl-8 sm:pl-0">
        <Badge variant="secondary">IGA Score: {iga}</Badge>
        <Badge variant="secondary">Max Speed: {speed}</Badge>
      </div>
    </div>
  );
}
