import { useQuery } from '@tanstack/react-query';
import { auditsApi } from '@contract/api/audits';
import { call } from '@/lib/api-client';
import { auditKeys } from './keys';

export const useAuditStatus = (requestId: number | null | undefined) =>
  useQuery({
    queryKey: auditKeys.status(requestId),
    queryFn: () => call(auditsApi.status, { params: { id: requestId! } }),
    enabled: Boolean(requestId),
  });
