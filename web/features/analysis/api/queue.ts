import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnalysisRequest, Population, QueueItem, RejectInput } from '@contract/analysis';
import { api, apiPage } from '@/lib/api-client';
import { uploadWithProgress } from '@/features/videos/api/upload-with-progress';
import { pendingPath } from './get-pending-requests';

/** Oldest first, 50 a page; 'Load more' follows the server's cursor (decision 063). */
export const queueQueryOptions = infiniteQueryOptions({
  queryKey: ['/api/analysis-requests/queue'],
  queryFn: ({ pageParam, signal }) => apiPage<QueueItem[]>('/api/analysis-requests/queue?limit=50', pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 0,
  refetchOnWindowFocus: true,
});
export const useQueue = () => useInfiniteQuery(queueQueryOptions);

export const usePopulation = (requestId: number) =>
  useQuery({
    queryKey: [`/api/analysis-requests/${requestId}/population`],
    queryFn: ({ signal }) => api<Population>(`/api/analysis-requests/${requestId}/population`, { signal }),
    staleTime: 60_000,
  });

/** After processing: the queue, the player, their videos, pending counts and submetric lists. */
function useRefreshAfterProcessing() {
  const qc = useQueryClient();
  return (item: QueueItem) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queueQueryOptions.queryKey }),
      qc.invalidateQueries({ queryKey: [`/api/players/${item.playerId}`] }),
      qc.invalidateQueries({ queryKey: [`/api/videos/${item.playerId}`] }),
      qc.invalidateQueries({ queryKey: [pendingPath(item.playerId)] }),
      qc.invalidateQueries({ queryKey: [`/api/analysis-requests/${item.id}/submetrics`] }),
    ]);
}

export function useCompleteRequest(item: QueueItem) {
  const refresh = useRefreshAfterProcessing();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ fields, video }: { fields: Record<string, string>; video: File | null }) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      // A measured Max Speed's evidence is its source clip: the processed video is optional there.
      if (video) form.append('video', video);
      setProgress(0);
      return uploadWithProgress<{ request: AnalysisRequest }>(`/api/analysis-requests/${item.id}/complete`, form, setProgress);
    },
    onSuccess: () => refresh(item),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

export function useRejectRequest(item: QueueItem) {
  const refresh = useRefreshAfterProcessing();
  return useMutation({
    mutationFn: (body: RejectInput) => api<AnalysisRequest>(`/api/analysis-requests/${item.id}/reject`, { method: 'POST', body }),
    onSuccess: () => refresh(item),
  });
}
