import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportingMetrics } from '@contract/admin';
import type { BillingReport } from '@contract/billing-history';
import { api, ApiError } from '@/lib/api-client';
import { adminKeys } from './keys';

async function getReporting(signal?: AbortSignal) {
  try {
    return await api<ReportingMetrics>('/api/admin/reporting', { signal });
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
  queryFn: ({ signal }) => api<BillingReport>('/api/admin/reporting/billing', { signal }),
  staleTime: 60_000,
  refetchOnWindowFocus: false,
});
export const useBillingReport = () => useQuery(billingReportQueryOptions);
