import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeasurementField, Receipt } from '@contract/measurements';
import { playerKeys } from '@/features/players';
import { videoKeys } from '@/features/videos';
import { api } from '@/lib/api-client';
import { measurementKeys } from './keys';

const correctionPath = (requestId: number) => `/api/analysis-requests/${requestId}/measurement`;

/**
 * An analyst corrects a completed Max Speed: the server writes a new receipt revision and moves the
 * request, the video and the leaderboard; every revision and screen showing the speed is refetched.
 */
export function useCorrectMeasurement(requestId: number, playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorFallback: 'Failed to save the correction' },
    mutationFn: (field: MeasurementField) =>
      api<Receipt>(correctionPath(requestId), { method: 'POST', body: field }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: measurementKeys.receipts(requestId) }),
        qc.invalidateQueries({ queryKey: videoKeys.list(playerId) }),
        qc.invalidateQueries({ queryKey: playerKeys.detail(playerId) }),
      ]),
  });
}
