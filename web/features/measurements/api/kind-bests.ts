import { queryOptions, useQuery } from '@tanstack/react-query';
import { measurementsApi } from '@contract/api/measurements';
import { call } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

const kindBestsQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: ['kind-bests', playerId] as const,
    queryFn: ({ signal }) => call(measurementsApi.kindBests, { params: { id: playerId }, signal }),
    staleTime: 60_000,
  });

/** A player's best result of each kind kept in kind_receipts (decision 263): the card's tiles loop over them. */
export const useKindBests = (playerId: number) => useQuery(kindBestsQueryOptions(playerId));

/** Asks for them before the player card renders (decision 232); the page names the URL as a first read. */
export const prefetchKindBests = (playerId: number) =>
  queryClient.prefetchQuery(kindBestsQueryOptions(playerId));
