import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { playersApi } from '@contract/api/players';
import { PAGE_SIZES } from '@contract/pagination';
import { apiPage } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { playerKeys } from './keys';

/** The dashboard's list, newest first, a page at a time; 'Load more' follows the server's cursor (decision 063). */
const playerPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...playerKeys.list(), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      apiPage(playersApi.list, {
        query: { limit: PAGE_SIZES.players.screen, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnWindowFocus: 'always',
  });

export const usePlayerPages = () => useInfiniteQuery(playerPagesQueryOptions());

/** Asks for the dashboard's first page while its code loads (decision 192); `usePlayerPages` joins it. */
export const prefetchPlayerPages = () => queryClient.prefetchInfiniteQuery(playerPagesQueryOptions());
