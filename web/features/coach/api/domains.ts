import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coachDomainsApi } from '@contract/api/coach-domains';
import { call } from '@/lib/api-client';
import { coachKeys } from './keys';

export const useCollegeDomains = (ipedsId: number) =>
  useQuery({
    queryKey: coachKeys.domains(ipedsId),
    queryFn: () => call(coachDomainsApi.list, { params: { ipedsId } }),
  });

/** A change of domains changes which waiting applications match the college now. */
function useDomainMutation<V, R>(ipedsId: number, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The panel shows the message under the field.
    meta: { toast: false },
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: coachKeys.domains(ipedsId) }),
        qc.invalidateQueries({ queryKey: coachKeys.applications }),
      ]);
    },
  });
}

export const useAddDomain = (ipedsId: number) =>
  useDomainMutation(ipedsId, (body: { domain: string; includeSubdomains: boolean }) =>
    call(coachDomainsApi.add, { params: { ipedsId }, body }),
  );

export const useRemoveDomain = (ipedsId: number) =>
  useDomainMutation(ipedsId, (id: string) => call(coachDomainsApi.remove, { params: { ipedsId, id } }));
