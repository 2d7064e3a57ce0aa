import { useMutation } from '@tanstack/react-query';
import { REFERRAL_CODE_STORAGE_KEY } from '@contract/referrals';
import { billingApi } from '@contract/api/billing';
import { ApiError, call } from '@/lib/api-client';

const PRE_CHECKOUT_URL_KEY = 'preCheckoutUrl';
const FALLBACK = 'Failed to initiate checkout. Please try again.';

/** Starts checkout with the stored referral code (if any) and leaves for the payment page. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (planId: number) => {
      let res: { url?: string };
      try {
        res = await call(billingApi.checkout, {
          body: { planId, promoCode: localStorage.getItem(REFERRAL_CODE_STORAGE_KEY) },
        });
      } catch (err) {
        throw new Error(err instanceof ApiError && err.message ? err.message : FALLBACK);
      }
      if (!res?.url) throw new Error('No checkout URL received');
      localStorage.setItem(PRE_CHECKOUT_URL_KEY, window.location.href);
      window.location.assign(res.url);
      return res.url;
    },
  });
}
