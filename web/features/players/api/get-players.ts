import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Player } from '@contract/players';
import { api, apiPage } from '@/lib/api-client';
import { playerKeys } from './keys';

export const getPlayers = () => api<Player[]>('/api/players');

/** Refetched on window focus. The default staleTime is Infinity, under which `true` would never refetch. */
export const playersQueryOptions = () =>
  queryOptions({ queryKey: playerKeys.list(), queryFn: getPlayers, refetchOnWindowFocus: 'always' });

export const usePlayers = () => useQuery(playersQueryOptions());

/** Players per 'Load more' on the dashboard: three rows of the four-column grid. */
export const PLAYERS_PAGE = 12;

/** The dashboard's list, newest first, a page at a time; 'Load more' follows the server's cursor (decision 063). */
export const playerPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...playerKeys.list(), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      apiPage<Player[]>(`/api/players?limit=${PLAYERS_PAGE}`, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnWindowFocus: 'always',
  });

export const usePlayerPages = () => useInfiniteQuery(playerPagesQueryOptions());
