import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useIsFetching } from '@tanstack/react-query';

/** How long the parts below the fold wait at most for the screen's first reads. */
const WAIT_AT_MOST_MS = 1500;

/** A frame, then a task: the callback runs after the browser has painted what was committed. */
function afterPaint(cb: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => (timer = setTimeout(cb, 0)))
      : undefined;
  if (frame === undefined) timer = setTimeout(cb, 0);
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Renders `children` once what is in view has painted and the screen's reads in flight have answered (at
 * most 1.5 s after it mounted), in a transition: the parts of a screen below the fold neither hold back
 * the first paint nor queue their reads before the reads of what is in view (issue 30's first screen,
 * decision 220). Until then `fallback` holds their place. Once shown, they stay.
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [painted, setPainted] = useState(false);
  const [late, setLate] = useState(false);
  const [shown, setShown] = useState(false);
  const fetching = useIsFetching();
  useEffect(() => {
    const cancel = afterPaint(() => setPainted(true));
    const cap = setTimeout(() => setLate(true), WAIT_AT_MOST_MS);
    return () => {
      cancel();
      clearTimeout(cap);
    };
  }, []);
  useEffect(() => {
    if (!shown && painted && (fetching === 0 || late)) startTransition(() => setShown(true));
  }, [shown, painted, fetching, late]);
  return shown ? children : fallback;
}
