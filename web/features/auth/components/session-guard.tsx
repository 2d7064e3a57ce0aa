import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { isSessionExempt, paths } from '@/lib/paths';
import { safeNextPath } from '@/lib/safe-next';
import { SIGNED_IN_FLAG } from '../api/auth-mutations';
import { userKeys } from '../api/keys';
import { fetchUser } from '../api/use-user';

/**
 * Each navigation first re-checks the session. When a signed-in tab loses its session on a
 * non-exempt page, the user is told and sent to the auth page.
 */
export function SessionGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void qc.fetchQuery({ queryKey: userKeys.current, queryFn: fetchUser, staleTime: 0 });
  }, [location.pathname, qc]);

  useEffect(() => {
    return qc.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] !== userKeys.current[0] || event.type !== 'updated') return;
      if (event.query.state.data !== null || event.query.state.status !== 'success') return;
      if (!sessionStorage.getItem(SIGNED_IN_FLAG)) return;
      sessionStorage.removeItem(SIGNED_IN_FLAG);
      if (isSessionExempt(window.location.pathname)) return;
      toast({
        title: 'Session expired',
        description: 'Please log in again to continue',
        variant: 'destructive',
      });
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      void navigate(safeNextPath(here) ? `${paths.auth}?next=${encodeURIComponent(here)}` : paths.auth, {
        replace: true,
      });
    });
  }, [qc, navigate]);

  return null;
}
