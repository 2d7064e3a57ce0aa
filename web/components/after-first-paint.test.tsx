import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { AfterFirstPaint } from './after-first-paint';

/** A read of what is in view that answers when the test says so. */
function InView({ answer }: { answer: Promise<string> }) {
  const q = useQuery({ queryKey: ['in-view'], queryFn: () => answer });
  return <p>{q.data ?? 'loading'}</p>;
}

function screenWith(answer: Promise<string>) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <InView answer={answer} />
      <AfterFirstPaint>
        <p>below the fold</p>
      </AfterFirstPaint>
    </QueryClientProvider>,
  );
}

/** Runs the frames and tasks due within `ms`. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('AfterFirstPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('shows its part after a paint, once the reads in flight have answered', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    let give!: (v: string) => void;
    screenWith(new Promise((r) => (give = r)));
    expect(screen.queryByText('below the fold')).toBeNull();
    // Painted, but the read of what is in view is still out: the part below waits.
    await advance(100);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(screen.queryByText('below the fold')).toBeNull();
    await act(async () => give('in view'));
    await advance(20);
    expect(screen.getByText('in view')).toBeInTheDocument();
    expect(screen.getByText('below the fold')).toBeInTheDocument();
  });

  it('does not wait more than 1.5 s for a read that does not answer', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    screenWith(new Promise(() => {}));
    await advance(1400);
    expect(screen.queryByText('below the fold')).toBeNull();
    await advance(200);
    expect(screen.getByText('below the fold')).toBeInTheDocument();
    expect(screen.getByText('loading')).toBeInTheDocument();
  });

  it('shows its part at the first paint when nothing is being read', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AfterFirstPaint>
          <p>below the fold</p>
        </AfterFirstPaint>
      </QueryClientProvider>,
    );
    expect(screen.queryByText('below the fold')).toBeNull();
    await advance(20);
    expect(screen.getByText('below the fold')).toBeInTheDocument();
  });
});
