import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingApi } from '@contract/api/billing';
import { userKeys } from '@/features/auth';
import { ApiError, call } from '@/lib/api-client';
import { billingKeys } from './keys';

const subscriptionsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: billingKeys.subscriptions,
    queryFn: async () => {
      try {
        return await call(billingApi.subscriptions);
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

const ACTIONS = {
  cancel: billingApi.cancelSubscription,
  reactivate: billingApi.reactivateSubscription,
} as const;
type Action = keyof typeof ACTIONS;

export function useSubscriptionAction(action: Action) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        return await call(ACTIONS[action], { params: { id } });
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
