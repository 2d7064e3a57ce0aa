import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { analysisApi } from '@contract/api/analysis';
import { fortyApi } from '@contract/api/forty';
import { playersApi } from '@contract/api/players';
import { sharingApi } from '@contract/api/sharing';
import { videosApi } from '@contract/api/videos';
import { firstReads } from '@contract/first-reads';
import { aPlayer, emptyVideoList } from '@/test/data';
import { mock } from '@/test/mock';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

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
      mock(fortyApi.results, () => HttpResponse.json([]), { id }),
      mock(analysisApi.pending, () => HttpResponse.json(none), { id }),
    );
    const seen: string[] = [];
    const record = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      seen.push(url.pathname + url.search);
    };
    server.events.on('request:start', record);
    try {
      renderApp(`/players/${player.id}`);
      expect(await screen.findByTestId('player-stats')).toBeInTheDocument();
      const named = firstReads(`/players/${player.id}`);
      expect(named).toHaveLength(6);
      await waitFor(() => expect(seen).toEqual(expect.arrayContaining(named)));
    } finally {
      server.events.removeListener('request:start', record);
    }
  });
});
