import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Audit, AuditItem } from '@contract/audits';
import type { MeasurementField } from '@contract/measurements';
import { api } from '@/lib/api-client';
import { auditKeys } from './keys';

const getAuditQueue = () => api<AuditItem[]>('/api/audits/queue');
export const useAuditQueue = () => useQuery({ queryKey: auditKeys.queue, queryFn: getAuditQueue });

const submitAudit = (auditId: number, field: MeasurementField) =>
  api<Audit>(`/api/audits/${auditId}/measurement`, {
    method: 'POST',
    body: field as unknown as Record<string, unknown>,
  });

export function useSubmitAudit(auditId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: (field: MeasurementField) => submitAudit(auditId, field),
    onSuccess: () => qc.invalidateQueries({ queryKey: auditKeys.queue }),
  });
}
