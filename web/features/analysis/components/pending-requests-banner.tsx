import { Clock } from 'lucide-react';
import type { PendingRequests } from '@contract/analysis';
import { analysisKinds, type AnalysisKind } from '@contract/analysis-kinds';
import { Badge } from '@/components/ui/badge';
import { usePendingRequests } from '../api/get-pending-requests';
import { findRequestKind } from './request-kinds';
import type { PlayerSlotProps } from './slot-types';

/** A kind's pending count: its own key, else the spec's field names (an answer from before `byKind`). */
function pendingOf(data: PendingRequests, kind: AnalysisKind) {
  const own = data.byKind?.[kind.key];
  if (own !== undefined) return own;
  const fields = (kind.pendingFields ?? []) as (keyof PendingRequests)[];
  for (const f of fields) if (typeof data[f] === 'number') return data[f];
  return 0;
}

const columnOf = (key: string) => findRequestKind(key)?.pendingColumn ?? Number.MAX_SAFE_INTEGER;

export function PendingRequestsBanner({ playerId }: PlayerSlotProps) {
  const { data } = usePendingRequests(playerId);
  const total = data?.total ?? data?.pendingCount ?? 0;
  if (!data || total === 0) return null;
  // One column per kind of the registry (issue 52 item 7: a 40 counted in the total had no column). The
  // spec's two always show, in its order (each kind's `pendingColumn`); another kind when it has a request
  // waiting, after them in the registry's order (the sort is stable).
  const columns = analysisKinds()
    .map((k) => ({ key: k.key, label: k.label, n: pendingOf(data, k), always: Boolean(k.pendingFields) }))
    .filter((c) => c.always || c.n > 0)
    .sort((a, b) => columnOf(a.key) - columnOf(b.key));
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
      <div className="flex shrink-0 flex-wrap gap-2 pl-8 sm:pl-0">
        {columns.map((c) => (
          <Badge key={c.key} variant="secondary" data-kind={c.key}>
            {c.label}: {c.n}
          </Badge>
        ))}
      </div>
    </div>
  );
}
