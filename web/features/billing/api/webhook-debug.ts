import { queryOptions, useMutation } from '@tanstack/react-query';
import { billingApi } from '@contract/api/billing';
import { call } from '@/lib/api-client';
import { billingKeys } from './keys';

export const webhookDebugQueryOptions = queryOptions({
  queryKey: billingKeys.webhookDebug,
  queryFn: () => call(billingApi.webhookDebug),
  staleTime: 0,
});

export const useRunWebhookTest = () =>
  useMutation({
    meta: { toast: false },
    mutationFn: () => call(billingApi.webhookSelfTest),
  });
