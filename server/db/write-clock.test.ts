import { tmpdir } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDb, isRealPostgres, otherConnection, writesSettled } from '../test/helpers';
import { openDb } from './client';
import { players, users } from './schema';
import {
  CATCH_UP_WAIT_MS,
  CatchUp,
  checkKeptReads,
  keptReads,
  listenForWrites,
  loadCatalog,
  rowKey,
  UNWATCHED_TABLES,
  WriteClock,
} from './write-clock';
import { checkedRead } from '../plugins/answer-cache';
import { inPgliteRun } from '../test/passes';

const until = async (ok: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
};

describe('what a notification moves (decisions 225, 226, 260)', () => {
  const clockOf = () => {
    const clock = new WriteClock(true);
    clock.setCatalog({
      tables: new Set(['users', 'sessions', 'players', 'player_details', 'leaderboard']),
      unique: new Map([
        ['users', new Set(['id'])],
        ['sessions', new Set(['sid'])],
        ['players', new Set(['id'])],
      ]),
    });
    return clock;
  };

  it('a kept row stays while other rows of its table change, and goes when its own row or the whole table does', () => {
    const clock = clockOf();
    const reads = keptReads([], { oneRowOf: ['users'] });
    const mine = [rowKey('users', 'id', 1)];
    const at = () => clock.lastWriteTo(reads, mine);
    const start = at();
    clock.notice('users update id=2');
    clock.notice('users insert id=3');
    clock.notice('sessions update user_id=2');
    expect(at()).toBe(start);
    // Another read of the whole table sees those writes, and so does a read of a scoped table with no key.
    expect(clock.lastWriteTo(keptReads(['users']))).toBeGreaterThan(start);
    expect(clock.lastWriteTo(reads)).toBeGreaterThan(start);
    clock.notice('users update id=1');
    const own = at();
    expect(own).toBeGreaterThan(start);
    // A write that names no row (several users at once) may have written any.
    clock.notice('users update');
    expect(at()).toBeGreaterThan(own);
    const third = at();
    clock.notice('users truncate');
    expect(at()).toBeGreaterThan(third);
  });

  it("a family's kept players stay while another family adds, edits or removes its own, and go with their own (decision 226)", () => {
    const clock = clockOf();
    const reads = keptReads([], { rowsOf: ['players'] });
    const mine = [rowKey('players', 'user_id', 9)];
    const at = () => clock.lastWriteTo(reads, mine);
    // Writes before a scope is first asked about count as loose: the first ask sees them.
    clock.notice('players update id=1 user_id=4');
    const start = at();
    expect(start).toBe(clock.count);
    clock.notice('players insert id=2 user_id=4');
    clock.notice('players update id=2 user_id=4');
    clock.notice('players delete id=2 user_id=4');
    clock.notice('users update');
    expect(at()).toBe(start);
    // One of its own: a new player, an edit, a removal.
    for (const kind of ['insert', 'update', 'delete']) {
      const before = at();
      clock.notice(`players ${kind} id=3 user_id=9`);
      expect(at()).toBeGreaterThan(before);
    }
    // Rows it cannot place: an insert of several families' players, a player moved between families.
    let before = at();
    clock.notice('players insert');
    expect(at()).toBeGreaterThan(before);
    before = at();
    clock.notice('players update id=5');
    expect(at()).toBeGreaterThan(before);
    // Another table (a trigger's own write tells of its own table) leaves it.
    before = at();
    clock.notice('player_details update');
    expect(at()).toBe(before);
    // One player's row by its id (a library's owner row): a new player is never it.
    const library = keptReads([], { oneRowOf: ['players'] });
    const one = [rowKey('players', 'id', 7)];
    const l0 = clock.lastWriteTo(library, one);
    clock.notice('players insert id=10 user_id=4');
    clock.notice('players update id=8 user_id=9');
    expect(clock.lastWriteTo(library, one)).toBe(l0);
    clock.notice('players update id=7 user_id=4');
    expect(clock.lastWriteTo(library, one)).toBeGreaterThan(l0);
  });

  it('a notification moves its table only; one it cannot read, or any before the catalog is read, moves everything', () => {
    const clock = clockOf();
    const player = keptReads(['players']);
    const board = keptReads(['leaderboard']);
    const p0 = clock.lastWriteTo(player);
    const b0 = clock.lastWriteTo(board);
    clock.notice('players update');
    expect(clock.lastWriteTo(player)).toBeGreaterThan(p0);
    expect(clock.lastWriteTo(board)).toBe(b0);
    clock.notice('settled:abc');
    expect(clock.lastWriteTo(board)).toBeGreaterThan(b0);
    const b1 = clock.lastWriteTo(board);
    clock.notice('made_later insert');
    expect(clock.lastWriteTo(board)).toBeGreaterThan(b1);
    const fresh = new WriteClock(true);
    const f0 = fresh.lastWriteTo(board);
    fresh.notice('players update id=1 user_id=2');
    expect(fresh.lastWriteTo(board)).toBeGreaterThan(f0);
  });
});

/** A fresh database, a second connection that writes to it, and the notifications this process hears. */
async function listening() {
  const handle = await freshDb();
  const other = await otherConnection(handle);
  const heard: (string | undefined)[] = [];
  const off = handle.writes.onNotice((p) => heard.push(p));
  const close = async () => {
    off();
    await other.end();
    await handle.close();
  };
  return { handle, other, heard, off, close };
}

describe('the write clock on the database the tests run on', () => {
  it("reads leave it; a write moves its table once the database tells of it, before the caller goes on on PGlite; a transaction's writes at its commit, a rolled back one's never (decision 260)", async () => {
    const handle = await freshDb();
    try {
      const clock = handle.writes;
      expect(clock.heard).toBe(true);
      clock.setCatalog(await loadCatalog(handle.db));
      expect(clock.catalog?.tables.has('players')).toBe(true);
      const ofUsers = keptReads(['users']);
      const ofPlayers = keptReads(['players']);
      // On PostgreSQL the notifications come through the listening connection: waited for as a request would.
      const told = () => writesSettled(handle);
      await handle.db.execute(sql`
        with u as (
          insert into users (username, email, password, first_name, last_name)
          values ('clock@writes.test', 'clock@writes.test', 'x', 'C', 'W') returning id
        )
        insert into players (user_id, first_name, last_name, primary_position_id, level, school,
          graduation_year, height_inches, weight)
        select u.id, 'P', 'Q', p.id, 'high_school', 'Westlake', 2030, 70, 180
        from u, (select id from positions limit 1) p`);
      await told();
      const start = clock.count;
      await handle.db.select().from(users).where(eq(users.id, 1));
      await handle.db.execute(sql`select count(*) from users`);
      await told();
      expect(clock.count).toBe(start);

      const [{ id }] = await handle.db.select({ id: users.id }).from(users).limit(1);
      const p0 = clock.lastWriteTo(ofPlayers);
      const u0 = clock.lastWriteTo(ofUsers);
      let during = -1;
      const write = handle.db.update(users).set({ loginCount: 3 }).where(eq(users.id, id));
      await write.then(() => (during = clock.lastWriteTo(ofUsers)));
      // PGlite calls the listener back before the statement's promise resolves.
      if (!isRealPostgres()) expect(during).toBeGreaterThan(u0);
      await told();
      expect(clock.lastWriteTo(ofUsers)).toBeGreaterThan(u0);
      expect(clock.lastWriteTo(ofPlayers)).toBe(p0);

      // A transaction that only reads moves nothing; one that writes moves its tables at its commit.
      const u1 = clock.lastWriteTo(ofUsers);
      await handle.db.transaction(async (tx) => {
        await tx.select().from(users).limit(1);
      });
      await told();
      expect(clock.lastWriteTo(ofUsers)).toBe(u1);
      let inside = -1;
      const p1 = clock.lastWriteTo(ofPlayers);
      await handle.db.transaction(async (tx) => {
        await tx
          .update(players)
          .set({ firstName: 'x' })
          .where(sql`true`);
        inside = clock.lastWriteTo(ofPlayers);
      });
      expect(inside).toBe(p1);
      await told();
      expect(clock.lastWriteTo(ofPlayers)).toBeGreaterThan(inside);
      expect(clock.lastWriteTo(ofUsers)).toBe(u1);
      const p2 = clock.lastWriteTo(ofPlayers);
      await expect(
        handle.db.transaction(async (tx) => {
          await tx
            .update(players)
            .set({ firstName: 'y' })
            .where(sql`true`);
          tx.rollback();
        }),
      ).rejects.toThrow();
      await told();
      expect(clock.lastWriteTo(ofPlayers)).toBe(p2);
    } finally {
      await handle.close();
    }
  });

  it('under CHECK_KEPT_READS a kept read that reads a table it does not declare fails (decision 225)', async () => {
    const handle = await freshDb();
    try {
      checkKeptReads();
      const clock = handle.writes;
      clock.setCatalog(await loadCatalog(handle.db));
      const readPlayers = () => handle.db.select({ id: players.id }).from(players).limit(1);
      await expect(checkedRead(clock, 'a test read', keptReads(['users']), readPlayers)).rejects.toThrow(
        /a test read reads players without declaring it/,
      );
      expect(await checkedRead(clock, 'a test read', keptReads(['players']), readPlayers)).toEqual(
        expect.any(Array),
      );
      await expect(checkedRead(clock, 'a test read', keptReads(['player']), async () => 1)).rejects.toThrow(
        /declares tables the database does not have: player/,
      );
    } finally {
      await handle.close();
    }
  });

  it('every table notifies its writes except the unwatched ones, and a write to those changes no other table (decision 216)', async () => {
    const handle = await freshDb();
    try {
      const rowsOf = async <T>(q: ReturnType<typeof sql>) =>
        ((await handle.db.execute(q)) as unknown as { rows: T[] }).rows;
      const tables = await rowsOf<{ name: string; notifies: boolean; triggers: number }>(sql`
        select c.relname as name,
          exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = c.relname || '_notify_writes') as notifies,
          (select count(*) from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal)::int as triggers
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')`);
      expect(tables.length).toBeGreaterThan(30);
      for (const name of UNWATCHED_TABLES) expect(tables.map((t) => t.name)).toContain(name);
      const silent = tables.filter((t) => !UNWATCHED_TABLES.has(t.name) && !t.notifies).map((t) => t.name);
      expect(silent, 'tables a kept answer may read but whose writes other processes would not hear').toEqual(
        [],
      );
      const triggered = tables
        .filter((t) => UNWATCHED_TABLES.has(t.name) && t.triggers > 0)
        .map((t) => t.name);
      expect(triggered, 'unwatched tables with a trigger (it could write a watched table)').toEqual([]);
      // A foreign key on a watched table that acts when an unwatched row is deleted or its key changes.
      const keys = await rowsOf<{ owner: string; target: string; onDelete: string; onUpdate: string }>(sql`
        select c.conrelid::regclass::text as owner, c.confrelid::regclass::text as target,
          c.confdeltype::text as "onDelete", c.confupdtype::text as "onUpdate"
        from pg_constraint c where c.contype = 'f'`);
      const name = (t: string) => t.replace(/^public\./, '').replace(/"/g, '');
      expect(keys.length).toBeGreaterThan(10);
      const acting = keys.filter(
        (k) =>
          UNWATCHED_TABLES.has(name(k.target)) &&
          !UNWATCHED_TABLES.has(name(k.owner)) &&
          !(['a', 'r'].includes(k.onDelete) && ['a', 'r'].includes(k.onUpdate)),
      );
      expect(acting).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it.runIf(isRealPostgres())(
    'notifications are reported in commit order, and a sync begun after a write comes back after it (writesSettled)',
    async () => {
      const { handle, other, heard, off, close } = await listening();
      try {
        await other.query(`update subscriptions set id = id where false`);
        await other.query(`update plans set id = id where false`);
        await writesSettled(handle);
        expect(heard).toEqual(['subscriptions update', 'plans update']);
        off();
        await other.query(`update subscriptions set id = id where false`);
        await writesSettled(handle);
        expect(heard).toHaveLength(2);
      } finally {
        await close();
      }
    },
  );

  it.runIf(isRealPostgres())(
    "another process's write is heard through LISTEN, except to an unwatched table",
    async () => {
      const handle = await freshDb();
      const other = await otherConnection(handle);
      try {
        const clock = handle.writes;
        expect(clock.heard).toBe(true);
        clock.setCatalog(await loadCatalog(handle.db));
        const [{ id: someone }] = (
          await other.query(
            `insert into users (username, email, password, first_name, last_name)
             values ('row@notify.test', 'row@notify.test', 'x', 'Row', 'Notify') returning id`,
          )
        ).rows as { id: number }[];
        let start = clock.count;
        await other.query(`update users set login_count = login_count where id = $1`, [someone]);
        expect(await until(() => clock.count > start)).toBe(true);
        for (const [table, key] of [
          ['subscriptions', 'id'],
          ['plans', 'id'],
        ]) {
          start = clock.count;
          await other.query(`update ${table} set ${key} = ${key} where false`);
          expect(await until(() => clock.count > start), table).toBe(true);
        }
        // An unwatched table (decision 216) sends nothing; every other one does, and moves its own reads only.
        start = clock.count;
        const ofUsers = clock.lastWriteTo(keptReads(['users']));
        await other.query(
          `insert into players (user_id, first_name, last_name, primary_position_id, level, school,
             graduation_year, height_inches, weight)
           select $1, 'P', 'Q', id, 'high_school', 'Westlake', 2030, 70, 180 from positions limit 1`,
          [someone],
        );
        // Waits for the players' own notification: a late one of the statements above can move the count first.
        expect(await until(() => clock.lastWriteTo(keptReads(['players'])) > start), 'players').toBe(true);
        expect(clock.lastWriteTo(keptReads(['players']))).toBeGreaterThan(start);
        expect(clock.lastWriteTo(keptReads(['users']))).toBe(ofUsers);
        // A statement that writes no row of a table that names its rows sends nothing (migration 0038).
        start = clock.count;
        await other.query(`update players set id = id where false`);
        await writesSettled(handle);
        expect(clock.lastWriteTo(keptReads(['players']))).toBeLessThanOrEqual(start);
        // An update of one user names its row (migration 0036): other users' kept rows stay.
        const oneUser = keptReads([], { oneRowOf: ['users'] });
        const theirs = clock.lastWriteTo(oneUser, [rowKey('users', 'id', someone)]);
        const another = clock.lastWriteTo(oneUser, [rowKey('users', 'id', someone + 1_000_000)]);
        start = clock.count;
        await other.query(`update users set login_count = login_count where id = $1`, [someone]);
        await writesSettled(handle);
        expect(clock.lastWriteTo(oneUser, [rowKey('users', 'id', someone)])).toBeGreaterThan(theirs);
        expect(clock.lastWriteTo(oneUser, [rowKey('users', 'id', someone + 1_000_000)])).toBe(another);
        start = clock.count;
        await other.query(`update jobs set id = id where id is null`);
        await new Promise((r) => setTimeout(r, 200));
        expect(clock.count).toBe(start);
      } finally {
        await other.end();
        await handle.close();
      }
    },
  );

  it.runIf(isRealPostgres())(
    "another process's write to players, users, sessions or profile links names the rows it wrote (migrations 0037, 0038, 0044; decisions 226, 227, 260)",
    async () => {
      const { handle, other, heard, close } = await listening();
      try {
        const clock = handle.writes;
        clock.setCatalog(await loadCatalog(handle.db));
        const user = async (name: string) =>
          (
            (await other.query(
              `insert into users (username, email, password, first_name, last_name)
               values ($1, $1, 'x', 'Row', 'Notify') returning id`,
              [`${name}@rows.test`],
            )) as { rows: { id: number }[] }
          ).rows[0].id;
        const [mine, theirs] = [await user('mine'), await user('theirs')];
        const [{ id: position }] = (await other.query(`select id from positions limit 1`)).rows as {
          id: number;
        }[];
        const addPlayer = async (owner: number) =>
          (
            (await other.query(
              `insert into players (user_id, first_name, last_name, primary_position_id, level, school,
                 graduation_year, height_inches, weight)
               values ($1, 'P', 'Q', $2, 'high_school', 'Westlake', 2030, 70, 180) returning id`,
              [owner, position],
            )) as { rows: { id: number }[] }
          ).rows[0].id;
        const myPlayer = await addPlayer(mine);
        const dashboard = keptReads([], { rowsOf: ['players'] });
        const myRows = [rowKey('players', 'user_id', mine)];
        await writesSettled(handle);
        heard.length = 0;
        const d0 = clock.lastWriteTo(dashboard, myRows);
        const theirPlayer = await addPlayer(theirs);
        await other.query(`update players set first_name = 'R' where id = $1`, [theirPlayer]);
        // A session's id is a credential: its notification names its user, never its id (migration 0044).
        await other.query(
          `insert into sessions (sid, user_id, data, expires_at) values ('s-theirs', $1, '{}', now() + interval '1 hour')`,
          [theirs],
        );
        await other.query(`update sessions set data = data where sid = 's-theirs'`);
        await other.query(`delete from players where id = $1`, [theirPlayer]);
        await writesSettled(handle);
        expect(heard.slice(0, 5)).toEqual([
          `players insert id=${theirPlayer} user_id=${theirs}`,
          `players update id=${theirPlayer} user_id=${theirs}`,
          `sessions insert user_id=${theirs}`,
          `sessions update user_id=${theirs}`,
          `players delete id=${theirPlayer} user_id=${theirs}`,
        ]);
        expect(clock.lastWriteTo(dashboard, myRows)).toBe(d0);
        // Its own player; then a player moved from another family to it (the update names no owner).
        await other.query(`update players set first_name = 'S' where id = $1`, [myPlayer]);
        await writesSettled(handle);
        const d1 = clock.lastWriteTo(dashboard, myRows);
        expect(d1).toBeGreaterThan(d0);
        const moved = await addPlayer(theirs);
        await writesSettled(handle);
        const d2 = clock.lastWriteTo(dashboard, myRows);
        expect(d2).toBe(d1);
        heard.length = 0;
        await other.query(`update players set user_id = $1 where id = $2`, [mine, moved]);
        await writesSettled(handle);
        expect(heard[0]).toBe(`players update id=${moved}`);
        expect(clock.lastWriteTo(dashboard, myRows)).toBeGreaterThan(d2);
        // Profile links name their player (migration 0038, decision 227); visits counted notify nothing.
        const theirNext = await addPlayer(theirs);
        await other.query(`insert into profile_shares (player_id, slug, show) values ($1, 'mine', '{}')`, [
          myPlayer,
        ]);
        await writesSettled(handle);
        const page = keptReads([], { oneRowOf: ['profile_shares'] });
        const myLink = [rowKey('profile_shares', 'player_id', myPlayer)];
        const p0 = clock.lastWriteTo(page, myLink);
        heard.length = 0;
        await other.query(
          `insert into profile_shares (player_id, slug, show) values ($1, 'theirs', '{}')
           on conflict (player_id) do update set enabled = true`,
          [theirNext],
        );
        await other.query(`update profile_shares set enabled = true where player_id = $1`, [theirNext]);
        await other.query(
          `insert into profile_share_views (share_id, count) select id, 1 from profile_shares where player_id = $1`,
          [myPlayer],
        );
        await writesSettled(handle);
        expect(heard.filter((h) => !h?.startsWith('settled:'))).toEqual([
          `profile_shares insert player_id=${theirNext}`,
          `profile_shares update player_id=${theirNext}`,
        ]);
        expect(clock.lastWriteTo(page, myLink)).toBe(p0);
        await other.query(`update profile_shares set enabled = true where player_id = $1`, [myPlayer]);
        await writesSettled(handle);
        expect(clock.lastWriteTo(page, myLink)).toBeGreaterThan(p0);
        heard.length = 0;
        await other.query(`delete from users where id = $1`, [theirs]);
        await other.query(`update users set login_count = login_count where id in ($1, $2)`, [mine, theirs]);
        await writesSettled(handle);
        expect(heard).toContain(`users delete id=${theirs}`);
        expect(heard).toContain(`users update id=${mine}`);
      } finally {
        await close();
      }
    },
  );

  it.runIf(isRealPostgres())(
    'while the listening connection is lost nothing counts as heard; it reconnects by itself',
    async () => {
      const handle = await freshDb();
      const url = handle.pool!.options.connectionString!;
      const clock = new WriteClock(false);
      const lost: string[] = [];
      const listener = await listenForWrites(url, clock, {
        retryMs: 50,
        onLost: (e) => lost.push(e.message),
      });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        expect(clock.heard).toBe(true);
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = 'va-listener' and datname = current_database() and pid <> pg_backend_pid()`,
        );
        expect(await until(() => !clock.heard)).toBe(true);
        expect(lost.length).toBeGreaterThan(0);
        expect(await until(() => clock.heard)).toBe(true);
        const start = clock.count;
        await admin.query(`update plans set id = id where id is null`);
        expect(await until(() => clock.count > start)).toBe(true);
      } finally {
        await admin.end();
        await listener.stop();
        await handle.close();
      }
      expect(clock.heard).toBe(false);
    },
  );

  it('a database nobody can reach is never heard (a cache then serves nothing)', async () => {
    const clock = new WriteClock(false);
    const listener = await listenForWrites('postgres://postgres:postgres@127.0.0.1:1/none', clock, {
      retryMs: 60_000,
      onLost: () => {},
    });
    expect(clock.heard).toBe(false);
    await listener.stop();
  });

  // A PGlite of its own whatever the pass: run in the PGlite pass only (decision 339).
  inPgliteRun(
    'embedded PGlite: its own process is the only writer, so it is heard from the start',
    async () => {
      const handle = await openDb({ databaseUrl: 'memory://', dataDir: tmpdir() });
      try {
        expect(handle.writes.heard).toBe(true);
      } finally {
        await handle.close();
      }
    },
  );
});

describe('catching up with other processes before serving from memory (decision 239)', () => {
  /** A clock with a catch-up whose syncs the test answers: `sent` holds the numbers sent. */
  const setup = () => {
    const clock = new WriteClock(true);
    const sent: number[] = [];
    const c = new CatchUp((n) => sent.push(n));
    clock.attachCatchUp(c);
    return { clock, c, sent };
  };

  it('a request is caught up only by a sync begun after it arrived; the requests of the moment share one', async () => {
    const { clock, c, sent } = setup();
    const mark = clock.syncMark();
    expect(clock.caughtUp(mark)).toBe(false);
    const first = clock.catchUp(mark);
    const second = clock.catchUp(mark);
    expect(sent).toEqual([1]);
    // A request arriving while sync 1 is in flight needs the next one: sync 1 may predate its write.
    const late = clock.syncMark();
    const third = clock.catchUp(late);
    expect(sent).toEqual([1]);
    c.echoed(1);
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(clock.caughtUp(mark)).toBe(true);
    expect(clock.caughtUp(late)).toBe(false);
    expect(sent).toEqual([1, 2]);
    c.echoed(2);
    expect(await third).toBe(true);
    // Caught up already: no promise, no sync.
    expect(clock.catchUp(late)).toBe(true);
    expect(sent).toEqual([1, 2]);
  });

  it('a slow sync sends the waiting requests to the database; one overdue counts as a lost listener; not hearing, nothing waits', async () => {
    const { clock, c, sent } = setup();
    const t0 = Date.now();
    const waiting = clock.catchUp(clock.syncMark());
    expect(c.beat(t0 + 10)).toBe(true);
    expect(c.beat(t0 + CATCH_UP_WAIT_MS + 10)).toBe(true);
    expect(await waiting).toBe(false);
    expect(c.beat(t0 + 10_000)).toBe(false);
    clock.setHeard(false, 'test');
    expect(clock.catchUp(clock.syncMark())).toBe(false);
    expect(clock.caughtUp(0)).toBe(false);
    expect(sent).toEqual([1]);
  });

  it('an idle process sends a heartbeat sync; embedded PGlite (no catch-up) is always caught up', () => {
    const { c, sent } = setup();
    expect(c.beat(Date.now() + 1000)).toBe(true);
    expect(sent).toEqual([1]);
    const alone = new WriteClock(true);
    expect(alone.caughtUp(alone.syncMark())).toBe(true);
    expect(alone.catchUp(alone.syncMark())).toBe(true);
  });

  it.runIf(isRealPostgres())(
    "on PostgreSQL a sync comes back after another connection's write committed before it began",
    async () => {
      const handle = await freshDb();
      const other = await otherConnection(handle);
      try {
        const clock = handle.writes;
        for (let i = 0; i < 50; i++) {
          const before = clock.count;
          await other.query(`update plans set name = name where id = (select min(id) from plans)`);
          expect(await clock.catchUp(clock.syncMark())).toBe(true);
          expect(clock.count, `round ${i}`).toBeGreaterThan(before);
        }
      } finally {
        await other.end();
        await handle.close();
      }
    },
  );
});
