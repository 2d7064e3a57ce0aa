import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { analysisApi } from '@contract/api/analysis';
import { measurementsApi } from '@contract/api/measurements';
import { playersApi } from '@contract/api/players';
import { sharingApi } from '@contract/api/sharing';
import { videosApi } from '@contract/api/videos';
import { firstReads } from '@contract/first-reads';
import { mock } from '@/test/mock';
import { requestsSeen, server } from '@/test/server';
import { aPlayer, emptyVideoList } from '@/test/data';
import { preloadScreen } from './router';

/** The requests the handlers saw, as path and query: receipts answer 404, the card's reads answer. */
function watch() {
  const seen = requestsSeen();
  const none = { total: 0, pendingCount: 0, iga: 0, igaPendingCount: 0, speed: 0, speedPendingCount: 0 };
  server.use(
    mock(measurementsApi.receipt, () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    mock(playersApi.get, () => HttpResponse.json(aPlayer({ id: 5 }))),
    mock(videosApi.list, () => HttpResponse.json(emptyVideoList())),
    mock(sharingApi.resultPercentiles, () => HttpResponse.json([])),
    mock(analysisApi.pending, () => HttpResponse.json(none)),
  );
  return seen;
}

describe("a screen's first data leaves with its code, before the screen renders (decisions 192, 220)", () => {
  it('a receipt asks for the revision its address names, signed in', async () => {
    const seen = watch();
    preloadScreen('/receipts/10', Promise.resolve({ id: 1 }), '?revision=2');
    await waitFor(() => expect(seen).toEqual(['/api/analysis-requests/10/receipt?revision=2']));
  });

  it('a receipt without a revision asks for the latest', async () => {
    const seen = watch();
    preloadScreen('/receipts/11', Promise.resolve({ id: 1 }));
    await waitFor(() => expect(seen).toEqual(['/api/analysis-requests/11/receipt']));
  });

  it('the player card asks for exactly the reads its page names, URL for URL (decisions 224, 232)', async () => {
    const seen = watch();
    preloadScreen('/players/5', Promise.resolve({ id: 1 }));
    const named = firstReads('/players/5');
    await waitFor(() => expect(seen.sort()).toEqual([...named].sort()));
  });

  it('the video library asks for exactly the reads its page names, URL for URL (decision 232)', async () => {
    const seen = watch();
    preloadScreen('/players/5/videos', Promise.resolve({ id: 1 }));
    const named = firstReads('/players/5/videos');
    await waitFor(() => expect(seen.sort()).toEqual([...named].sort()));
  });

  it('asks for nothing when the session check says signed out', async () => {
    const seen = watch();
    preloadScreen('/receipts/12', Promise.resolve(null));
    preloadScreen('/players/5', Promise.resolve(null));
    preloadScreen('/players/5/videos', Promise.resolve(null));
    // The screens' code may load; no data is asked for.
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([]);
  });
});
