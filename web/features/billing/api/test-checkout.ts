import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TestCheckoutSession, TestPayInput } from '@contract/billing';
import type { TestPaymentState } from '@contract/billing-history';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

export const testSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.testSession(sessionId),
    queryFn: () => api<TestCheckoutSession>(`/api/checkout/test/${encodeURIComponent(sessionId)}`),
  });

export function usePayTestSession(sessionId: string) {
  return useMutation({
    // The form shows the card's error itself.
    meta: { toast: false },
    mutationFn: (input: TestPayInput) =>
      api<{ status: 'complete'; redirectUrl: string }>(
        `/api/checkout/test/${encodeURIComponent(sessionId)}/pay`,
        { body: input },
      ),
  });
}

export const testPaymentQueryOptions = (sessionId: string, enabled: boolean) =>
  queryOptions({
    queryKey: billingKeys.testPayment(sessionId),
    queryFn: () => api<TestPaymentState>(`/api/checkout/test/${encodeURIComponent(sessionId)}/payment`),
    enabled,
  });

type TestAction =
  | { action: 'refund'; amountCents?: number }
  | { action: 'dispute' }
  | { action: 'close'; outcome: 'won' | 'lost' };

/** Test mode only: refund the payment or play the card holder's bank (decision 061). */
export function useTestPaymentAction(sessionId: string) {
  const qc = useQueryClient();
  const base = `/api/checkout/test/${encodeURIComponent(sessionId)}`;
  return useMutation({
    mutationFn: (a: TestAction) =>
      a.action === 'refund'
        ? api<TestPaymentState>(`${base}/refund`, {
            body: a.amountCents ? { amountCents: a.amountCents } : {},
          })
        : a.action === 'dispute'
          ? api<TestPaymentState>(`${base}/dispute`, { method: 'POST' })
          : api<TestPaymentState>(`${base}/dispute/close`, { body: { outcome: a.outcome } }),
    onSuccess: (state) => qc.setQueryData(billingKeys.testPayment(sessionId), state),
    onSettled: () => void qc.invalidateQueries(),
  });
}
