import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { testCheckoutApi } from '@contract/api/billing';
import type { TestPayInput } from '@contract/billing-forms';
import { call } from '@/lib/api-client';
import { billingKeys } from './keys';

export const testSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.testSession(sessionId),
    queryFn: () => call(testCheckoutApi.session, { params: { sessionId } }),
  });

export function usePayTestSession(sessionId: string) {
  return useMutation({
    // The form shows the card's error itself.
    meta: { toast: false },
    mutationFn: (input: TestPayInput) => call(testCheckoutApi.pay, { params: { sessionId }, body: input }),
  });
}

export const testPaymentQueryOptions = (sessionId: string, enabled: boolean) =>
  queryOptions({
    queryKey: billingKeys.testPayment(sessionId),
    queryFn: () => call(testCheckoutApi.payment, { params: { sessionId } }),
    enabled,
  });

type TestAction =
  | { action: 'refund'; amountCents?: number }
  | { action: 'dispute' }
  | { action: 'close'; outcome: 'won' | 'lost' };

/** Test mode only: refund the payment or play the card holder's bank (decision 061). */
export function useTestPaymentAction(sessionId: string) {
  const qc = useQueryClient();
  const params = { sessionId };
  return useMutation({
    mutationFn: (a: TestAction) =>
      a.action === 'refund'
        ? call(testCheckoutApi.refund, {
            params,
            body: a.amountCents ? { amountCents: a.amountCents } : {},
          })
        : a.action === 'dispute'
          ? call(testCheckoutApi.dispute, { params })
          : call(testCheckoutApi.closeDispute, { params, body: { outcome: a.outcome } }),
    onSuccess: (state) => qc.setQueryData(billingKeys.testPayment(sessionId), state),
    onSettled: () => void qc.invalidateQueries(),
  });
}
