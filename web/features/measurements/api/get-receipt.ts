import { queryOptions, useQuery } from '@tanstack/react-query';
import { measurementsApi } from '@contract/api/measurements';
import { receiptRevision } from '@contract/measurements';
import { call } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
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

/**
 * Asks for the receipt the address names as soon as the screen's code arrives, before the screen
 * renders (decisions 192, 220); `useReceipt` then joins the request.
 */
export const prefetchReceipt = (requestId: string, search: URLSearchParams) => {
  const id = Number(requestId);
  if (Number.isInteger(id) && id > 0)
    return queryClient.prefetchQuery(receiptQueryOptions(id, receiptRevision(search)));
};
