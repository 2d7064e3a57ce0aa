import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { VideoMedia } from '@contract/measurements';
import type { Video } from '@contract/videos';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { videoKeys } from '@/features/videos';
import { measurementKeys } from './keys';

const sourceVideoPath = (requestId: number) => `/api/analysis-requests/${requestId}/source-video`;

/**
 * The analyst uploads the clip a max-speed request is measured on; it joins the player's library. The
 * request itself changes too: the workbench's `onSourceUploaded` lets its owner (the queue) refetch.
 */
export function useUploadSourceVideo(requestId: number, playerId: number) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    meta: { errorFallback: 'Upload failed' },
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      setProgress(0);
      return uploadWithProgress<{ video: Video; media: VideoMedia }>(
        sourceVideoPath(requestId),
        form,
        setProgress,
      );
    },
    onSuccess: async ({ video, media }) => {
      qc.setQueryData(measurementKeys.media(video.id), media);
      await qc.invalidateQueries({ queryKey: videoKeys.list(playerId) });
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
