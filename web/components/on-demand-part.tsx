import { lazy, useEffect, type ComponentType } from 'react';

/** A thenable that calls back at once, so that React.lazy renders code already here without suspending. */
const settled = <T,>(value: T) => ({ then: (ok: (v: T) => void) => ok(value) }) as unknown as Promise<T>;

/**
 * A part of a screen whose code loads on demand, such as a dialog's form with zod and react-hook-form
 * (decision 234), rendered inside a `Suspense`. `preload` starts loading it before it renders: on the
 * trigger's hover, focus or press, so it is usually here when the dialog opens. React.lazy suspends on its
 * first render even when the code has arrived, and then keeps the fallback for at least 300 ms (its
 * fallback throttle): code already preloaded is handed over at once instead.
 */
export function onDemandPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const get = () =>
    (pending ??= load().then(
      (part) => (loaded = part),
      (error: unknown) => {
        pending = undefined; // a later open tries again
        throw error;
      },
    ));
  const Part = lazy(() =>
    loaded ? settled({ default: loaded }) : get().then((part) => ({ default: part })),
  );
  // A failed preload is reported by the open that renders the part.
  const preload = () => void get().catch(() => undefined);
  return { Part, preload };
}

/** How long after a screen shows its parts' code waits at least before it is asked for while idle. */
const IDLE_PRELOAD_AFTER_MS = 2000;

/**
 * Asks for a part's code once the screen has shown and the browser is idle (a primary action's form, such
 * as the card's request dialogs), so a phone's tap, which has no hover before it, finds it here too. Not
 * before `IDLE_PRELOAD_AFTER_MS`: the first screen's frame is drawn first (decision 234). Without
 * `requestIdleCallback` (jsdom) nothing is asked for ahead.
 */
export function usePreloadWhenIdle(preload: () => void) {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    let idle: number | undefined;
    const timer = setTimeout(
      () => (idle = requestIdleCallback(preload, { timeout: 2000 })),
      IDLE_PRELOAD_AFTER_MS,
    );
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [preload]);
}
