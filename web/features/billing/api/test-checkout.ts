import { queryOptions, useMutation } from '@tanstack/react-query';
import type { TestCheckoutSession, TestPayInput } from '@contract/billing';
import { api } from '@/lib/api-client';

export const testSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['/api/checkout/test', sessionId],
    queryFn: () => api<TestCheckoutSession>(`/api/checkout/test/${encodeURIComponent(sessionId)}`),
  });

export function usePayTestSession(sessionId: string) {
  return useMutation({
    mutationFn: (input: TestPayInput) =>
      api<{ status: 'complete'; redirectUrl: string }>(`/api/checkout/test/${encodeURIComponent(sessionId)}/pay`, { body: input }),
  });
}
