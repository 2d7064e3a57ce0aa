import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoMedia } from '@contract/measurements';
import { api, ApiError } from '@/lib/api-client';
import { measurementKeys } from './keys';

export const videoMediaPath = (videoId: number) => `/api/videos/${videoId}/media`;

/** The server answers 409 while the file is still being probed: ask again every 2 seconds until then. */
const videoMediaQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: measurementKeys.media(videoId),
    queryFn: ({ signal }) => api<VideoMedia>(videoMediaPath(videoId), { signal }),
    retry: (count, err) => err instanceof ApiError && err.status === 409 && count < 150,
    retryDelay: 2000,
    // The signed working URL expires; a fresh one comes with a refetch.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export const useVideoMedia = (videoId: number | null | undefined) =>
  useQuery({ ...videoMediaQueryOptions(videoId ?? 0), enabled: Boolean(videoId) });
