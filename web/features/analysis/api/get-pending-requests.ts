import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingRequests } from '@contract/analysis';
import { api } from '@/lib/api-client';
import { analysisKeys } from './keys';

const pendingPath = (playerId: number) => `/api/players/${playerId}/pending-requests`;

const pendingRequestsQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: analysisKeys.pending(playerId),
    queryFn: ({ signal }) => api<PendingRequests>(pendingPath(playerId), { signal }),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export const usePendingRequests = (playerId: number) => useQuery(pendingRequestsQueryOptions(playerId));
