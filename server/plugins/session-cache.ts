import { keptReads, rowKey, type RowKey, type WriteClock } from '../db/write-clock';
import { checkedRead } from './answer-cache';
import { deepFreeze, keepBounded } from '../lib/kept-in-memory';
import type { LoadedSession, SessionStore } from './session';

/**
 * Signed-in sessions, each with its user and plan, kept in memory (decision 215): a read of the API then
 * sends no statement for its session. An entry is served only while the database has told the process of no
 * write to what it read since the load that made it began (`WriteClock`), while the clock hears other processes, once
 * it has caught up with the writes other processes acknowledged before the request arrived (decision 239),
 * for at most `ttlMs`, and while the session has not expired. A session that was not found is never kept.
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
  rows: RowKey[];
  /** The clock's count when the entry was last found current (`WriteClock.stillCurrent`). */
  seen: number;
}

/**
 * What a session's load reads (decisions 225, 260): its own row of `sessions`, its user's row of `users`,
 * and the user's plan. A write to any other table leaves kept sessions kept. A write to `sessions` is
 * told by the user whose rows it wrote (migration 0044: a session's id is a credential and never travels
 * in a notification), so a kept session is scoped to its user's sessions: another user's sign-in,
 * refresh or sign-out leaves it kept.
 */
export const SESSION_READS = keptReads(['subscriptions', 'plans'], {
  oneRowOf: ['users'],
  rowsOf: ['sessions'],
});

/** The rows a kept session was read from: its user's sessions and its user's row (none without a user: whole tables). */
const rowsOf = (loaded: LoadedSession) =>
  loaded.user ? [rowKey('sessions', 'user_id', loaded.user.id), rowKey('users', 'id', loaded.user.id)] : [];

export function cachedSessionStore(store: SessionStore, opts: SessionCacheOptions): SessionStore {
  if (opts.ttlMs <= 0) return store;
  const { clock, ttlMs } = opts;
  const max = opts.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();

  // A kept copy, if it is still current (within its time, not expired, no write to what it read since).
  const current = (sid: string, withPlan = false) => {
    const now = Date.now();
    const hit = entries.get(sid);
    if (
      hit &&
      now - hit.at < ttlMs &&
      hit.loaded.expiresAt.getTime() > now &&
      (!withPlan || hit.loaded.planName !== undefined) &&
      clock.stillCurrent(SESSION_READS, hit)
    )
      // A copy of the data: the request's session object takes its own fields from it.
      return { ...hit.loaded, data: { ...hit.loaded.data } };
    return undefined;
  };

  return {
    ...store,
    mark: () => clock.syncMark(),
    // On PostgreSQL never caught up without a sync (decision 239): the hook then asks `load`.
    peek: (sid, withPlan, mark = clock.syncMark()) =>
      clock.caughtUp(mark) ? current(sid, withPlan) : undefined,
    async load(sid, withPlan = false, mark = clock.syncMark()) {
      // A kept copy is served only once this process has heard every write another process had
      // acknowledged when the request arrived (decision 239): a sign-out there is a miss here.
      if (entries.has(sid) && (await clock.catchUp(mark))) {
        const kept = current(sid, withPlan);
        if (kept) return kept;
      }
      const now = Date.now();
      const count = clock.count;
      const loaded = await checkedRead(clock, 'a session load', SESSION_READS, () =>
        store.load(sid, withPlan),
      );
      if (!loaded) {
        entries.delete(sid);
        return null;
      }
      deepFreeze(loaded.user);
      // Kept only when no write began or ended while it was read (else it may predate one).
      const rows = rowsOf(loaded);
      if (clock.heard && clock.lastWriteTo(SESSION_READS, rows) <= count) {
        keepBounded(
          entries,
          sid,
          { loaded: deepFreeze({ ...loaded, data: { ...loaded.data } }), count, at: now, rows, seen: count },
          max,
        );
      }
      return { ...loaded, data: { ...loaded.data } };
    },
  };
}
