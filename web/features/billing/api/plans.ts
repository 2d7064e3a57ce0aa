import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingApi } from '@contract/api/billing';
import { call } from '@/lib/api-client';
import { billingKeys } from './keys';

const plansQueryOptions = queryOptions({
  queryKey: billingKeys.plans,
  queryFn: () => call(billingApi.plans),
});
export const usePlans = () => useQuery(plansQueryOptions);

const stripeConfigQueryOptions = queryOptions({
  queryKey: billingKeys.stripeConfig,
  queryFn: async () => {
    const c = await call(billingApi.stripeConfig);
    return { ...c, isTestMode: c.isTestMode ?? true };
  },
});
export const useStripeConfig = () => useQuery(stripeConfigQueryOptions);
