import { queryOptions, useQuery } from '@tanstack/react-query';
import { analysisApi } from '@contract/api/analysis';
import { call } from '@/lib/api-client';
import { usePendingRequests } from './get-pending-requests';
import { analysisKeys } from './keys';

const requestHistoryQueryOptions = (playerId: number, pending: number | undefined) =>
  queryOptions({
    queryKey: analysisKeys.history(playerId, pending ?? null),
    queryFn: ({ signal }) => call(analysisApi.history, { params: { id: playerId }, signal }),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useRequestHistory(playerId: number) {
  const pending = usePendingRequests(playerId);
  return useQuery(requestHistoryQueryOptions(playerId, pending.data?.total));
}
