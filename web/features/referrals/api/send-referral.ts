import { useMutation } from '@tanstack/react-query';
import type { ReferralSendInput } from '@contract/referrals-forms';
import { referralsApi } from '@contract/api/referrals';
import { ApiError, call } from '@/lib/api-client';

/** The dialog shows the server's `error` field, else a generic failure. */
export function useSendReferral() {
  return useMutation({
    meta: { errorTitle: 'Failed to send referral' },
    mutationFn: async (input: ReferralSendInput) => {
      try {
        return await call(referralsApi.send, { body: input });
      } catch (err) {
        const body = err instanceof ApiError ? (err.body as { error?: string } | undefined) : undefined;
        throw new Error(body?.error ?? '');
      }
    },
  });
}
