import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Suspense, useLayoutEffect, type ComponentType, type ReactElement } from 'react';
import { HOLD_AT_MOST_MS, onDemand } from './on-demand';

/** A screen's code that arrives when the test says so (or fails). */
function chunk() {
  let arrive!: () => void;
  let fail!: (e: Error) => void;
  const load = () =>
    new Promise<{ default: () => ReactElement }>((resolve, reject) => {
      arrive = () => resolve({ default: () => <h1>The screen</h1> });
      fail = reject;
    });
  return { load, arrive: () => arrive(), fail: (e: Error) => fail(e) };
}

const inSuspense = (el: ReactElement) => <Suspense fallback={<p>fallback</p>}>{el}</Suspense>;

describe('a screen loaded on demand (decision 222)', () => {
  it('shows the spinner, then the screen once its code arrives, as a plain update (no suspension)', async () => {
    const c = chunk();
    const Screen = onDemand(c.load);
    render(inSuspense(<Screen />));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).toBeNull();
    // No Suspense fallback: React.lazy suspended here, and in the browser React revealed the screen no
    // sooner than 300 ms after its fallback showed (under act it does not hold, so this shows the shape).
    await act(async () => c.arrive());
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the screen when its code arrives between the spinner and the effect that waits for it', async () => {
    // The code arrives after the render that showed the spinner and before that render's effect: a sibling's
    // layout effect hands it over, synchronously. The effect used to see the code there and wait for
    // nothing, and the spinner stayed (a coach's first screen, 1 load in 6 in the browser).
    let deliver = () => {};
    const load = (() => ({
      then: (ok: (m: { default: ComponentType }) => void) =>
        new Promise<void>((resolve) => {
          deliver = () => {
            ok({ default: () => <h1>The screen</h1> });
            resolve();
          };
        }),
    })) as unknown as () => Promise<{ default: ComponentType }>;
    const Screen = onDemand(load);
    void Screen.preload();
    function Arrives() {
      useLayoutEffect(() => deliver(), []);
      return null;
    }
    render(
      <>
        <Screen />
        <Arrives />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders at once, with no spinner, when its code was preloaded (React.lazy suspended even then)', async () => {
    const c = chunk();
    const Screen = onDemand(c.load);
    const preloaded = Screen.preload();
    c.arrive();
    await preloaded;
    render(inSuspense(<Screen />));
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('loads its code once, however often it is preloaded and rendered', async () => {
    let calls = 0;
    const c = chunk();
    const Screen = onDemand(() => (calls++, c.load()));
    void Screen.preload();
    void Screen.preload();
    render(
      <>
        <Screen />
        <Screen />
      </>,
    );
    await act(async () => c.arrive());
    expect(screen.getAllByRole('heading', { name: 'The screen' })).toHaveLength(2);
    expect(calls).toBe(1);
  });

  it('once a screen was shown, the next one suspends while its code loads, so a navigation keeps the current screen', async () => {
    const first = chunk();
    const First = onDemand(first.load);
    const view = render(inSuspense(<First />));
    await act(async () => first.arrive());
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    const next = chunk();
    const Next = onDemand(next.load);
    await act(async () => view.rerender(inSuspense(<Next />)));
    // Suspended: the boundary's fallback (in a transition the router keeps the current screen instead).
    expect(screen.getByText('fallback')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => next.arrive());
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
  });

  it('throws the error of code that failed to load, as React.lazy did', async () => {
    const c = chunk();
    const Screen = onDemand(c.load);
    const preloaded = Screen.preload();
    c.fail(new Error('chunk gone'));
    await preloaded;
    expect(() => render(<Screen />)).toThrow('chunk gone');
  });
});

/** First data that answers (or fails) when the test says so. */
function reads() {
  let answer!: () => void;
  let fail!: () => void;
  const data = new Promise<void>((resolve, reject) => {
    answer = resolve;
    fail = () => reject(new Error('404'));
  });
  return { data, answer: () => answer(), fail: () => fail() };
}

describe("the page's first screen waits for the first data it holds for (decision 232)", () => {
  it('shows the spinner while its data is on the way although its code is here, then renders once', async () => {
    const d = reads();
    let renders = 0;
    function Loaded() {
      renders++;
      return <h1>The screen</h1>;
    }
    const Screen = onDemand(() => Promise.resolve({ default: Loaded }));
    Screen.hold(d.data);
    await Screen.preload();
    render(<Screen />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(renders).toBe(0);
    await act(async () => d.answer());
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(renders).toBe(1);
  });

  it('shows the screen when its data failed: the screen says what failed, not the spinner', async () => {
    const c = chunk();
    const d = reads();
    const Screen = onDemand(c.load);
    Screen.hold(d.data);
    render(<Screen />);
    await act(async () => c.arrive());
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => d.fail());
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
  });

  it(`waits at most ${HOLD_AT_MOST_MS} ms for data that does not answer`, async () => {
    vi.useFakeTimers();
    try {
      const c = chunk();
      const Screen = onDemand(c.load);
      Screen.hold(new Promise(() => {}));
      render(<Screen />);
      await act(async () => c.arrive());
      await act(async () => vi.advanceTimersByTime(HOLD_AT_MOST_MS - 1));
      expect(screen.getByRole('status')).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(1));
      expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not hold a screen opened after the first: a navigation waits for its code only', async () => {
    const first = chunk();
    const First = onDemand(first.load);
    const view = render(inSuspense(<First />));
    await act(async () => first.arrive());
    const next = chunk();
    const Next = onDemand(next.load);
    Next.hold(new Promise(() => {}));
    const preloaded = Next.preload();
    next.arrive();
    await preloaded;
    await act(async () => view.rerender(inSuspense(<Next />)));
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
