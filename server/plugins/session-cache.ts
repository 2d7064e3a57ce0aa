import type { WriteClock } from '../db/write-clock';
import { deepFreeze, keepBounded } from '../lib/kept-in-memory';
import type { LoadedSession, SessionStore } from './session';

/**
 * Signed-in sessions, each with its user and plan, kept in memory (decision 215): a read of the API then
 * sends no statement for its session. An entry is served only while the process has sent and heard of no
 * write since the load that made it began (`WriteClock`), while the clock hears other processes, for at
 * most `ttlMs`, and while the session has not expired. A session that was not found is never kept.
 *
 * The kept values are frozen: a handler that changed `req.user` would otherwise change the next request's.
 */
export interface SessionCacheOptions {
  clock: WriteClock;
  ttlMs: number;
  maxEntries?: number;
}

interface Entry {
  loaded: LoadedSession;
  count: number;
  at: number;
}

export function cachedSessionStore(store: SessionStore, opts: SessionCacheOptions): SessionStore {
  if (opts.ttlMs <= 0) return store;
  const { clock, ttlMs } = opts;
  const max = opts.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();

  return {
    ...store,
    async load(sid, withPlan = false) {
      const now = Date.now();
      const hit = entries.get(sid);
      if (
        hit &&
        clock.heard &&
        hit.count === clock.count &&
        now - hit.at < ttlMs &&
        hit.loaded.expiresAt.getTime() > now &&
        (!withPlan || hit.loaded.planName !== undefined)
      ) {
        // A copy of the data: the request's session object takes its own fields from it.
        return { ...hit.loaded, data: { ...hit.loaded.data } };
      }
      const count = clock.count;
      const loaded = await store.load(sid, withPlan);
      if (!loaded) {
        entries.delete(sid);
        return null;
      }
      deepFreeze(loaded.user);
      // Kept only when no write began or ended while it was read (else it may predate one).
      if (clock.heard && count === clock.count) {
        keepBounded(
          entries,
          sid,
          { loaded: deepFreeze({ ...loaded, data: { ...loaded.data } }), count, at: now },
          max,
        );
      }
      return { ...loaded, data: { ...loaded.data } };
    },
  };
}
