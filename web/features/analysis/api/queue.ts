import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import type { QueueItem } from '@contract/analysis';
import type { RejectInput } from '@contract/analysis-forms';
import { analysisApi } from '@contract/api/analysis';
import { pathOf, type Answer } from '@contract/endpoint';
import { apiPage, call } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { playerKeys } from '@/features/players';
import { videoKeys } from '@/features/videos';
import { analysisKeys } from './keys';

/** Oldest first, 50 a page; 'Load more' follows the server's cursor (decision 063). */
const queueQueryOptions = infiniteQueryOptions({
  queryKey: analysisKeys.queue(),
  queryFn: ({ pageParam, signal }) =>
    apiPage(analysisApi.queue, { query: { limit: 50, cursor: pageParam ?? undefined }, signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 0,
  refetchOnWindowFocus: true,
});
export const useQueue = () => useInfiniteQuery(queueQueryOptions);

/** For changes made elsewhere (a source clip uploaded in the workbench). */
export function useRefetchQueue() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: analysisKeys.queue() });
}

export const usePopulation = (requestId: number) =>
  useQuery({
    queryKey: analysisKeys.population(requestId),
    queryFn: ({ signal }) => call(analysisApi.population, { params: { id: requestId }, signal }),
    staleTime: 60_000,
  });

/** The population percentile a measured value would have (the one families will see, decision 249). */
export const useRequestPercentile = (requestId: number, value: number | null) =>
  useQuery({
    queryKey: analysisKeys.percentile(requestId, value),
    queryFn: ({ signal }) =>
      call(analysisApi.percentile, { params: { id: requestId }, query: { value: value! }, signal }),
    enabled: value !== null && value > 0,
    staleTime: 60_000,
  });

/** After processing: the queue, the player, their videos, pending counts and submetric lists. */
function useRefreshAfterProcessing() {
  const qc = useQueryClient();
  return (item: QueueItem) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queueQueryOptions.queryKey }),
      qc.invalidateQueries({ queryKey: playerKeys.detail(item.playerId) }),
      qc.invalidateQueries({ queryKey: videoKeys.list(item.playerId) }),
      qc.invalidateQueries({ queryKey: analysisKeys.pending(item.playerId) }),
      qc.invalidateQueries({ queryKey: analysisKeys.requestSubmetrics(item.id) }),
    ]);
}

export function useCompleteRequest(item: QueueItem) {
  const refresh = useRefreshAfterProcessing();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    meta: { errorFallback: 'Failed to process request' },
    mutationFn: ({ fields, video }: { fields: Record<string, string>; video: File | null }) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      // A measured Max Speed's evidence is its source clip: the processed video is optional there.
      if (video) form.append('video', video);
      setProgress(0);
      return uploadWithProgress<Answer<typeof analysisApi.complete>>(
        pathOf(analysisApi.complete, { id: item.id }),
        form,
        setProgress,
      );
    },
    onSuccess: () => refresh(item),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

export function useRejectRequest(item: QueueItem) {
  const refresh = useRefreshAfterProcessing();
  return useMutation({
    meta: { errorFallback: 'Failed to reject request' },
    mutationFn: (body: RejectInput) => call(analysisApi.reject, { params: { id: item.id }, body }),
    onSuccess: () => refresh(item),
  });
}
