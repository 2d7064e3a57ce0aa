import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { videosApi } from '@contract/api/videos';
import { pathOf, type Answer } from '@contract/endpoint';
import { toast } from '@/components/ui/toaster';
import { videoKeys } from './keys';
import { uploadWithProgress } from '@/lib/upload-with-progress';

/** Uploads one video with a live percentage; the player's list is refetched after success. */
export function useUploadVideo(playerId: number) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    meta: { errorFallback: 'Upload failed' },
    mutationFn: ({ file, positionId }: { file: File; positionId: number | null }) => {
      const form = new FormData();
      form.append('playerId', String(playerId));
      if (positionId) form.append('positionId', String(positionId));
      form.append('file', file);
      setProgress(0);
      return uploadWithProgress<Answer<typeof videosApi.upload>>(pathOf(videosApi.upload), form, setProgress);
    },
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Video uploaded successfully' });
      await qc.invalidateQueries({ queryKey: videoKeys.list(playerId) });
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
