import { queryOptions, useQuery } from '@tanstack/react-query';
import { analysisApi } from '@contract/api/analysis';
import { call } from '@/lib/api-client';
import { queryClient, REFETCHED_ON_FOCUS } from '@/lib/query-client';
import { analysisKeys } from './keys';

const pendingRequestsQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: analysisKeys.pending(playerId),
    queryFn: ({ signal }) => call(analysisApi.pending, { params: { id: playerId }, signal }),
    ...REFETCHED_ON_FOCUS,
  });

export const usePendingRequests = (playerId: number) => useQuery(pendingRequestsQueryOptions(playerId));

/** Asks for the player's pending requests before the player card renders (decision 232). */
export const prefetchPendingRequests = (playerId: number) =>
  queryClient.prefetchQuery(pendingRequestsQueryOptions(playerId));
