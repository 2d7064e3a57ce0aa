import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { focusManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { analysisApi } from '@contract/api/analysis';
import { auditsApi } from '@contract/api/audits';
import { measurementsApi } from '@contract/api/measurements';
import { playersApi } from '@contract/api/players';
import { sharingApi } from '@contract/api/sharing';
import { videosApi } from '@contract/api/videos';
import { firstReads } from '@contract/first-reads';
import { aPlayer, aUser, emptyVideoList } from '@/test/data';
import { mock } from '@/test/mock';
import { renderApp } from '@/test/render';
import { requestsSeen, server } from '@/test/server';

// Decision 224: the server names a screen's first reads in its page for the browser to preload; a preload is
// used only by a request for exactly its URL, so the screen must ask for exactly these as it first renders.
describe("the player card's first reads", () => {
  it('are the requests the card makes as it first renders, URL for URL', async () => {
    const player = aPlayer({ id: 7 });
    const id = player.id;
    const none = { total: 0, pendingCount: 0, iga: 0, igaPendingCount: 0, speed: 0, speedPendingCount: 0 };
    server.use(
      mock(playersApi.get, () => HttpResponse.json(player), { id }),
      mock(videosApi.list, () => HttpResponse.json(emptyVideoList()), { playerId: id }),
      mock(sharingApi.resultPercentiles, () => HttpResponse.json([]), { id }),
      mock(measurementsApi.kindBests, () => HttpResponse.json([]), { id }),
      mock(analysisApi.pending, () => HttpResponse.json(none), { id }),
    );
    const seen = requestsSeen();
    renderApp(`/players/${player.id}`);
    expect(await screen.findByTestId('player-stats')).toBeInTheDocument();
    const named = firstReads(`/players/${player.id}`);
    expect(named).toHaveLength(6);
    await waitFor(() => expect(seen).toEqual(expect.arrayContaining(named)));
  });
});

describe("the video library's first reads", () => {
  it('are the requests the library makes as it first renders, URL for URL (decision 232)', async () => {
    const player = aPlayer({ id: 7 });
    const id = player.id;
    server.use(
      mock(playersApi.get, () => HttpResponse.json(player), { id }),
      mock(videosApi.list, () => HttpResponse.json(emptyVideoList()), { playerId: id }),
    );
    const seen = requestsSeen();
    renderApp(`/players/${id}/videos`);
    expect(await screen.findByText('No videos yet')).toBeInTheDocument();
    const named = firstReads(`/players/${id}/videos`);
    expect(named).toHaveLength(3);
    await waitFor(() => expect(seen).toEqual(expect.arrayContaining(named)));
  });
});

describe("a receipt's first read", () => {
  // Decision 231: the latest revision's receipt is named in the page; the screen must ask for exactly it.
  it.each([
    ['/receipts/9', ''],
    ['/receipts/9', '?revision=0'],
  ])('is the request the receipt at %s%s makes', async (pathname, search) => {
    const seen: string[] = [];
    server.use(
      mock(measurementsApi.receipt, ({ request }) => {
        const url = new URL(request.url);
        seen.push(url.pathname + url.search);
        return HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
      }),
      mock(auditsApi.status, () =>
        HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderApp(pathname + search);
    const named = firstReads(pathname, search);
    expect(named).toEqual(['/api/analysis-requests/9/receipt']);
    await waitFor(() => expect(seen).toContain(named[0]));
  });

  it('is not named for an earlier revision, which the screen asks for with its query', () => {
    expect(firstReads('/receipts/9', 'revision=2')).toEqual([]);
  });
});

describe("the card's reads the specification refetches on focus (decision 232)", () => {
  it('are asked for once as the card and its parts below the fold mount, and again when the window regains focus', async () => {
    const player = aPlayer({ id: 7 });
    const id = player.id;
    const none = { total: 0, pendingCount: 0, iga: 0, igaPendingCount: 0, speed: 0, speedPendingCount: 0 };
    const asked = { videos: 0, pending: 0 };
    server.use(
      mock(playersApi.get, () => HttpResponse.json(player), { id }),
      mock(videosApi.list, () => (asked.videos++, HttpResponse.json(emptyVideoList())), { playerId: id }),
      mock(sharingApi.resultPercentiles, () => HttpResponse.json([]), { id }),
      mock(analysisApi.pending, () => (asked.pending++, HttpResponse.json(none)), { id }),
      mock(analysisApi.history, () => HttpResponse.json([]), { id }),
    );
    // An analyst: the card with its request history below the fold, which reads the videos too.
    renderApp(`/players/${id}`, { user: aUser({ id: 99, role: 'analyst' }) });
    expect(await screen.findByRole('heading', { name: 'Videos' })).toBeInTheDocument();
    expect(await screen.findByText(/no requests/i)).toBeInTheDocument();
    expect(asked).toEqual({ videos: 1, pending: 1 });
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(asked).toEqual({ videos: 2, pending: 2 }));
    focusManager.setFocused(undefined);
  });
});
