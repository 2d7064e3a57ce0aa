import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { videosApi } from '@contract/api/videos';
import { PAGE_SIZES } from '@contract/pagination';
import { apiPage, call } from '@/lib/api-client';
import { queryClient, REFETCHED_ON_FOCUS } from '@/lib/query-client';
import { videoKeys } from './keys';

const videosQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: videoKeys.list(playerId),
    queryFn: ({ signal }) => call(videosApi.list, { params: { playerId }, signal }),
    ...REFETCHED_ON_FOCUS,
  });

export function useVideos(playerId: number) {
  return useQuery(videosQueryOptions(playerId));
}

/** Asks for the player's videos before the player card renders (decision 232). */
export const prefetchVideos = (playerId: number) => queryClient.prefetchQuery(videosQueryOptions(playerId));

/** The library, newest first, a page at a time (each page repeats the stats over all videos; decision 063). */
const videoPagesQueryOptions = (playerId: number) =>
  infiniteQueryOptions({
    queryKey: [...videoKeys.list(playerId), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      apiPage(videosApi.list, {
        params: { playerId },
        query: { limit: PAGE_SIZES.videos.screen, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...REFETCHED_ON_FOCUS,
  });

export const useVideoPages = (playerId: number) => useInfiniteQuery(videoPagesQueryOptions(playerId));

/** Asks for the library's first page before the library renders (decision 232). */
export const prefetchVideoPages = (playerId: number) =>
  queryClient.prefetchInfiniteQuery(videoPagesQueryOptions(playerId));
