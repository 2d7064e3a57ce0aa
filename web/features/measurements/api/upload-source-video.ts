import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { measurementsApi } from '@contract/api/measurements';
import { pathOf, type Answer } from '@contract/endpoint';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { videoKeys } from '@/features/videos';
import { measurementKeys } from './keys';

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
      return uploadWithProgress<Answer<typeof measurementsApi.sourceVideo>>(
        pathOf(measurementsApi.sourceVideo, { id: requestId }),
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
