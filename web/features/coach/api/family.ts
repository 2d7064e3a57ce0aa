import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coachFamilyApi } from '@contract/api/coach';
import { call } from '@/lib/api-client';
import { coachKeys } from './keys';

export const useDiscovery = (playerId: number) =>
  useQuery({
    queryKey: coachKeys.discovery(playerId),
    queryFn: () => call(coachFamilyApi.getDiscovery, { params: { id: playerId } }),
  });

export const useCoachViews = (playerId: number) =>
  useQuery({
    queryKey: coachKeys.views(playerId),
    queryFn: () => call(coachFamilyApi.views, { params: { id: playerId } }),
  });

export function useSetDiscovery(playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: (body: { enabled: boolean; guardianConfirmed: boolean }) =>
      call(coachFamilyApi.discovery, { params: { id: playerId }, body }),
    onSuccess: (data) => qc.setQueryData(coachKeys.discovery(playerId), data),
  });
}

export const useCoachMessages = () =>
  useQuery({ queryKey: coachKeys.messages, queryFn: () => call(coachFamilyApi.messages) });

export function useAnswerMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: number; accept: boolean; contactEmail?: string }) =>
      a.accept
        ? call(coachFamilyApi.accept, { params: { id: a.id }, body: { contactEmail: a.contactEmail ?? '' } })
        : call(coachFamilyApi.decline, { params: { id: a.id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: coachKeys.messages }),
  });
}
