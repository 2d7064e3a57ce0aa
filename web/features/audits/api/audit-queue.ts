import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Audit, AuditItem } from '@contract/audits';
import type { MeasurementField } from '@contract/measurements';
import { api } from '@/lib/api-client';

export const auditQueueKey = ['/api/audits/queue'] as const;

export const getAuditQueue = () => api<AuditItem[]>('/api/audits/queue');
export const useAuditQueue = () => useQuery({ queryKey: auditQueueKey, queryFn: getAuditQueue });

export const submitAudit = (auditId: number, field: MeasurementField) =>
  api<Audit>(`/api/audits/${auditId}/measurement`, { method: 'POST', body: field as unknown as Record<string, unknown> });

export function useSubmitAudit(auditId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: (field: MeasurementField) => submitAudit(auditId, field),
    onSuccess: () => qc.invalidateQueries({ queryKey: auditQueueKey }),
  });
}
