import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoList } from '@contract/videos';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';

export const videosPath = (playerId: number) => `/api/videos/${playerId}`;

export const videosQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: videoKeys.list(playerId),
    queryFn: ({ signal }) => api<VideoList>(videosPath(playerId), { signal }),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useVideos(playerId: number) {
  return useQuery(videosQueryOptions(playerId));
}
