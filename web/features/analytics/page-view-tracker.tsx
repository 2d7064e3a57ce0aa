import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from './track-event';

/** Reports a page view on every route change: the pathname only, since query strings can carry tokens. */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    trackPageView(pathname);
  }, [pathname]);
  return null;
}
