import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan, StripeConfig } from '@contract/billing';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

const plansQueryOptions = queryOptions({
  queryKey: billingKeys.plans,
  queryFn: () => api<Plan[]>('/api/plans'),
});
export const usePlans = () => useQuery(plansQueryOptions);

const stripeConfigQueryOptions = queryOptions({
  queryKey: billingKeys.stripeConfig,
  queryFn: async () => {
    const c = await api<StripeConfig>('/api/stripe/config');
    return { ...c, isTestMode: c.isTestMode ?? true };
  },
});
export const useStripeConfig = () => useQuery(stripeConfigQueryOptions);
