import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@contract/api/admin';
import { ApiError, call } from '@/lib/api-client';
import { adminKeys } from './keys';

async function getReporting(signal?: AbortSignal) {
  try {
    return await call(adminApi.reporting, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.message) throw err;
    throw new Error('Failed to fetch reporting metrics');
  }
}

/** Cached for 60 s, not refetched on focus. */
const reportingQueryOptions = queryOptions({
  queryKey: adminKeys.reporting,
  queryFn: ({ signal }) => getReporting(signal),
  staleTime: 60_000,
  refetchOnWindowFocus: false,
});

export const useReporting = () => useQuery(reportingQueryOptions);

/** Refunds, disputes and negative balances (decision 061). */
const billingReportQueryOptions = queryOptions({
  queryKey: adminKeys.billingReport,
  queryFn: ({ signal }) => call(adminApi.billingReport, { signal }),
  staleTime: 60_000,
  refetchOnWindowFocus: false,
});
export const useBillingReport = () => useQuery(billingReportQueryOptions);
