import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AnalysisRequest, IgaRequestInput, RequestType, SpeedRequestInput } from '@contract/analysis';
import { userKeys } from '@/features/auth';
import { api } from '@/lib/api-client';
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

const ENDPOINTS = { max_speed: '/api/analysis-requests', iga: '/api/iga-analysis-requests' } as const;
const FALLBACK = {
  max_speed: 'Failed to submit request',
  iga: 'Failed to submit IGA score request',
} as const;

/** POST /api/analysis-requests (speed) or /api/iga-analysis-requests: a missing credit is the dialog's to explain. */
export function useCreateRequest(kind: RequestType, playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorFallback: FALLBACK[kind], quietCodes: ['INSUFFICIENT_CREDITS'] },
    mutationFn: (
      body: Omit<SpeedRequestInput, 'playerId' | 'requestType'> | Omit<IgaRequestInput, 'playerId'>,
    ) =>
      api<AnalysisRequest>(ENDPOINTS[kind], {
        method: 'POST',
        body: kind === 'iga' ? { ...body, playerId } : { ...body, playerId, requestType: 'max_speed' },
      }),
    onSuccess: () => refreshAfterRequest(qc, playerId),
  });
}
