import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { measurementsApi } from '@contract/api/measurements';
import { playersApi } from '@contract/api/players';
import { mock } from '@/test/mock';
import { server } from '@/test/server';
import { aPlayer } from '@/test/data';
import { preloadScreen } from './router';

/** The requests the handlers saw, as path and query. */
function watch() {
  const seen: string[] = [];
  server.use(
    mock(measurementsApi.receipt, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url.pathname + url.search);
      return HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
    mock(playersApi.get, ({ request }) => {
      seen.push(new URL(request.url).pathname);
      return HttpResponse.json(aPlayer({ id: 5 }));
    }),
  );
  return seen;
}

describe("a screen's first data leaves with its code, before the screen renders (decisions 192, 220)", () => {
  it('a receipt asks for the revision its address names, signed in', async () => {
    const seen = watch();
    preloadScreen('/receipts/10', Promise.resolve({ id: 1 }), '?revision=2');
    await waitFor(() => expect(seen).toEqual(['/api/analysis-requests/10/receipt?revision=2']));
  });

  it('a receipt without a revision asks for the latest, and the player card for its player', async () => {
    const seen = watch();
    preloadScreen('/receipts/11', Promise.resolve({ id: 1 }));
    preloadScreen('/players/5', Promise.resolve({ id: 1 }));
    await waitFor(() => expect(seen.sort()).toEqual(['/api/analysis-requests/11/receipt', '/api/players/5']));
  });

  it('asks for nothing when the session check says signed out', async () => {
    const seen = watch();
    preloadScreen('/receipts/12', Promise.resolve(null));
    preloadScreen('/players/5', Promise.resolve(null));
    // The screens' code may load; no data is asked for.
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([]);
  });
});
