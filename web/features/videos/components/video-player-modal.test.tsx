import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { videosApi } from '@contract/api/videos';
import { aVideo } from '@/test/data';
import { mock } from '@/test/mock';
import { server } from '@/test/server';
import { VideoPlayerModal } from './video-player-modal';

const clip = aVideo({ id: 7, playerId: 1, durationSeconds: 4 });

/** A fresh address the server hands out when the test says so, one per request in turn. */
function addresses() {
  const waiting: Array<{ url: Promise<string>; give: (url: string) => void }> = [];
  const next = () => {
    let give!: (url: string) => void;
    const url = new Promise<string>((r) => (give = r));
    waiting.push({ url, give });
    return give;
  };
  server.use(
    mock(videosApi.refreshUrl, async () =>
      HttpResponse.json({ url: await waiting.shift()!.url, expiresIn: 300 }),
    ),
  );
  return next;
}

/** Every video element put into the page while `run` goes, with its address (even one removed at once). */
async function videosInserted(run: () => Promise<unknown> | unknown) {
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

const playing = () => screen.getByTestId('video-player').getAttribute('src');

describe('the video player opened again', () => {
  it('asks for a fresh address and shows the spinner until it arrives, never the clip of the last opening', async () => {
    const address = addresses();
    address()('/files/first.mp4');
    const view = render(<VideoPlayerModal video={clip} onClose={() => {}} />);
    await waitFor(() => expect(playing()).toBe('/files/first.mp4'));

    view.rerender(<VideoPlayerModal video={null} onClose={() => {}} />);
    const second = address();
    const shown = await videosInserted(() =>
      view.rerender(<VideoPlayerModal video={clip} onClose={() => {}} />),
    );
    expect(shown).toEqual([]);
    expect(screen.getByText('Loading video')).toBeInTheDocument();

    second('/files/second.mp4');
    await waitFor(() => expect(playing()).toBe('/files/second.mp4'));
  });

  it('drops an address asked for by an earlier opening that arrives after the player opened again', async () => {
    const address = addresses();
    const late = address();
    const view = render(<VideoPlayerModal video={clip} onClose={() => {}} />);
    view.rerender(<VideoPlayerModal video={null} onClose={() => {}} />);
    const next = address();
    view.rerender(<VideoPlayerModal video={clip} onClose={() => {}} />);

    const shown = await videosInserted(async () => {
      late('/files/late.mp4');
      // Time for the late answer to be read (the check holds either way: it never shows).
      await act(() => new Promise((r) => setTimeout(r, 100)));
      expect(screen.getByText('Loading video')).toBeInTheDocument();
      next('/files/next.mp4');
      await waitFor(() => expect(playing()).toBe('/files/next.mp4'));
    });
    expect(shown).toEqual(['/files/next.mp4']);
  });
});
