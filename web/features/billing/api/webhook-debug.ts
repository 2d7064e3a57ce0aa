import { queryOptions, useMutation } from '@tanstack/react-query';
import type { WebhookDebug, WebhookTestResult } from '@contract/billing';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

export const webhookDebugQueryOptions = queryOptions({
  queryKey: billingKeys.webhookDebug,
  queryFn: () => api<WebhookDebug>('/api/webhook/stripe/debug'),
  staleTime: 0,
});

export const useRunWebhookTest = () =>
  useMutation({
    meta: { toast: false },
    mutationFn: () => api<WebhookTestResult>('/api/webhook/test/stripe', { method: 'POST' }),
  });
