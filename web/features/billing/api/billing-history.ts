import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { billingApi } from '@contract/api/billing';
import { pathOf } from '@contract/endpoint';
import { apiPage, ApiError, call } from '@/lib/api-client';
import { billingKeys } from './keys';

/** The ledger, newest first, a page at a time ('Load more' fetches the next cursor). */
const billingHistoryOptions = (kind: 'all' | 'payments', limit: number) =>
  infiniteQueryOptions({
    queryKey: billingKeys.historyPages(kind, limit),
    queryFn: ({ pageParam, signal }) =>
      apiPage(billingApi.history, { query: { kind, limit, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useBillingHistory = (kind: 'all' | 'payments', limit = 10) =>
  useInfiniteQuery(billingHistoryOptions(kind, limit));

const billingAccountOptions = () =>
  queryOptions({ queryKey: billingKeys.account, queryFn: () => call(billingApi.account) });
export const useBillingAccount = () => useQuery(billingAccountOptions());

export const BILLING_HISTORY_CSV = pathOf(billingApi.historyCsv);

export function useOpenPortal() {
  return useMutation({
    mutationFn: async () => {
      const { url } = await call(billingApi.portal);
      window.location.assign(url);
      return url;
    },
  });
}

/** What paying for a plan will charge and credit, asked before leaving for the payment page. */
export function useCheckoutPreview() {
  return useMutation({
    mutationFn: async (planId: number) => {
      try {
        return await call(billingApi.checkoutPreview, { query: { planId } });
      } catch (err) {
        throw new Error(
          err instanceof ApiError && err.message
            ? err.message
            : 'Could not prepare this purchase. Please try again.',
        );
      }
    },
  });
}
