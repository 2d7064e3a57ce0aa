import { kindResultsEndpoints } from '@contract/kind-results';
import { call } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** The query key of a player's results of a kind with its own results endpoint (its hook uses it too). */
export const kindResultsKey = (kind: string, playerId: number) => ['kind-results', kind, playerId] as const;

/**
 * Asks for the player's results of every kind with its own results endpoint before the player card renders
 * (decision 232); the page named the same URLs as its first reads (contract/first-reads.ts).
 */
export const prefetchKindResults = (playerId: number) =>
  Promise.all(
    kindResultsEndpoints().map(({ key, endpoint }) =>
      queryClient.prefetchQuery({
        queryKey: kindResultsKey(key, playerId),
        queryFn: ({ signal }) => call(endpoint, { params: { id: playerId }, signal } as never),
        staleTime: 60_000,
      }),
    ),
  );
