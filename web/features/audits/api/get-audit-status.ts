import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditStatusSchema } from '@contract/audits';
import { api } from '@/lib/api-client';
import { auditKeys } from './keys';

type AuditStatus = z.infer<typeof auditStatusSchema>;
export const useAuditStatus = (requestId: number | null | undefined) =>
  useQuery({
    queryKey: auditKeys.status(requestId),
    queryFn: () => api<AuditStatus>(`/api/analysis-requests/${requestId}/audit`),
    enabled: Boolean(requestId),
  });
