import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coachApi } from '@contract/api/coach';
import type { BodyIn } from '@contract/endpoint';
import { call } from '@/lib/api-client';
import { coachKeys } from './keys';

export function useWatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { playerId: number; note?: string }) => call(coachApi.watch, { body }),
    onSuccess: (_, v) => {
      void qc.invalidateQueries({ queryKey: coachKeys.watchlist });
      void qc.invalidateQueries({ queryKey: coachKeys.profile(v.playerId) });
    },
  });
}

export function useUnwatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (playerId: number) => call(coachApi.unwatch, { params: { id: playerId } }),
    onSuccess: (_, playerId) => {
      void qc.invalidateQueries({ queryKey: coachKeys.watchlist });
      void qc.invalidateQueries({ queryKey: coachKeys.profile(playerId) });
    },
  });
}

export function useConnect(playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => call(coachApi.connect, { params: { id: playerId }, body: { message } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: coachKeys.connections });
      void qc.invalidateQueries({ queryKey: coachKeys.profile(playerId) });
    },
  });
}

export const useApplyAsCoach = () =>
  useMutation({
    meta: { toast: false },
    mutationFn: (body: BodyIn<typeof coachApi.apply>) => call(coachApi.apply, { body }),
  });
