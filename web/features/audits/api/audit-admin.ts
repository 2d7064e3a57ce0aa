import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditsApi } from '@contract/api/audits';
import type { AuditSettings } from '@contract/audits';
import { call } from '@/lib/api-client';
import { auditKeys } from './keys';

export const useFlaggedAudits = () =>
  useQuery({
    queryKey: auditKeys.flagged,
    queryFn: () => call(auditsApi.list, { query: { status: 'flagged' } }),
  });
export const useAuditReport = () =>
  useQuery({ queryKey: auditKeys.report, queryFn: () => call(auditsApi.report) });
export const useAuditSettings = () =>
  useQuery({ queryKey: auditKeys.settings, queryFn: () => call(auditsApi.settings) });

export function useResolveAudit() {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: ({ id, confirmed }: { id: number; confirmed: 'original' | 'audit' }) =>
      call(auditsApi.resolve, { params: { id }, body: { confirmed } }),
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
    mutationFn: (body: AuditSettings) => call(auditsApi.updateSettings, { body }),
    onSuccess: (data) => {
      qc.setQueryData(auditKeys.settings, data);
      return qc.invalidateQueries({ queryKey: auditKeys.report });
    },
  });
}
