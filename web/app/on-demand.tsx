import { useEffect, useReducer, type ComponentType } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** What a screen shows while its code or the session check is on the way. */
export const loading = (
  <div className="flex min-h-[50vh] items-center justify-center">
    <Spinner size="lg" />
  </div>
);

export type OnDemandScreen = ComponentType & { preload: () => Promise<unknown> };

/**
 * A screen loaded on demand; `preload` starts loading it before it renders (decision 191). Its code
 * already here, it renders at once; else the spinner shows until the code arrives, then the screen
 * renders as a plain update. `React.lazy` suspended instead, and React reveals what a suspension held
 * back no sooner than 300 ms after the spinner was shown (its fallback throttle), however soon the code
 * came: 300 ms of every first screen (decision 222). A chunk that fails to load throws, as lazy did.
 */
export function onDemand(load: () => Promise<{ default: ComponentType }>): OnDemandScreen {
  let loaded: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => void (loaded = m.default),
      (error: unknown) => void (failure = { error }),
    ));
  function OnDemand() {
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    useEffect(() => {
      if (!loaded && !failure) void preload().then(arrived);
    }, []);
    if (failure) throw failure.error;
    const Loaded = loaded;
    return Loaded ? <Loaded /> : loading;
  }
  return Object.assign(OnDemand, { preload });
}
