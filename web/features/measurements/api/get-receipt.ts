import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '@contract/measurements';
import { api } from '@/lib/api-client';
import { measurementKeys } from './keys';

const receiptPath = (requestId: number, revision?: number | null) =>
  `/api/analysis-requests/${requestId}/receipt${revision ? `?revision=${revision}` : ''}`;

const receiptQueryOptions = (requestId: number, revision?: number | null) =>
  queryOptions({
    queryKey: measurementKeys.receipt(requestId, revision),
    queryFn: ({ signal }) => api<Receipt>(receiptPath(requestId, revision), { signal }),
    retry: false,
    // Still-image URLs are signed and expire: refetch rather than keep a stale copy for long.
    staleTime: 60_000,
  });

export const useReceipt = (requestId: number, revision?: number | null) =>
  useQuery({
    ...receiptQueryOptions(requestId, revision),
    enabled: Number.isInteger(requestId) && requestId > 0,
  });
