import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { userKeys } from '@/features/auth';
import { playerKeys, positionKeys } from '@/features/players';
import { videoKeys } from '@/features/videos';
import type { RequestBody, RequestFormPart } from '../components/request-kind';
import { analysisKeys } from './keys';

/** After a request: the user (credits), the player, the player's videos, pending counts and positions. */
async function refreshAfterRequest(qc: QueryClient, playerId: number) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: userKeys.current }),
    qc.invalidateQueries({ queryKey: playerKeys.detail(playerId) }),
    qc.invalidateQueries({ queryKey: videoKeys.list(playerId) }),
    qc.invalidateQueries({ queryKey: analysisKeys.pending(playerId) }),
    qc.invalidateQueries({ queryKey: positionKeys.all }),
  ]);
}

/**
 * A request sent to its kind's endpoint (the form part's `send`: POST /api/analysis-requests, or the
 * specification's /api/iga-analysis-requests for IGA): a missing credit or a clip that is not ready is the
 * dialog's to explain.
 */
export function useCreateRequest(part: Pick<RequestFormPart, 'send' | 'errorFallback'>, playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: {
      errorFallback: part.errorFallback,
      quietCodes: ['INSUFFICIENT_CREDITS', 'CLIP_NOT_READY'],
    },
    mutationFn: (body: RequestBody) => part.send(playerId, body),
    onSuccess: () => refreshAfterRequest(qc, playerId),
  });
}
