import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { pickReferralDetails, referralQueryOptions } from '../api/referral';

/** Looks up ?referralCode once; an unknown code or a failed lookup is toasted and registration stays open. */
export function useReferralDetails(code: string | null) {
  const q = useQuery({ ...referralQueryOptions(code ?? ''), enabled: Boolean(code) });
  const details = code && q.isSuccess ? pickReferralDetails(code, q.data) : null;

  useEffect(() => {
    if (!code) return;
    if (q.isError)
      toast({ title: 'Error', description: 'Failed to load referral information', variant: 'destructive' });
    else if (q.isSuccess && !pickReferralDetails(code, q.data)) {
      toast({ title: 'Error', description: 'Invalid or expired referral code', variant: 'destructive' });
    }
  }, [code, q.isError, q.isSuccess, q.data]);

  return { loading: Boolean(code) && q.isPending, details };
}
