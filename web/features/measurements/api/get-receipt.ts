import { queryOptions, useQuery } from '@tanstack/react-query';
import { measurementsApi } from '@contract/api/measurements';
import { call } from '@/lib/api-client';
import { measurementKeys } from './keys';

const receiptQueryOptions = (requestId: number, revision?: number | null) =>
  queryOptions({
    queryKey: measurementKeys.receipt(requestId, revision),
    queryFn: ({ signal }) =>
      call(measurementsApi.receipt, {
        params: { id: requestId },
        query: { revision: revision || undefined },
        signal,
      }),
    retry: false,
    // Still-image URLs are signed and expire: refetch rather than keep a stale copy for long.
    staleTime: 60_000,
  });

export const useReceipt = (requestId: number, revision?: number | null) =>
  useQuery({
    ...receiptQueryOptions(requestId, revision),
    enabled: Number.isInteger(requestId) && requestId > 0,
  });
