import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { coachSearch, playerDiscovery, plans, players, profileShares, sessions, users } from '../db/schema';
import { keptReads, loadCatalog, rowKey, type KeptReads, type RowKey } from '../db/write-clock';
import { answerCache, type AnswerCache } from '../plugins/answer-cache';
import { freshDb, isRealPostgres, writesSettled } from './helpers';

/**
 * Every shape of write the app sends empties exactly the kept reads it should (decision 260): the clock
 * learns each one from the database's notifications only, its own process's included, on PGlite (before
 * the statement's promise resolves) and on PostgreSQL (through the listening connection, waited for by the
 * cache's own catch-up: nothing here waits for the notifications by hand).
 */
describe(`a write of every shape empties exactly the kept reads it should (${isRealPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: DbHandle;
  let answers: AnswerCache;
  const ids = { a: 0, b: 0, playerA: 0, playerB: 0, position: 0 };
  const reads = new Map<string, number>();

  /** A kept read: its name, what it declares, its keys and the statement it sends. */
  interface Kept {
    reads: KeptReads;
    rows: RowKey[];
    run: () => Promise<unknown>;
  }
  const kept = (): Record<string, Kept> => {
    const db = handle.db;
    const family = (user: number) => ({
      reads: keptReads([], { rowsOf: ['players'] }),
      rows: [rowKey('players', 'user_id', user)],
      run: () => db.select({ id: players.id }).from(players).where(eq(players.userId, user)),
    });
    const link = (player: number) => ({
      reads: keptReads([], { oneRowOf: ['profile_shares'] }),
      rows: [rowKey('profile_shares', 'player_id', player)],
      run: () => db.select().from(profileShares).where(eq(profileShares.playerId, player)),
    });
    const user = (id: number) => ({
      reads: keptReads([], { oneRowOf: ['users'] }),
      rows: [rowKey('users', 'id', id)],
      run: () => db.select({ id: users.id }).from(users).where(eq(users.id, id)),
    });
    const sessionsOf = (id: number) => ({
      reads: keptReads([], { rowsOf: ['sessions'] }),
      rows: [rowKey('sessions', 'user_id', id)],
      run: () => db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.userId, id)),
    });
    return {
      'family A': family(ids.a),
      'family B': family(ids.b),
      "A's link": link(ids.playerA),
      "B's link": link(ids.playerB),
      'user A': user(ids.a),
      'user B': user(ids.b),
      "A's sessions": sessionsOf(ids.a),
      "B's sessions": sessionsOf(ids.b),
      'coach search': {
        reads: keptReads(['coach_search']),
        rows: [],
        run: () => db.select({ id: coachSearch.playerId }).from(coachSearch).limit(5),
      },
      plans: { reads: keptReads(['plans']), rows: [], run: () => db.select({ id: plans.id }).from(plans) },
    };
  };

  /** Asks every kept read; answers the names of those that read the database. */
  const ask = async () => {
    const fresh: string[] = [];
    for (const [name, k] of Object.entries(kept())) {
      await answers.get(
        name,
        k.reads,
        async () => {
          fresh.push(name);
          reads.set(name, (reads.get(name) ?? 0) + 1);
          return k.run();
        },
        k.rows,
      );
    }
    return fresh.sort();
  };

  beforeAll(async () => {
    handle = await freshDb();
    handle.writes.setCatalog(await loadCatalog(handle.db));
    answers = answerCache(handle.writes, { ttlMs: 600_000 });
    const user = async (name: string) =>
      (
        await handle.db
          .insert(users)
          .values({ username: name, email: name, password: 'x', firstName: 'W', lastName: 'S' })
          .returning({ id: users.id })
      )[0].id;
    ids.a = await user('a@shapes.test');
    ids.b = await user('b@shapes.test');
    const player = async (owner: number) =>
      (
        (await handle.db.execute(sql`
          insert into players (user_id, first_name, last_name, primary_position_id, level, school,
            graduation_year, height_inches, weight)
          select ${owner}, 'P', 'Q', id, 'high_school', 'Westlake', 2030, 70, 180 from positions limit 1
          returning id`)) as unknown as { rows: { id: number }[] }
      ).rows[0].id;
    ids.position = (await handle.db.execute(sql`select id from positions limit 1`)).rows[0].id as number;
    ids.playerA = await player(ids.a);
    ids.playerB = await player(ids.b);
    await handle.db.insert(profileShares).values([
      { playerId: ids.playerA, slug: 'shape-a', show: {} },
      { playerId: ids.playerB, slug: 'shape-b', show: {} },
    ]);
    // B's player is discoverable: a change of its school rebuilds its coach_search row (migration 0023's trigger).
    await handle.db.insert(playerDiscovery).values({ playerId: ids.playerB });
    const later = new Date(Date.now() + 3_600_000);
    await handle.db.insert(sessions).values([
      { sid: 'shape-a', userId: ids.a, data: {}, expiresAt: later },
      { sid: 'shape-b', userId: ids.b, data: {}, expiresAt: later },
    ]);
    await writesSettled(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const everything = () => Object.keys(kept()).sort();

  it.each<[string, () => Promise<unknown>, string[]]>([
    [
      'a Drizzle insert (a new player of family A)',
      () =>
        handle.db.insert(players).values({
          userId: ids.a,
          firstName: 'N',
          lastName: 'P',
          primaryPositionId: ids.position,
          level: 'high_school',
          school: 'Westlake',
          graduationYear: 2030,
          heightInches: 70,
          weight: 180,
        }),
      ['family A'],
    ],
    [
      "a Drizzle update (B's player renamed)",
      () => handle.db.update(players).set({ firstName: 'R' }).where(eq(players.id, ids.playerB)),
      ['family B'],
    ],
    [
      "a Drizzle upsert that updates (A's link turned on)",
      () =>
        handle.db
          .insert(profileShares)
          .values({ playerId: ids.playerA, slug: 'shape-a2', show: {} })
          .onConflictDoUpdate({ target: profileShares.playerId, set: { enabled: true } }),
      ["A's link"],
    ],
    [
      'a Drizzle delete (a session of B signed out)',
      () => handle.db.delete(sessions).where(eq(sessions.sid, 'shape-b')),
      ["B's sessions"],
    ],
    [
      "a raw db.execute (A's login count)",
      () => handle.db.execute(sql`update users set login_count = login_count + 1 where id = ${ids.a}`),
      ['user A'],
    ],
    [
      "a trigger's own write (B's player's school: coach_search is rebuilt by its trigger)",
      () => handle.db.update(players).set({ school: 'Eastlake' }).where(eq(players.id, ids.playerB)),
      ['coach search', 'family B'],
    ],
    [
      'a transaction that writes two tables',
      () =>
        handle.db.transaction(async (tx) => {
          await tx
            .update(plans)
            .set({ rank: sql`${plans.rank}` })
            .where(sql`true`);
          await tx.update(players).set({ lastName: 'T' }).where(eq(players.id, ids.playerA));
        }),
      ['family A', 'plans'],
    ],
    [
      'a transaction that rolls back',
      () =>
        handle.db
          .transaction(async (tx) => {
            await tx
              .update(players)
              .set({ lastName: 'U' })
              .where(inArray(players.userId, [ids.a, ids.b]));
            await tx.update(users).set({ loginCount: 9 }).where(eq(users.id, ids.b));
            tx.rollback();
          })
          .catch(() => undefined),
      [],
    ],
  ])('%s', async (_, write, emptied) => {
    await ask();
    expect(await ask(), 'kept while nothing was written').toEqual([]);
    await write();
    expect(await ask()).toEqual([...emptied].sort());
  });

  it("a cascade delete (user B and, through their foreign keys, B's players, link and sessions)", async () => {
    // B signs in again (the earlier case signed B's one session out).
    await handle.db
      .insert(sessions)
      .values({ sid: 'shape-b2', userId: ids.b, data: {}, expiresAt: new Date(Date.now() + 3_600_000) });
    await ask();
    expect(await ask(), 'kept while nothing was written').toEqual([]);
    await handle.db.delete(users).where(eq(users.id, ids.b));
    const fresh = await ask();
    // B's player was discoverable: the cascade's delete of its player_discovery row runs that table's trigger,
    // which rebuilds the player's coach_search row (migration 0023), a trigger's own write told by coach_search.
    expect(fresh).toEqual(["B's link", "B's sessions", 'coach search', 'family B', 'user B'].sort());
    expect(everything().filter((n) => !fresh.includes(n))).toEqual(
      ["A's link", "A's sessions", 'family A', 'plans', 'user A'].sort(),
    );
  });
  it('a read that overlapped a write to what it read is not kept past it; read again, it is kept', async () => {
    const reads = keptReads([], { rowsOf: ['players'] });
    const rows = [rowKey('players', 'user_id', ids.a)];
    let n = 0;
    const read = async () => {
      n += 1;
      const found = await handle.db.select({ id: players.id }).from(players).where(eq(players.userId, ids.a));
      // Between the read's statement and its end: family A's player renamed (the first time only).
      if (n === 1) await handle.db.update(players).set({ lastName: 'O' }).where(eq(players.userId, ids.a));
      return found;
    };
    await answers.get('overlap', reads, read, rows);
    await answers.get('overlap', reads, read, rows);
    expect(n, 'read again: the first read may predate the write').toBe(2);
    await answers.get('overlap', reads, read, rows);
    expect(n, 'kept once read after the write').toBe(2);
  });
});
