import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Audit, AuditReport, AuditSettings } from '@contract/audits';
import { api } from '@/lib/api-client';

export const flaggedAuditsKey = ['/api/audits', 'flagged'] as const;
export const auditReportKey = ['/api/audits/report'] as const;
export const auditSettingsKey = ['/api/audits/settings'] as const;

export const useFlaggedAudits = () => useQuery({ queryKey: flaggedAuditsKey, queryFn: () => api<Audit[]>('/api/audits?status=flagged') });
export const useAuditReport = () => useQuery({ queryKey: auditReportKey, queryFn: () => api<AuditReport>('/api/audits/report') });
export const useAuditSettings = () => useQuery({ queryKey: auditSettingsKey, queryFn: () => api<AuditSettings>('/api/audits/settings') });

export function useResolveAudit() {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: ({ id, confirmed }: { id: number; confirmed: 'original' | 'audit' }) =>
      api<Audit>(`/api/audits/${id}/resolve`, { method: 'POST', body: { confirmed } }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: flaggedAuditsKey }), qc.invalidateQueries({ queryKey: auditReportKey })]),
  });
}

export function useSaveAuditSettings() {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: (body: AuditSettings) => api<AuditSettings>('/api/audits/settings', { method: 'PUT', body }),
    onSuccess: (data) => {
      qc.setQueryData(auditSettingsKey, data);
      return qc.invalidateQueries({ queryKey: auditReportKey });
    },
  });
}
