import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

export interface PositionOption { id: number; name: string; key: string }

/** The positions list, shared with the players feature through its query key; cached 5 minutes. */
export const positionsQueryOptions = queryOptions({
  queryKey: ['/api/positions'],
  queryFn: async ({ signal }) => {
    try {
      return await api<PositionOption[]>('/api/positions', { signal });
    } catch (err) {
      throw err instanceof ApiError && err.status === 401 ? err : new Error('Failed to fetch positions');
    }
  },
  staleTime: 5 * 60_000,
  refetchOnWindowFocus: false,
});

export function usePositions() {
  return useQuery(positionsQueryOptions);
}

export const positionName = (list: PositionOption[] | undefined, id: number | null | undefined) =>
  (id && list?.find((p) => p.id === id)?.name) || '--';
