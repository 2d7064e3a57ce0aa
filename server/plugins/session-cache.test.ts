import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatchUp, WriteClock } from '../db/write-clock';
import type { UserRow } from '../db/schema';
import type { LoadedSession, SessionStore } from './session';
import { cachedSessionStore } from './session-cache';

const HOUR = 60 * 60 * 1000;

function fakeStore(rows: Map<string, LoadedSession>) {
  const calls: { sid: string; withPlan: boolean }[] = [];
  let during: (() => void) | null = null;
  const store: SessionStore = {
    async load(sid, withPlan = false) {
      calls.push({ sid, withPlan });
      during?.();
      const row = rows.get(sid);
      if (!row) return null;
      const copy = structuredClone(row);
      if (!withPlan) delete copy.planName;
      return copy;
    },
    save: async () => {},
    touch: async () => {},
    revoke: async () => {},
    purgeExpired: async () => {},
  };
  return { store, calls, whileLoading: (f: (() => void) | null) => (during = f) };
}

const session = (userId: number, over: Partial<LoadedSession> = {}): LoadedSession => ({
  data: { userId },
  expiresAt: new Date(Date.now() + HOUR),
  user: { id: userId, role: 'user', creditBalances: { max_speed: 2 } } as unknown as UserRow,
  planName: 'Elite',
  ...over,
});

function setup(opts: { heard?: boolean; ttlMs?: number; maxEntries?: number } = {}) {
  const clock = new WriteClock(opts.heard ?? true);
  const rows = new Map([
    ['a', session(1)],
    ['b', session(2)],
  ]);
  const fake = fakeStore(rows);
  const cached = cachedSessionStore(fake.store, {
    clock,
    ttlMs: opts.ttlMs ?? 5000,
    maxEntries: opts.maxEntries,
  });
  return { clock, rows, cached, ...fake };
}

afterEach(() => vi.useRealTimers());

describe('sessions kept in memory (decision 215)', () => {
  it('a second read with no write in between is served from memory, with the same session and user', async () => {
    const { cached, calls } = setup();
    const first = await cached.load('a');
    const second = await cached.load('a');
    expect(calls).toHaveLength(1);
    expect(second).toEqual(first);
    expect(second?.user?.id).toBe(1);
  });

  it('peek answers a kept session at once, as load would, and nothing once a write came or it was never read', async () => {
    const { cached, calls, clock } = setup();
    expect(cached.peek?.('a')).toBeUndefined();
    const loaded = await cached.load('a');
    expect(cached.peek?.('a')).toEqual(loaded);
    // Each answer its own copy of the data: a request's changes stay its own.
    expect(cached.peek?.('a')?.data).not.toBe(cached.peek?.('a')?.data);
    // Kept without the plan: a route that needs the plan loads it.
    expect(cached.peek?.('a', true)).toBeUndefined();
    clock.tick();
    expect(cached.peek?.('a')).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('any write the database tells this process of makes the next read go to the database', async () => {
    const { cached, calls, clock, rows } = setup();
    await cached.load('a');
    rows.set('a', session(1, { user: { id: 1, role: 'analyst' } as unknown as UserRow }));
    clock.tick();
    expect((await cached.load('a'))?.user?.role).toBe('analyst');
    expect(calls).toHaveLength(2);
  });

  it('a read during which a write began or ended is not kept: it may predate the write', async () => {
    const { cached, calls, clock, whileLoading } = setup();
    whileLoading(() => clock.tick());
    await cached.load('a');
    whileLoading(null);
    await cached.load('a');
    await cached.load('a');
    expect(calls).toHaveLength(2);
  });

  it('nothing is served while other processes may write unheard (the listener is down)', async () => {
    const { cached, calls, clock } = setup({ heard: false });
    await cached.load('a');
    await cached.load('a');
    expect(calls).toHaveLength(2);
    clock.setHeard(true);
    await cached.load('a');
    await cached.load('a');
    expect(calls).toHaveLength(3);
  });

  it('an entry lives at most ttlMs, and never past the session expiry', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
    const { cached, calls, rows } = setup({ ttlMs: 5000 });
    await cached.load('a');
    vi.advanceTimersByTime(4999);
    await cached.load('a');
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(2);
    await cached.load('a');
    expect(calls).toHaveLength(2);

    rows.set('b', session(2, { expiresAt: new Date(Date.now() + 1000) }));
    await cached.load('b');
    vi.advanceTimersByTime(1000);
    await cached.load('b');
    expect(calls.filter((c) => c.sid === 'b')).toHaveLength(2);
  });

  it('an unknown session is never kept, and a kept one that is gone is forgotten', async () => {
    const { cached, calls, clock, rows } = setup();
    expect(await cached.load('nope')).toBeNull();
    expect(await cached.load('nope')).toBeNull();
    expect(calls).toHaveLength(2);
    await cached.load('a');
    rows.delete('a');
    clock.tick();
    expect(await cached.load('a')).toBeNull();
    expect(await cached.load('a')).toBeNull();
    expect(calls.filter((c) => c.sid === 'a')).toHaveLength(3);
  });

  it('a read that needs the plan is not served by an entry made without it', async () => {
    const { cached, calls } = setup();
    expect((await cached.load('a'))?.planName).toBeUndefined();
    expect((await cached.load('a', true))?.planName).toBe('Elite');
    expect((await cached.load('a', true))?.planName).toBe('Elite');
    expect((await cached.load('a'))?.planName).toBe('Elite');
    expect(calls).toEqual([
      { sid: 'a', withPlan: false },
      { sid: 'a', withPlan: true },
    ]);
  });

  it('the kept user is frozen and each request gets its own copy of the session data', async () => {
    const { cached } = setup();
    const first = (await cached.load('a'))!;
    expect(() => {
      (first.user as { role: string }).role = 'admin';
    }).toThrow(TypeError);
    expect(() => {
      first.user!.creditBalances.max_speed = 99;
    }).toThrow(TypeError);
    first.data.userId = 42;
    const second = (await cached.load('a'))!;
    expect(second.data.userId).toBe(1);
    expect(second.user?.role).toBe('user');
  });

  it('keeps at most maxEntries sessions, dropping the oldest', async () => {
    const { cached, calls } = setup({ maxEntries: 1 });
    await cached.load('a');
    await cached.load('b');
    await cached.load('b');
    await cached.load('a');
    expect(calls.map((c) => c.sid)).toEqual(['a', 'b', 'a']);
  });

  it('ttlMs 0 reads every time (SESSION_CACHE_MS=0)', async () => {
    const { cached, calls } = setup({ ttlMs: 0 });
    await cached.load('a');
    await cached.load('a');
    expect(calls).toHaveLength(2);
  });

  it("another user's sign-in, refresh and sign-out leave a kept session kept; its own user's rows and its plan do not (decisions 225, 260)", async () => {
    const { cached, calls, clock } = setup();
    clock.setCatalog({
      tables: new Set(['sessions', 'users', 'subscriptions', 'plans', 'players']),
      unique: new Map([
        ['users', new Set(['id'])],
        ['sessions', new Set(['sid'])],
      ]),
    });
    await cached.load('a');
    // As the triggers tell them (migrations 0037, 0044).
    clock.notice('sessions insert user_id=2');
    clock.notice('users update id=2');
    clock.notice('sessions update user_id=2');
    clock.notice('players update id=4 user_id=2');
    await cached.load('a');
    expect(calls).toHaveLength(1);
    // Its own user's row: read again.
    clock.notice('users update id=1');
    await cached.load('a');
    expect(calls).toHaveLength(2);
    // Its own user's sessions (its refresh, a sign-in elsewhere).
    clock.notice('sessions update user_id=1');
    await cached.load('a');
    expect(calls).toHaveLength(3);
    clock.notice('sessions insert user_id=1');
    await cached.load('a');
    expect(calls).toHaveLength(4);
    // Sessions of several users at once (the purge of expired ones).
    clock.notice('sessions delete');
    await cached.load('a');
    expect(calls).toHaveLength(5);
    // A plan.
    clock.notice('plans delete');
    await cached.load('a');
    expect(calls).toHaveLength(6);
  });
});

describe('a kept session waits until this process has caught up with the others (decision 239)', () => {
  it('peek answers nothing until caught up; load waits for a sync begun after the request, and reads afresh after a sign-out heard meanwhile', async () => {
    const { clock, cached, calls, rows } = setup();
    const sent: number[] = [];
    const c = new CatchUp((n) => sent.push(n));
    clock.attachCatchUp(c);
    await cached.load('a');
    expect(calls).toHaveLength(1);
    const mark = cached.mark!();
    expect(cached.peek!('a', false, mark)).toBeUndefined();
    let loading = cached.load('a', false, mark);
    await Promise.resolve();
    c.echoed(1);
    expect((await loading)?.user?.id).toBe(1);
    expect(calls).toHaveLength(1);
    // Signed out on another instance: heard before the sync comes back.
    loading = cached.load('a', false, cached.mark!());
    await Promise.resolve();
    rows.delete('a');
    clock.notice('sessions update');
    c.echoed(2);
    expect(await loading).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
