import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videosApi } from '@contract/api/videos';
import { call } from '@/lib/api-client';
import { videoKeys } from './keys';

/** Names a clip (decision 259); the player's library, every page of it, is read again. The form shows a refusal itself. */
export function useRenameVideo(playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      call(videosApi.rename, { params: { id }, body: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: videoKeys.list(playerId) }),
  });
}
