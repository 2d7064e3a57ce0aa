import { use, useEffect, useReducer, useState, type ComponentType } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** What a screen shows while its code or the session check is on the way. */
export const loading = (
  <div className="flex min-h-[50vh] items-center justify-center">
    <Spinner size="lg" />
  </div>
);

export type OnDemandScreen = ComponentType & {
  preload: () => Promise<unknown>;
  /** As the page's first screen, it waits for `data` too, for at most `HOLD_AT_MOST_MS` (decision 232). */
  hold: (data: Promise<unknown>) => void;
};

/** How long the page's first screen waits at most for its first data, from when it was asked for. */
export const HOLD_AT_MOST_MS = 1000;

/** Whether a screen loaded on demand has been shown since the page loaded. */
let shownOnce = false;

/**
 * A screen loaded on demand; `preload` starts loading it before it renders (decision 191). Its code
 * already here, it renders at once. On the page's first screen, while its code is on the way, the
 * spinner shows and the screen renders as a plain update when the code arrives: `React.lazy` suspended
 * instead, and React reveals what a suspension held back no sooner than 300 ms after the fallback was
 * shown (its fallback throttle), however soon the code came: 300 ms of every first screen (decision 222).
 * A screen opened later suspends as lazy did, so a navigation keeps the current screen until the next
 * one's code is here. A chunk that fails to load throws, as lazy did. As the page's first screen, a screen
 * given first data to `hold` for shows the spinner until that data has settled too (at most
 * `HOLD_AT_MOST_MS`), so it renders once with its answers instead of once per answer (decision 232).
 */
export function onDemand(load: () => Promise<{ default: ComponentType }>): OnDemandScreen {
  let loaded: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  let held: Promise<void> | undefined;
  let holding = false;
  const preload = () =>
    (pending ??= load().then(
      (m) => void (loaded = m.default),
      (error: unknown) => void (failure = { error }),
    ));
  const hold = (data: Promise<unknown>) => {
    holding = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = data.then(
      () => undefined,
      () => undefined,
    );
    const mine: Promise<void> = Promise.race([
      settled,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, HOLD_AT_MOST_MS))),
    ]).then(() => {
      clearTimeout(timer);
      if (held === mine) holding = false;
    });
    held = mine;
  };
  /** The code, and as the page's first screen the data it holds for. */
  const ready = () => Promise.all([preload(), held]);
  function OnDemand() {
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    // Decided once per mount: a later render of the first screen never turns into a suspension.
    const [navigated] = useState(() => shownOnce);
    // Whether this render showed the spinner: its effect then waits for the code even if the code arrived
    // between the render and the effect (checking `loaded` in the effect skipped the wait, and nothing
    // rendered the screen again: a coach journey's first screen stayed a spinner, 1 load in 6).
    const waiting = (!loaded || (holding && !navigated)) && !failure;
    useEffect(() => {
      if (waiting && !navigated) void ready().then(arrived);
    }, [waiting, navigated]);
    useEffect(() => {
      if (loaded && !waiting) shownOnce = true;
    });
    if (!loaded && !failure && navigated) use(preload());
    if (failure) throw failure.error;
    const Loaded = loaded;
    return Loaded && !waiting ? <Loaded /> : loading;
  }
  return Object.assign(OnDemand, { preload, hold });
}

/** Tests: the next screen is the page's first again. */
export function forgetShownScreens() {
  shownOnce = false;
}
