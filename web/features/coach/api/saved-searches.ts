import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coachApi } from '@contract/api/coach';
import type { CoachSearchFilters } from '@contract/coach';
import { call } from '@/lib/api-client';

/** Saved searches and their weekly mail (issue 29, decision 211). */
export const savedSearchKeys = { all: ['coach', 'saved-searches'] as const };

export const useSavedSearches = () =>
  useQuery({ queryKey: savedSearchKeys.all, queryFn: () => call(coachApi.savedSearches) });

export function useSaveSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; filters: CoachSearchFilters }) => call(coachApi.saveSearch, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(coachApi.deleteSavedSearch, { params: { id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export const useUnsubscribe = () =>
  useMutation({ mutationFn: (token: string) => call(coachApi.unsubscribe, { body: { token } }) });
