import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestHistoryItem } from '@contract/request-history';
import { api } from '@/lib/api-client';
import { usePendingRequests } from './get-pending-requests';
import { analysisKeys } from './keys';

const requestHistoryPath = (playerId: number) => `/api/players/${playerId}/requests`;

const requestHistoryQueryOptions = (playerId: number, pending: number | undefined) =>
  queryOptions({
    queryKey: analysisKeys.history(playerId, pending ?? null),
    queryFn: ({ signal }) => api<RequestHistoryItem[]>(requestHistoryPath(playerId), { signal }),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useRequestHistory(playerId: number) {
  const pending = usePendingRequests(playerId);
  return useQuery(requestHistoryQueryOptions(playerId, pending.data?.total));
}
