import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { VideoMedia } from '@contract/measurements';
import type { Video } from '@contract/videos';
import { uploadWithProgress } from '@/features/videos/api/upload-with-progress';
import { videoMediaPath } from './get-video-media';

export const sourceVideoPath = (requestId: number) => `/api/analysis-requests/${requestId}/source-video`;

/** The analyst uploads the clip a max-speed request is measured on; it joins the player's library. */
export function useUploadSourceVideo(requestId: number, playerId: number) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      setProgress(0);
      return uploadWithProgress<{ video: Video; media: VideoMedia }>(sourceVideoPath(requestId), form, setProgress);
    },
    onSuccess: async ({ video, media }) => {
      qc.setQueryData([videoMediaPath(video.id)], media);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['/api/analysis-requests/queue'] }),
        qc.invalidateQueries({ queryKey: [`/api/videos/${playerId}`] }),
      ]);
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
