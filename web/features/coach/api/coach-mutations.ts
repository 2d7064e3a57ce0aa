import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { coachApi } from '@contract/api/coach';
import type { CoachProfile } from '@contract/coach';
import type { BodyIn } from '@contract/endpoint';
import { call } from '@/lib/api-client';
import { coachKeys } from './keys';

/**
 * Opening a profile records a coach view (decision 211), so a change the coach makes on it updates the
 * cached profile instead of fetching it again: one visit is one view in the family's and the admin's log.
 */
const patchProfile = (qc: QueryClient, playerId: number, patch: Partial<CoachProfile>) =>
  qc.setQueryData<CoachProfile>(coachKeys.profile(playerId), (p) => (p ? { ...p, ...patch } : p));

export function useWatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { playerId: number; note?: string }) => call(coachApi.watch, { body }),
    onSuccess: (_, v) => {
      void qc.invalidateQueries({ queryKey: coachKeys.watchlist });
      patchProfile(qc, v.playerId, { watched: true });
    },
  });
}

export function useUnwatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (playerId: number) => call(coachApi.unwatch, { params: { id: playerId } }),
    onSuccess: (_, playerId) => {
      void qc.invalidateQueries({ queryKey: coachKeys.watchlist });
      patchProfile(qc, playerId, { watched: false });
    },
  });
}

export function useConnect(playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => call(coachApi.connect, { params: { id: playerId }, body: { message } }),
    onSuccess: (answer) => {
      void qc.invalidateQueries({ queryKey: coachKeys.connections });
      patchProfile(qc, playerId, { connection: answer.status });
    },
  });
}

export const useApplyAsCoach = () =>
  useMutation({
    meta: { toast: false },
    mutationFn: (body: BodyIn<typeof coachApi.apply>) => call(coachApi.apply, { body }),
  });
