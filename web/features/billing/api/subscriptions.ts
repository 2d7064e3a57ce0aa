import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subscription, SubscriptionsResponse } from '@contract/billing';
import { userKeys } from '@/features/auth';
import { api, ApiError } from '@/lib/api-client';
import { billingKeys } from './keys';

const subscriptionsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: billingKeys.subscriptions,
    queryFn: async () => {
      try {
        return await api<SubscriptionsResponse>('/api/subscriptions');
      } catch {
        throw new Error('Failed to fetch subscriptions');
      }
    },
    enabled,
    staleTime: 30_000,
    retry: 3,
  });

/** Only users with a payment customer id have subscriptions to ask about. */
export const useSubscriptions = (stripeCustomerId: string | null | undefined) =>
  useQuery(subscriptionsQueryOptions(Boolean(stripeCustomerId)));

type Action = 'cancel' | 'reactivate';

export function useSubscriptionAction(action: Action) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        return await api<{ message: string; subscription: Subscription }>(
          `/api/subscriptions/${encodeURIComponent(id)}/${action}`,
          { method: 'POST' },
        );
      } catch (err) {
        throw new Error(
          err instanceof ApiError && err.message ? err.message : 'Failed to update subscription',
        );
      }
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: billingKeys.subscriptions });
      void qc.invalidateQueries({ queryKey: userKeys.current });
    },
  });
}
