import { queryOptions } from '@tanstack/react-query';
import {
  REFERRAL_CODE_STORAGE_KEY,
  STRIPE_COUPON_STORAGE_KEY,
  type ReferralComplete,
} from '@contract/referrals';
import { referralsApi } from '@contract/api/referrals';
import { ApiError, call } from '@/lib/api-client';
import { userKeys } from './keys';

/** GET /api/referrals/{code} answers both snake_case and camelCase readings of the same referral. */
interface ReferralLookup {
  referral_code?: string | null;
  receiver_email?: string | null;
  receiver_first_name?: string | null;
  receiver_last_name?: string | null;
  referralCode?: string | null;
  receiverEmail?: string | null;
  receiverFirstName?: string | null;
  receiverLastName?: string | null;
}

export interface ReferralDetails {
  code: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** The snake_case reading counts only when all four fields are present; otherwise the camelCase one is tried. */
export function pickReferralDetails(
  code: string,
  r: ReferralLookup | null | undefined,
): ReferralDetails | null {
  if (!r) return null;
  if (r.referral_code && r.receiver_email && r.receiver_first_name && r.receiver_last_name) {
    return {
      code: r.referral_code,
      email: r.receiver_email,
      firstName: r.receiver_first_name,
      lastName: r.receiver_last_name,
    };
  }
  if (r.receiverEmail && r.receiverFirstName && r.receiverLastName) {
    return {
      code: r.referralCode ?? code,
      email: r.receiverEmail,
      firstName: r.receiverFirstName,
      lastName: r.receiverLastName,
    };
  }
  return null;
}

async function fetchReferral(code: string): Promise<ReferralLookup | null> {
  try {
    return await call(referralsApi.lookup, { params: { code } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    const body = err instanceof ApiError ? (err.body as { error?: string } | undefined) : undefined;
    throw new Error(body?.error || 'Failed to fetch referral details');
  }
}

export const referralQueryOptions = (code: string) =>
  queryOptions({
    queryKey: userKeys.referral(code),
    queryFn: () => fetchReferral(code),
    staleTime: Infinity,
    retry: false,
  });

/** Called right after registration; any failure is ignored because the account already exists. */
export async function completeReferral(code: string, userId: number): Promise<ReferralComplete | null> {
  try {
    const res = await call(referralsApi.complete, { params: { code }, body: { userId } });
    if (res?.stripeCouponId) localStorage.setItem(STRIPE_COUPON_STORAGE_KEY, res.stripeCouponId);
    else localStorage.removeItem(STRIPE_COUPON_STORAGE_KEY);
    localStorage.setItem(REFERRAL_CODE_STORAGE_KEY, res?.referralCode || code);
    return res;
  } catch {
    return null;
  }
}
