import { useMutation, useQueryClient } from '@tanstack/react-query';
import { measurementsApi } from '@contract/api/measurements';
import type { MeasurementField } from '@contract/measurements';
import { playerKeys } from '@/features/players';
import { videoKeys } from '@/features/videos';
import { call } from '@/lib/api-client';
import { measurementKeys } from './keys';

/**
 * An analyst corrects a completed Max Speed: the server writes a new receipt revision and moves the
 * request, the video and the leaderboard; every revision and screen showing the speed is refetched.
 */
export function useCorrectMeasurement(requestId: number, playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorFallback: 'Failed to save the correction' },
    mutationFn: (field: MeasurementField) =>
      call(measurementsApi.correct, { params: { id: requestId }, body: field }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: measurementKeys.receipts(requestId) }),
        qc.invalidateQueries({ queryKey: videoKeys.list(playerId) }),
        qc.invalidateQueries({ queryKey: playerKeys.detail(playerId) }),
      ]),
  });
}
