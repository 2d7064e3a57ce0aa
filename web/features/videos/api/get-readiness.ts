import { queryOptions, useQuery } from '@tanstack/react-query';
import { videosApi } from '@contract/api/videos';
import type { ClipReadiness, ReadinessAnswer } from '@contract/readiness';
import { call } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { videoKeys } from './keys';

/** While the server checks the clip (202), asked again this often. */
const CHECKING_POLL_MS = 2000;

const isChecking = (a: ReadinessAnswer | undefined) => a !== undefined && 'checking' in a;

const readinessQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: videoKeys.readiness(videoId),
    queryFn: async ({ signal, client }) => {
      const before = client.getQueryData<ReadinessAnswer>(videoKeys.readiness(videoId));
      const answer = await call(videosApi.readiness, { params: { id: videoId }, signal });
      // Checked means processed: the library's tile of the clip (its thumbnail, 'Processing') is read again.
      if (isChecking(before) && !isChecking(answer))
        void client.invalidateQueries({ queryKey: [...videoKeys.all, 'list'] });
      return answer;
    },
    // A result never changes: kept for the session once known; asked again while checking.
    staleTime: (q) => (isChecking(q.state.data) ? 0 : Infinity),
    refetchInterval: (q) => (isChecking(q.state.data) ? CHECKING_POLL_MS : false),
  });

/** A clip's readiness per kind measured from a clip (decision 247): `checking` until the server has looked. */
export function useClipReadiness(videoId: number | null | undefined) {
  const q = useQuery({ ...readinessQueryOptions(videoId ?? 0), enabled: Boolean(videoId) });
  const data = q.data;
  return {
    checking: Boolean(videoId) && (q.isLoading || isChecking(data)),
    readiness: data && !isChecking(data) ? data : null,
    error: q.error,
  };
}

/** Waits until the clip has been checked (a request sent before would only be answered 'still checking'). */
export async function checkedReadiness(videoId: number, signal?: AbortSignal): Promise<ClipReadiness> {
  for (;;) {
    const data = await queryClient.fetchQuery({ ...readinessQueryOptions(videoId), staleTime: 0 });
    if (!isChecking(data)) return data;
    await new Promise((resolve) => setTimeout(resolve, CHECKING_POLL_MS));
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  }
}
