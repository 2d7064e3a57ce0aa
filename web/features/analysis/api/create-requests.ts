import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AnalysisRequest, IgaRequestInput, SpeedRequestInput } from '@contract/analysis';
import { userQueryKey } from '@/features/auth/api/use-user';
import { api } from '@/lib/api-client';
import { pendingPath } from './get-pending-requests';

/** After a request: the user (credits), the player, the player's videos, pending counts and positions. */
export async function refreshAfterRequest(qc: QueryClient, playerId: number) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: userQueryKey }),
    qc.invalidateQueries({ queryKey: [`/api/players/${playerId}`] }),
    qc.invalidateQueries({ queryKey: [`/api/videos/${playerId}`] }),
    qc.invalidateQueries({ queryKey: [pendingPath(playerId)] }),
    qc.invalidateQueries({ queryKey: ['/api/positions'] }),
  ]);
}

export function useCreateSpeedRequest(playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<SpeedRequestInput, 'playerId' | 'requestType'>) =>
      api<AnalysisRequest>('/api/analysis-requests', { method: 'POST', body: { ...body, playerId, requestType: 'max_speed' } }),
    onSuccess: () => refreshAfterRequest(qc, playerId),
  });
}

export function useCreateIgaRequest(playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<IgaRequestInput, 'playerId'>) =>
      api<AnalysisRequest>('/api/iga-analysis-requests', { method: 'POST', body: { ...body, playerId } }),
    onSuccess: () => refreshAfterRequest(qc, playerId),
  });
}
