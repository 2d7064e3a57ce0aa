import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AnalysisRequest, IgaRequestInput, SpeedRequestInput } from '@contract/analysis';
import { userKeys } from '@/features/auth';
import { api } from '@/lib/api-client';
import { playerKeys, positionKeys } from '@/features/players';
import { videoKeys } from '@/features/videos';
import { analysisKeys } from './keys';

/** After a request: the user (credits), the player, the player's videos, pending counts and positions. */
export async function refreshAfterRequest(qc: QueryClient, playerId: number) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: userKeys.current }),
    qc.invalidateQueries({ queryKey: playerKeys.detail(playerId) }),
    qc.invalidateQueries({ queryKey: videoKeys.list(playerId) }),
    qc.invalidateQueries({ queryKey: analysisKeys.pending(playerId) }),
    qc.invalidateQueries({ queryKey: positionKeys.all }),
  ]);
}

export function useCreateSpeedRequest(playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    // The request dialogs toast their own errors (a missing credit leads to the plans page).
    meta: { toast: false },
    mutationFn: (body: Omit<SpeedRequestInput, 'playerId' | 'requestType'>) =>
      api<AnalysisRequest>('/api/analysis-requests', { method: 'POST', body: { ...body, playerId, requestType: 'max_speed' } }),
    onSuccess: () => refreshAfterRequest(qc, playerId),
  });
}

export function useCreateIgaRequest(playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    // The request dialogs toast their own errors (a missing credit leads to the plans page).
    meta: { toast: false },
    mutationFn: (body: Omit<IgaRequestInput, 'playerId'>) =>
      api<AnalysisRequest>('/api/iga-analysis-requests', { method: 'POST', body: { ...body, playerId } }),
    onSuccess: () => refreshAfterRequest(qc, playerId),
  });
}
