import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RequestType } from '@contract/analysis';
import type { IgaRequestInput, SpeedRequestInput } from '@contract/analysis-forms';
import { analysisApi } from '@contract/api/analysis';
import { userKeys } from '@/features/auth';
import { call } from '@/lib/api-client';
import { playerKeys, positionKeys } from '@/features/players';
import { videoKeys } from '@/features/videos';
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

const FALLBACK = {
  max_speed: 'Failed to submit request',
  iga: 'Failed to submit IGA score request',
} as const;

type RequestBody = Omit<SpeedRequestInput, 'playerId' | 'requestType'> | Omit<IgaRequestInput, 'playerId'>;

/** The specification's two endpoints: IGA has its own, a speed request names its kind. */
const createRequest = (kind: RequestType, playerId: number, body: RequestBody) =>
  kind === 'iga'
    ? call(analysisApi.createIga, { body: { ...(body as Omit<IgaRequestInput, 'playerId'>), playerId } })
    : call(analysisApi.create, { body: { ...body, playerId, requestType: 'max_speed' } });

/** POST /api/analysis-requests (speed) or /api/iga-analysis-requests: a missing credit is the dialog's to explain. */
export function useCreateRequest(kind: RequestType, playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: {
      errorFallback: kind === 'iga' ? FALLBACK.iga : FALLBACK.max_speed,
      quietCodes: ['INSUFFICIENT_CREDITS', 'CLIP_NOT_READY'],
    },
    mutationFn: (body: RequestBody) => createRequest(kind, playerId, body),
    onSuccess: () => refreshAfterRequest(qc, playerId),
  });
}
