import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { Video } from '@contract/videos';
import { VideoPlayerModal } from './video-player-modal';

const refresh = vi.hoisted(() => vi.fn<(id: number) => Promise<{ url: string }>>());
vi.mock('../api/video-url', () => ({ refreshVideoUrl: refresh, downloadVideo: vi.fn() }));

const clip: Video = {
  id: 7,
  playerId: 1,
  url: null,
  thumbnail: null,
  status: 'ready',
  maxSpeed: null,
  maxSpeedPlusMinus: null,
  methodLabel: null,
  igaScore: null,
  distance: null,
  avgTransition: null,
  durationSeconds: 4,
  positionId: null,
  positionKey: null,
  season: 2026,
  analysisRequestId: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

/** Every video element put into the page while `run` goes, with its address (even one removed at once). */
async function videosInserted(run: () => Promise<void> | void) {
  const seen: string[] = [];
  const note = (n: Node) => {
    if (n instanceof HTMLElement)
      for (const v of [n, ...n.querySelectorAll('video')])
        if (v instanceof HTMLVideoElement) seen.push(v.getAttribute('src') ?? '');
  };
  const observer = new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(note)));
  observer.observe(document.body, { childList: true, subtree: true });
  await run();
  observer.takeRecords().forEach((r) => r.addedNodes.forEach(note));
  observer.disconnect();
  return seen;
}

/** A reply the test hands out when it chooses. */
function deferred() {
  let resolve!: (v: { url: string }) => void;
  const promise = new Promise<{ url: string }>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => refresh.mockReset());

describe('the video player opened again', () => {
  it('asks for a fresh address and shows the spinner until it arrives, never the clip of the last opening', async () => {
    refresh.mockResolvedValueOnce({ url: '/files/first.mp4' });
    const view = render(<VideoPlayerModal video={clip} onClose={() => {}} />);
    expect(await screen.findByTestId('video-player')).toHaveAttribute('src', '/files/first.mp4');

    view.rerender(<VideoPlayerModal video={null} onClose={() => {}} />);
    const second = deferred();
    refresh.mockReturnValueOnce(second.promise);
    const shown = await videosInserted(() =>
      view.rerender(<VideoPlayerModal video={clip} onClose={() => {}} />),
    );
    expect(shown).toEqual([]);
    expect(screen.queryByTestId('video-player')).not.toBeInTheDocument();
    expect(screen.getByText('Loading video')).toBeInTheDocument();

    await act(async () => second.resolve({ url: '/files/second.mp4' }));
    expect(screen.getByTestId('video-player')).toHaveAttribute('src', '/files/second.mp4');
  });

  it('drops an address asked for by an earlier opening that arrives after the player opened again', async () => {
    const late = deferred();
    refresh.mockReturnValueOnce(late.promise);
    const view = render(<VideoPlayerModal video={clip} onClose={() => {}} />);
    view.rerender(<VideoPlayerModal video={null} onClose={() => {}} />);
    const next = deferred();
    refresh.mockReturnValueOnce(next.promise);
    view.rerender(<VideoPlayerModal video={clip} onClose={() => {}} />);

    const shown = await videosInserted(() => act(async () => late.resolve({ url: '/files/late.mp4' })));
    expect(shown).toEqual([]);
    expect(screen.getByText('Loading video')).toBeInTheDocument();
    await act(async () => next.resolve({ url: '/files/next.mp4' }));
    expect(screen.getByTestId('video-player')).toHaveAttribute('src', '/files/next.mp4');
  });
});
