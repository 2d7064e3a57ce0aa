import { useQuery } from '@tanstack/react-query';
import type { Percentile } from '@contract/percentiles';
import { api } from '@/lib/api-client';
import { sharingKeys } from './keys';

export const usePlayerPercentiles = (playerId: number, opts: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: sharingKeys.percentiles(playerId),
    queryFn: () => api<Percentile[]>(`/api/players/${playerId}/percentiles`),
    enabled: opts.enabled ?? true,
  });
