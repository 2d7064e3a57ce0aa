import { useQuery } from '@tanstack/react-query';
import type { Percentile } from '@contract/percentiles';
import { api } from '@/lib/api-client';

export const usePlayerPercentiles = (playerId: number, opts: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [`/api/players/${playerId}/percentiles`],
    queryFn: () => api<Percentile[]>(`/api/players/${playerId}/percentiles`),
    enabled: opts.enabled ?? true,
  });
