import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Loads the next page when the marker scrolls into view, or on the button. */
export function LoadMore({ onLoad, loading }: { onLoad: () => void; loading: boolean }) {
  const marker = useRef<HTMLDivElement>(null);
  const latest = useRef({ onLoad, loading });
  latest.current = { onLoad, loading };

  useEffect(() => {
    const el = marker.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (items) => {
        if (items.some((i) => i.isIntersecting) && !latest.current.loading) latest.current.onLoad();
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={marker} className="flex justify-center py-4">
      <Button variant="outline" onClick={onLoad} disabled={loading}>
        {loading ? <Spinner size="sm" label="Loading more" /> : null}
        Load More
      </Button>
    </div>
  );
}
