import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coachAdminApi } from '@contract/api/coach';
import type { CoachDivision } from '@contract/coach-calendar';
import { call } from '@/lib/api-client';
import { coachKeys } from './keys';

export const useCoachApplications = () =>
  useQuery({ queryKey: coachKeys.applications, queryFn: () => call(coachAdminApi.applications) });

export function useDecideApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { id: number; approve: boolean; reason?: string; division?: CoachDivision }) =>
      d.approve
        ? call(coachAdminApi.approve, { params: { id: d.id }, body: { division: d.division } })
        : call(coachAdminApi.decline, { params: { id: d.id }, body: { reason: d.reason ?? '' } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: coachKeys.applications }),
  });
}

export function useSuspendCoach() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(coachAdminApi.suspend, { params: { userId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: coachKeys.applications }),
  });
}

/** An admin sets a coach's division (one approved before divisions were asked has none). */
export function useSetDivision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { userId: number; division: CoachDivision }) =>
      call(coachAdminApi.division, { params: { userId: d.userId }, body: { division: d.division } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: coachKeys.applications }),
  });
}
