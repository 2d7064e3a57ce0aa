import { delay, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { onTestFinished } from 'vitest';
import { analysisApi } from '@contract/api/analysis';
import { analyticsApi } from '@contract/api/analytics';
import { authApi } from '@contract/api/auth';
import { coachFamilyApi } from '@contract/api/coach';
import { measurementsApi } from '@contract/api/measurements';
import { playersApi } from '@contract/api/players';
import { videosApi } from '@contract/api/videos';
import { positions } from './data';
import { mock } from './mock';

/** What every signed-in screen asks for besides its own data. Tests add theirs with `server.use(...)`. */
const defaultHandlers = [
  mock(authApi.user, () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
  mock(playersApi.positions, () => HttpResponse.json(positions)),
  mock(playersApi.bests, () => HttpResponse.json([])),
  mock(analyticsApi.record, () => new HttpResponse(null, { status: 204 })),
  // The dashboard's 'Coach messages' and the player card's coach switch (issue 29).
  mock(coachFamilyApi.messages, () => HttpResponse.json([])),
  mock(coachFamilyApi.getDiscovery, () => HttpResponse.json({ enabled: false })),
  mock(coachFamilyApi.views, () => HttpResponse.json([])),
  // The video library marks the clips a pending request is measured on (issue 52 item 7).
  mock(analysisApi.pending, () =>
    HttpResponse.json({
      total: 0,
      pendingCount: 0,
      iga: 0,
      igaPendingCount: 0,
      speed: 0,
      speedPendingCount: 0,
      byKind: {},
    }),
  ),
  mock(analysisApi.history, () => HttpResponse.json([])),
  // The player card's tiles of the kinds kept in kind_receipts (decision 263).
  mock(measurementsApi.kindBests, () => HttpResponse.json([])),
  // Each library tile asks what its clip is ready for (decision 247): nothing checked says nothing.
  mock(videosApi.readiness, () => HttpResponse.json({ kinds: {} })),
];

export const server = setupServer(...defaultHandlers);

/** An answer that never comes: the screen stays in its loading state. */
export const pending = async () => {
  await delay('infinite');
  return new HttpResponse(null, { status: 204 });
};

/** The server's one error shape: `{ message, code? }`. */
export const failure = (status: number, message: string, code?: string) => () =>
  HttpResponse.json({ message, ...(code ? { code } : {}) }, { status });

/** A keyset page: the body, and X-Next-Cursor when there is more (decision 063). */
export const page =
  (body: unknown[], nextCursor: string | null = null) =>
  () =>
    HttpResponse.json(body, { headers: nextCursor ? { 'X-Next-Cursor': nextCursor } : {} });

/** Every request the app makes from now to the end of the test, as path and query, in order. */
export function requestsSeen(): string[] {
  const seen: string[] = [];
  const record = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    seen.push(url.pathname + url.search);
  };
  server.events.on('request:start', record);
  onTestFinished(() => void server.events.removeListener('request:start', record));
  return seen;
}
