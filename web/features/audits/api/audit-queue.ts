import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditsApi } from '@contract/api/audits';
import type { MeasurementField } from '@contract/measurements';
import { call } from '@/lib/api-client';
import { auditKeys } from './keys';

const getAuditQueue = () => call(auditsApi.queue);
export const useAuditQueue = () => useQuery({ queryKey: auditKeys.queue, queryFn: getAuditQueue });

const submitAudit = (auditId: number, field: MeasurementField) =>
  call(auditsApi.submit, { params: { id: auditId }, body: field });

export function useSubmitAudit(auditId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: (field: MeasurementField) => submitAudit(auditId, field),
    onSuccess: () => qc.invalidateQueries({ queryKey: auditKeys.queue }),
  });
}
