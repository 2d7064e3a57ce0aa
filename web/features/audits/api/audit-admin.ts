import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Audit, AuditReport, AuditSettings } from '@contract/audits';
import { api } from '@/lib/api-client';
import { auditKeys } from './keys';

export const useFlaggedAudits = () =>
  useQuery({ queryKey: auditKeys.flagged, queryFn: () => api<Audit[]>('/api/audits?status=flagged') });
export const useAuditReport = () =>
  useQuery({ queryKey: auditKeys.report, queryFn: () => api<AuditReport>('/api/audits/report') });
export const useAuditSettings = () =>
  useQuery({ queryKey: auditKeys.settings, queryFn: () => api<AuditSettings>('/api/audits/settings') });

export function useResolveAudit() {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: ({ id, confirmed }: { id: number; confirmed: 'original' | 'audit' }) =>
      api<Audit>(`/api/audits/${id}/resolve`, { method: 'POST', body: { confirmed } }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: auditKeys.flagged }),
        qc.invalidateQueries({ queryKey: auditKeys.report }),
      ]),
  });
}

export function useSaveAuditSettings() {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: (body: AuditSettings) => api<AuditSettings>('/api/audits/settings', { method: 'PUT', body }),
    onSuccess: (data) => {
      qc.setQueryData(auditKeys.settings, data);
      return qc.invalidateQueries({ queryKey: auditKeys.report });
    },
  });
}
