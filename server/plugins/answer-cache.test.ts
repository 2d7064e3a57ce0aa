import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatchUp, keptReads, rowKey, WriteClock } from '../db/write-clock';
import { answerCache } from './answer-cache';

/** A "database" of answers by key, counting its reads; `during` runs inside each read. */
function setup(opts: { heard?: boolean; ttlMs?: number; maxEntries?: number } = {}) {
  const clock = new WriteClock(opts.heard ?? true);
  const rows = new Map<string, { items: { id: number; name: string }[] }>([
    ['a', { items: [{ id: 1, name: 'Jordan' }] }],
    ['b', { items: [{ id: 2, name: 'Riley' }] }],
  ]);
  const reads: string[] = [];
  let during: (() => void | Promise<void>) | null = null;
  const read = (key: string) => async () => {
    reads.push(key);
    await during?.();
    const row = rows.get(key);
    if (!row) throw new Error(`no ${key}`);
    return structuredClone(row);
  };
  const answers = answerCache(clock, { ttlMs: opts.ttlMs ?? 5000, maxEntries: opts.maxEntries });
  return { clock, rows, reads, answers, read, whileReading: (f: typeof during) => (during = f) };
}

const R = keptReads(['players']);

afterEach(() => vi.useRealTimers());

describe('answers kept in memory until a write (decision 216)', () => {
  it('a second read with no write in between is served from memory, the same answer', async () => {
    const { answers, read, reads } = setup();
    const first = await answers.get('a', R, read('a'));
    const second = await answers.get('a', R, read('a'));
    expect(reads).toEqual(['a']);
    expect(second).toEqual({ items: [{ id: 1, name: 'Jordan' }] });
    expect(second).toBe(first);
    // Another key is its own answer.
    expect(await answers.get('b', R, read('b'))).toEqual({ items: [{ id: 2, name: 'Riley' }] });
    expect(reads).toEqual(['a', 'b']);
  });

  it('any write the database tells this process of makes the next read go to the database', async () => {
    const { answers, read, reads, clock, rows } = setup();
    await answers.get('a', R, read('a'));
    rows.set('a', { items: [{ id: 1, name: 'Jordan Lee' }] });
    clock.tick();
    expect(await answers.get('a', R, read('a'))).toEqual({ items: [{ id: 1, name: 'Jordan Lee' }] });
    expect(reads).toEqual(['a', 'a']);
  });

  it('a read during which a write began or ended is not kept: it may predate the write', async () => {
    const { answers, read, reads, clock, whileReading } = setup();
    whileReading(() => clock.tick());
    await answers.get('a', R, read('a'));
    whileReading(null);
    await answers.get('a', R, read('a'));
    await answers.get('a', R, read('a'));
    expect(reads).toEqual(['a', 'a']);
  });

  it('while other processes could write unheard (the listener is down) nothing is kept or served', async () => {
    const { answers, read, reads, clock } = setup({ heard: true });
    await answers.get('a', R, read('a'));
    clock.setHeard(false);
    await answers.get('a', R, read('a'));
    await answers.get('a', R, read('a'));
    expect(reads).toEqual(['a', 'a', 'a']);
    clock.setHeard(true);
    await answers.get('a', R, read('a'));
    await answers.get('a', R, read('a'));
    expect(reads).toHaveLength(4);
  });

  it('an answer is served for ttlMs at most, even with no write', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { answers, read, reads } = setup({ ttlMs: 1000 });
    await answers.get('a', R, read('a'));
    vi.advanceTimersByTime(999);
    await answers.get('a', R, read('a'));
    expect(reads).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await answers.get('a', R, read('a'));
    expect(reads).toHaveLength(2);
  });

  it('a read that fails is not kept: the next one tries again', async () => {
    const { answers, read, reads, rows } = setup();
    await expect(answers.get('c', R, read('c'))).rejects.toThrow('no c');
    rows.set('c', { items: [] });
    expect(await answers.get('c', R, read('c'))).toEqual({ items: [] });
    expect(reads).toEqual(['c', 'c']);
  });

  it('reads of one key begun at the same clock count share one statement; after a write they do not', async () => {
    const { answers, read, reads, clock, whileReading } = setup();
    let release = () => {};
    whileReading(() => new Promise<void>((r) => (release = r)));
    const burst = [
      answers.get('a', R, read('a')),
      answers.get('a', R, read('a')),
      answers.get('a', R, read('a')),
    ];
    await Promise.resolve();
    release();
    const got = await Promise.all(burst);
    expect(reads).toEqual(['a']);
    expect(got[1]).toBe(got[0]);

    const waiting: (() => void)[] = [];
    whileReading(() => new Promise<void>((r) => waiting.push(r)));
    const before = answers.get('b', R, read('b'));
    await Promise.resolve();
    clock.tick(); // a write begins while the first read is on its way
    const after = answers.get('b', R, read('b'));
    await Promise.resolve();
    for (const r of waiting) r();
    await Promise.all([before, after]);
    expect(reads).toEqual(['a', 'b', 'b']);
  });

  it('a kept answer cannot be changed by a handler', async () => {
    const { answers, read } = setup();
    const got = await answers.get('a', R, read('a'));
    expect(() => {
      (got.items as { name: string }[])[0].name = 'changed';
    }).toThrow(TypeError);
    expect((await answers.get('a', R, read('a'))).items[0].name).toBe('Jordan');
  });

  it("keeps a route's JSON as bytes: the wrapper is frozen, the bytes are the same ones every time", async () => {
    const { answers, reads } = setup();
    const read = async () => {
      reads.push('a');
      return { json: Buffer.from('{"items":[]}'), next: 'c1' };
    };
    const first = await answers.get('a', R, read);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as { next: string }).next = 'other';
    }).toThrow(TypeError);
    const second = await answers.get('a', R, read);
    expect(second.json).toBe(first.json);
    expect(second.json.toString()).toBe('{"items":[]}');
    expect(reads).toEqual(['a']);
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const { answers, read, reads } = setup({ maxEntries: 1 });
    await answers.get('a', R, read('a'));
    await answers.get('b', R, read('b'));
    await answers.get('b', R, read('b'));
    await answers.get('a', R, read('a'));
    expect(reads).toEqual(['a', 'b', 'a']);
  });

  it('ttlMs 0 reads every time (ANSWER_CACHE_MS=0)', async () => {
    const { answers, read, reads } = setup({ ttlMs: 0 });
    await answers.get('a', R, read('a'));
    await answers.get('a', R, read('a'));
    expect(reads).toEqual(['a', 'a']);
  });

  it('a write to a table the answer does not read leaves it kept; one to a table it reads does not (decision 225)', async () => {
    const { answers, read, reads, clock, whileReading } = setup();
    clock.setCatalog({
      tables: new Set(['players', 'sessions', 'videos', 'player_video_stats']),
      unique: new Map(),
    });
    await answers.get('a', R, read('a'));
    clock.notice('sessions insert user_id=1');
    clock.notice('videos update');
    await answers.get('a', R, read('a'));
    expect(reads).toEqual(['a']);
    clock.notice('players insert id=3 user_id=1');
    await answers.get('a', R, read('a'));
    expect(reads).toEqual(['a', 'a']);
    // A read during which only another table was written is kept.
    whileReading(() => clock.notice('videos update'));
    await answers.get('b', R, read('b'));
    whileReading(null);
    await answers.get('b', R, read('b'));
    expect(reads).toEqual(['a', 'a', 'b']);
  });

  it('keys told by what the read found: a write to another row leaves the answer kept, one to its own row does not (decision 227)', async () => {
    const { answers, read, reads, clock, whileReading } = setup();
    clock.setCatalog({
      tables: new Set(['profile_shares']),
      unique: new Map([['profile_shares', new Set(['player_id'])]]),
    });
    const links = keptReads([], { oneRowOf: ['profile_shares'] });
    const playerOf = (v: { items: { id: number }[] }) =>
      v.items.map((i) => rowKey('profile_shares', 'player_id', i.id));
    // As the triggers tell them (migration 0038).
    const link = (id: number, kind = 'update') => clock.notice(`profile_shares ${kind} player_id=${id}`);
    await answers.get('a', links, read('a'), playerOf);
    link(2);
    link(3, 'insert');
    link(3);
    link(4, 'insert');
    await answers.get('a', links, read('a'), playerOf);
    expect(reads).toEqual(['a']);
    // Its own row (player 1), and a write that names no row.
    link(1);
    await answers.get('a', links, read('a'), playerOf);
    await answers.get('a', links, read('a'), playerOf);
    expect(reads).toEqual(['a', 'a']);
    clock.notice('profile_shares update');
    await answers.get('a', links, read('a'), playerOf);
    expect(reads).toEqual(['a', 'a', 'a']);
    // A write to its row while it was read: not kept, though the keys were known only afterwards.
    whileReading(() => link(2));
    await answers.get('b', links, read('b'), playerOf);
    whileReading(null);
    await answers.get('b', links, read('b'), playerOf);
    await answers.get('b', links, read('b'), playerOf);
    expect(reads).toEqual(['a', 'a', 'a', 'b', 'b']);
  });
});

describe('a kept answer waits until this process has caught up with the others (decision 239)', () => {
  const withCatchUp = () => {
    const s = setup();
    const sent: number[] = [];
    const c = new CatchUp((n) => sent.push(n));
    s.clock.attachCatchUp(c);
    return { ...s, c, sent };
  };

  it('is served once a sync begun after the request comes back, and read afresh when another process wrote meanwhile', async () => {
    const { answers, read, reads, c, clock, sent, rows } = withCatchUp();
    await answers.get('a', R, read('a'));
    expect(reads).toEqual(['a']);
    // Kept, but another process may have written: the request waits for a sync.
    let waiting = answers.get('a', R, read('a'), [], clock.syncMark());
    await Promise.resolve();
    expect(sent).toEqual([1]);
    c.echoed(1);
    await waiting;
    expect(reads).toEqual(['a']);
    // Another process's rename arrives before the sync comes back: read afresh.
    waiting = answers.get('a', R, read('a'), [], clock.syncMark());
    await Promise.resolve();
    rows.set('a', { items: [{ id: 1, name: 'Avery' }] });
    clock.notice('players update');
    c.echoed(2);
    expect((await waiting).items[0].name).toBe('Avery');
    expect(reads).toEqual(['a', 'a']);
  });

  it('a sync that does not come back sends the request to the database, never to what is kept', async () => {
    const { answers, read, reads, c, clock } = withCatchUp();
    await answers.get('a', R, read('a'));
    const waiting = answers.get('a', R, read('a'), [], clock.syncMark());
    c.fail();
    await waiting;
    expect(reads).toEqual(['a', 'a']);
  });
});
