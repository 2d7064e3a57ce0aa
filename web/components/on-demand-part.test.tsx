import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { onDemandPart, usePreloadWhenIdle } from './on-demand-part';

const Form = ({ name }: { name: string }) => <p>form of {name}</p>;

/** A load the test settles when it says so, counting how often the part's code was asked for. */
function controlledLoad() {
  const calls: { resolve: (c: typeof Form) => void; reject: (e: Error) => void }[] = [];
  const load = () =>
    new Promise<typeof Form>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { load, calls };
}

const shown = (ui: React.ReactNode) =>
  render(<Suspense fallback={<p role="status">loading the form</p>}>{ui}</Suspense>);

describe('a part of a screen loaded on demand (decision 234)', () => {
  it('shows the fallback until its code is here, then the part', async () => {
    const { load, calls } = controlledLoad();
    const { Part } = onDemandPart(load);
    shown(<Part name="a request" />);
    expect(screen.getByRole('status')).toHaveTextContent('loading the form');
    calls[0].resolve(Form);
    expect(await screen.findByText('form of a request')).toBeInTheDocument();
  });

  it('renders at once, without the fallback, when preloaded; asks for its code once', async () => {
    const { load, calls } = controlledLoad();
    const { Part, preload } = onDemandPart(load);
    preload();
    preload();
    expect(calls).toHaveLength(1);
    calls[0].resolve(Form);
    await Promise.resolve();
    shown(<Part name="a referral" />);
    expect(screen.getByText('form of a referral')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('a preload that failed is asked for again when the part renders', async () => {
    const { load, calls } = controlledLoad();
    const { Part, preload } = onDemandPart(load);
    preload();
    calls[0].reject(new Error('offline'));
    await Promise.resolve();
    await Promise.resolve();
    shown(<Part name="a 40" />);
    expect(calls).toHaveLength(2);
    calls[1].resolve(Form);
    expect(await screen.findByText('form of a 40')).toBeInTheDocument();
  });
});

describe("a part's code asked for while idle", () => {
  afterEach(() => {
    cleanup(); // unmounted while the browser's idle callbacks are still stubbed
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** requestIdleCallback as a browser has it, calling back when the test says the browser is idle. */
  function idleBrowser() {
    const waiting = new Map<number, () => void>();
    let next = 1;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => (waiting.set(next, cb), next++));
    vi.stubGlobal('cancelIdleCallback', (id: number) => waiting.delete(id));
    return { idle: () => [...waiting.values()].forEach((cb) => cb()), waiting };
  }

  it('asks once the screen has shown for 2 s and the browser is idle, not before', () => {
    vi.useFakeTimers();
    const browser = idleBrowser();
    const preload = vi.fn();
    renderHook(() => usePreloadWhenIdle(preload));
    vi.advanceTimersByTime(1999);
    browser.idle();
    expect(preload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(preload).not.toHaveBeenCalled();
    browser.idle();
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for a screen left before', () => {
    vi.useFakeTimers();
    const browser = idleBrowser();
    const preload = vi.fn();
    const { unmount } = renderHook(() => usePreloadWhenIdle(preload));
    vi.advanceTimersByTime(2000);
    unmount();
    browser.idle();
    expect(browser.waiting.size).toBe(0);
    expect(preload).not.toHaveBeenCalled();
  });
});
