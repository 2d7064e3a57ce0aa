import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { userKeys } from '@/features/auth';
import { paths } from '@/lib/paths';
import { billingKeys } from '../api/keys';

/** Coming back from checkout (?success=true or ?canceled=true): tell the user, clean the URL, refresh. */
export function useCheckoutReturn() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const handled = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const success = params.get('success') === 'true';
    const canceled = params.get('canceled') === 'true';
    if ((!success && !canceled) || handled.current === search) return;
    handled.current = search;
    const oneTime = params.get('type') === 'one-time';
    if (success) {
      toast(
        oneTime
          ? { title: 'Purchase successful', description: 'Your credits have been added to your account.' }
          : {
              title: 'Subscription successful',
              description: 'Your subscription has been processed successfully.',
            },
      );
    } else {
      toast({
        title: 'Checkout canceled',
        description: 'Your checkout was canceled. Your existing subscription has not been changed.',
        variant: 'destructive',
      });
    }
    void navigate(paths.subscriptions, { replace: true });
    // The URL change re-runs this effect, so the refresh timer must outlive it (cleared on unmount only).
    timer.current = setTimeout(
      () => {
        void qc.invalidateQueries({ queryKey: userKeys.current });
        void qc.invalidateQueries({ queryKey: billingKeys.plans });
        void qc.invalidateQueries({ queryKey: billingKeys.subscriptions });
      },
      success ? 500 : 300,
    );
  }, [search, navigate, qc]);
}
