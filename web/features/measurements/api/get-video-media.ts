import { queryOptions, useQuery } from '@tanstack/react-query';
import { measurementsApi } from '@contract/api/measurements';
import { ApiError, call } from '@/lib/api-client';
import { measurementKeys } from './keys';

/** The clip's media facts and a fresh signed working URL. */
export const getVideoMedia = (videoId: number, signal?: AbortSignal) =>
  call(measurementsApi.media, { params: { id: videoId }, signal });

/** The server answers 409 while the file is still being probed: ask again every 2 seconds until then. */
const videoMediaQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: measurementKeys.media(videoId),
    queryFn: ({ signal }) => getVideoMedia(videoId, signal),
    retry: (count, err) => err instanceof ApiError && err.status === 409 && count < 150,
    retryDelay: 2000,
    // The signed working URL expires; a fresh one comes with a refetch.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export const useVideoMedia = (videoId: number | null | undefined) =>
  useQuery({ ...videoMediaQueryOptions(videoId ?? 0), enabled: Boolean(videoId) });
