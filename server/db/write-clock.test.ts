import { tmpdir } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDb, isRealPostgres, otherConnection, writesSettled } from '../test/helpers';
import { openDb } from './client';
import { players, users } from './schema';
import {
  DELETE,
  INSERT,
  isPlainRead,
  CATCH_UP_WAIT_MS,
  CatchUp,
  checkKeptReads,
  keptReads,
  listenForWrites,
  rowKey,
  rowsWritten,
  UNWATCHED_TABLES,
  UPDATE,
  WriteClock,
  writesOf,
} from './write-clock';
import { loadWriteEffects, writeEffects } from './write-effects';
import { checkedRead } from '../plugins/answer-cache';

const until = async (ok: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
};

describe('which statements are plain reads (decision 215)', () => {
  it.each([
    ['select * from users where id = $1', true],
    ['  WITH x AS (select 1) select * from x', true],
    ['/* plan per call */ select id from schools where name like $1', true],
    ['select updated_at, deleted_at from users', true],
    ['update users set role = $1', false],
    ['insert into sessions values ($1)', false],
    ['with d as (delete from jobs returning id) select * from d', false],
    ['select * from jobs for update skip locked', false],
    ["select nextval('x')", false],
    ['select 1; update users set role = 1', false],
    ['commit', false],
    ['begin', false],
    ['LISTEN va_writes', false],
  ])('%s -> %s', (text, read) => {
    expect(isPlainRead(text)).toBe(read);
  });
});

/** What `writesOf` tells of a statement, as a plain object (or 'all'). */
const w = (text: string) => {
  const r = writesOf(text);
  return r === 'all' ? 'all' : Object.fromEntries(r);
};

describe('which writes leave the clock as it is: unwatched tables only (decisions 216, 225)', () => {
  it.each([
    [
      'insert into "rate_limits" ("key", "hits", "reset_at") values ($1, 1, now()) on conflict ("key") do update set "hits" = "rate_limits"."hits" + 1 returning "hits"',
      {},
    ],
    ['update "jobs" set "locked_at" = now() where ("jobs"."id" = $1 and "jobs"."status" = $2)', {}],
    [
      'update "jobs" set status = \'running\' where id = (select id from "jobs" where status = \'queued\' order by run_at for update skip locked limit 1) returning id',
      {},
    ],
    ['insert into "analytics_events" ("name") values ($1)', {}],
    ['delete from "rate_limits" where "rate_limits"."reset_at" < now()', {}],
    ['insert into public.mail_outbox (to_address) values ($1)', {}],
    ['insert into "jobs" ("type", "payload") select $1, $2 from "players" where "players"."id" = $3', {}],
    ['select * from "jobs"', {}],
    ['update "players" set "name" = $1', { players: UPDATE }],
    ['insert into "sessions" values ($1)', { sessions: INSERT }],
    ['with d as (delete from "jobs" returning id) insert into "videos" select 1', { videos: INSERT }],
    ['update "jobs" set x = 1; update "players" set y = 2', 'all'],
    ['truncate "rate_limits"', 'all'],
    ['lock table "jobs"', 'all'],
    ['insert into "jobs" (id) values (nextval(\'players_id_seq\'))', 'all'],
  ])('%s', (text, expected) => {
    expect(w(text)).toEqual(expected);
  });
});

describe('what one statement writes, table by table (decision 225)', () => {
  it.each([
    ['select * from users where id = $1', {}],
    ['select * from "jobs" where id = $1 for update skip locked', {}],
    ['set local statement_timeout = 1000', {}],
    ['savepoint sp1', {}],
    ['insert into "sessions" ("sid") values ($1) on conflict ("sid") do nothing', { sessions: INSERT }],
    [
      'insert into "sessions" ("sid") values ($1) on conflict ("sid") do update set "data" = $2',
      { sessions: INSERT | UPDATE },
    ],
    ['update "players" set "name" = $1 where "players"."id" = $2', { players: UPDATE }],
    ['delete from "videos" where "videos"."id" = $1', { videos: DELETE }],
    ['with d as (delete from "jobs" returning id) update "players" set id = id', { players: UPDATE }],
    ['insert into "rate_limits" ("key") values ($1) on conflict ("key") do update set hits = 1', {}],
    [
      'update "players" set "name" = $1 from "videos" where "videos"."player_id" = "players"."id"',
      { players: UPDATE },
    ],
    ['update "jobs" set x = 1; update "players" set y = 2', 'all'],
    ['truncate "players"', 'all'],
    ["select nextval('x')", 'all'],
    ['insert into "players" (id) values (nextval(\'players_id_seq\'))', 'all'],
    ['create table x (id int)', 'all'],
  ])('%s', (text, expected) => {
    expect(w(text)).toEqual(expected);
  });
});

describe('the rows a write touches (decisions 225, 226)', () => {
  const cells = (text: string, values: unknown[] | undefined) => {
    const r = rowsWritten(text, values);
    return r && { table: r.table, ...Object.fromEntries(r.cells) };
  };
  it.each([
    [
      'update "users" set "last_login_at" = now(), "login_count" = "users"."login_count" + 1 where "users"."id" = $2 returning "id"',
      ['2026-01-01', 7],
      { table: 'users', id: ['7'] },
    ],
    [
      'update "sessions" set "expires_at" = $1 where ("sessions"."sid" = $2 and ("sessions"."data"->>\'revoked\') is null)',
      [null, 'abc'],
      { table: 'sessions', sid: ['abc'] },
    ],
    ['delete from "videos" where "videos"."id" = $1', [3], { table: 'videos', id: ['3'] }],
    [
      'update "players" set "first_name" = $1 where ("players"."id" = $2 and "players"."user_id" = $3)',
      ['Ann', 7, 9],
      { table: 'players', id: ['7'], user_id: ['9'] },
    ],
    // A column the update sets is not confined to its old value: the row may move to another family.
    [
      'update "players" set "user_id" = $1 where ("players"."id" = $2 and "players"."user_id" = $3)',
      [4, 7, 9],
      { table: 'players', id: ['7'] },
    ],
    // An `or`, another table's column, no parameter: nothing confined; a subquery's condition is not the statement's.
    ['update "users" set x = 1 where ("users"."id" = $1 or "users"."id" = $2)', [1, 2], { table: 'users' }],
    ['update "users" set x = 1 where "players"."id" = $1', [1], { table: 'users' }],
    [
      'update "users" set x = 1 where "users"."role" = $1 or "users"."name" = $2 and "users"."id" = $3',
      ['a', 'b', 3],
      { table: 'users' },
    ],
    [
      'update "users" set x = 1 where "users"."role" = $1 and ("users"."id" = $2)',
      ['a', 3],
      { table: 'users', role: ['a'], id: ['3'] },
    ],
    [
      'update "users" set x = 1 where "users"."a" = $1 or "users"."b" = $2 and ("users"."id" = $3)',
      [1, 2, 3],
      { table: 'users' },
    ],
    [
      'update "users" set x = 1 where ("users"."id" = $1) and ("users"."role" = $2 or "users"."role" = $3)',
      [3, 'a', 'b'],
      { table: 'users', id: ['3'] },
    ],
    [
      'update "users" set x = (select 1 from t where "users"."id" = $1) where "users"."role" = $2',
      [1, 'a'],
      { table: 'users', role: ['a'] },
    ],
    ['update "users" set x = 1 where "users"."id" = 5', [], { table: 'users' }],
    ['update "users" set x = 1', [], null],
    ['update "users" set x = 1 where "users"."id" = $1', undefined, null],
    // An insert: each column whose every row holds a parameter.
    [
      'insert into "players" ("id", "user_id", "first_name", "created_at") values (default, $1, $2, now()) returning "id"',
      [9, 'Ann'],
      { table: 'players', user_id: ['9'], first_name: ['Ann'] },
    ],
    [
      'insert into "players" ("user_id", "first_name") values ($1, $2), ($3, \'Bo, Jr\')',
      [9, 'Ann', 4],
      { table: 'players', user_id: ['9', '4'] },
    ],
    [
      'insert into "sessions" ("sid", "data") values ($1, $2::jsonb) on conflict ("sid") do nothing',
      ['s1', '{}'],
      { table: 'sessions', sid: ['s1'] },
    ],
    // An upsert that updates (decision 227): its conflict columns only, less those its `set` assigns.
    [
      'insert into "profile_shares" ("id", "player_id", "slug", "enabled") values (default, $1, $2, $3) on conflict ("player_id") do update set "enabled" = $4, "version" = "profile_shares"."version" + 1 returning "id"',
      [12, 'abc', true, true],
      { table: 'profile_shares', player_id: ['12'] },
    ],
    [
      'insert into "t" ("a", "b", "c") values ($1, $2, $3) on conflict ("a", "b") do update set "b" = excluded."b", "c" = $4 where "t"."c" = $5',
      [1, 2, 3, 4, 5],
      { table: 't', a: ['1'] },
    ],
    [
      'insert into "t" ("a", "b") values ($1, $2) on conflict on constraint "t_a_key" do update set "b" = $3',
      [1, 2, 3],
      null,
    ],
    [
      'insert into "t" ("a", "b") values ($1, $2) on conflict (lower("a")) do update set "b" = $3',
      [1, 2, 3],
      null,
    ],
    ['insert into "players" select * from "players_old"', [], null],
  ])('%s', (text, values, expected) => {
    expect(cells(text, values)).toEqual(expected);
  });

  const clockOf = () => {
    const clock = new WriteClock(true);
    clock.setEffects(
      writeEffects({
        tables: ['users', 'sessions', 'players', 'player_details'],
        triggers: [{ table: 'player_details', fn: 'touch_players' }],
        functions: [{ fn: 'touch_players', src: 'begin update players set x = 1; return null; end' }],
        keys: [],
        unique: [
          { table: 'users', column: 'id' },
          { table: 'sessions', column: 'sid' },
          { table: 'players', column: 'id' },
        ],
      }),
    );
    return clock;
  };
  const rows = (table: string, cells: Record<string, (string | number)[]>) => ({
    table,
    cells: new Map(Object.entries(cells).map(([c, vs]) => [c, vs.map(String)])),
  });

  it('a kept row stays while other rows of its table change, and goes when its own row or the whole table does', () => {
    const clock = clockOf();
    const reads = keptReads([], { oneRowOf: ['users', 'sessions'] });
    const mine = [rowKey('users', 'id', 1), rowKey('sessions', 'sid', 'a')];
    const at = () => clock.lastWriteTo(reads, mine);
    const start = at();
    clock.tickWrites(new Map([['users', UPDATE]]), true, rows('users', { id: [2] }));
    clock.tickWrites(new Map([['sessions', INSERT]]));
    clock.tickWrites(new Map([['users', INSERT]]));
    clock.tickWrites(new Map([['sessions', UPDATE]]), true, rows('sessions', { sid: ['b'] }));
    expect(at()).toBe(start);
    // Another read of the whole table sees those writes, and so does a read of a scoped table with no key.
    expect(clock.lastWriteTo(keptReads(['users']))).toBeGreaterThan(start);
    expect(clock.lastWriteTo(reads, [rowKey('users', 'id', 1)])).toBeGreaterThan(start);
    clock.tickWrites(new Map([['users', UPDATE]]), true, rows('users', { id: [1] }));
    const own = at();
    expect(own).toBeGreaterThan(start);
    clock.tickWrites(new Map([['sessions', DELETE]]));
    expect(at()).toBeGreaterThan(own);
    // A condition on another column may touch any row.
    const third = at();
    clock.tickWrites(new Map([['users', UPDATE]]), true, rows('users', { role: ['a'] }));
    expect(at()).toBeGreaterThan(third);
  });

  it("a family's kept players stay while another family adds, edits or removes its own, and go with their own (decision 226)", () => {
    const clock = clockOf();
    const reads = keptReads([], { rowsOf: ['players'] });
    const mine = [rowKey('players', 'user_id', 9)];
    const at = () => clock.lastWriteTo(reads, mine);
    // Writes before a scope is first asked about count as loose: the first ask sees them.
    clock.tickWrites(new Map([['players', UPDATE]]), true, rows('players', { id: [1], user_id: [4] }));
    const start = at();
    expect(start).toBe(clock.count);
    clock.tickWrites(new Map([['players', INSERT]]), true, rows('players', { user_id: [4] }));
    clock.tickWrites(new Map([['players', UPDATE]]), true, rows('players', { id: [2], user_id: [4] }));
    clock.tickWrites(new Map([['players', DELETE]]), true, rows('players', { user_id: [4] }));
    clock.tickWrites(new Map([['users', UPDATE]]));
    expect(at()).toBe(start);
    // One of its own: a new player, an edit, a removal.
    for (const kind of [INSERT, UPDATE, DELETE]) {
      const before = at();
      clock.tickWrites(new Map([['players', kind]]), true, rows('players', { user_id: [9] }));
      expect(at()).toBeGreaterThan(before);
    }
    // Rows it cannot place: an insert with no owner named, an update by id alone, a trigger's update.
    let before = at();
    clock.tickWrites(new Map([['players', INSERT]]), true, rows('players', { id: [5] }));
    expect(at()).toBeGreaterThan(before);
    before = at();
    clock.tickWrites(new Map([['players', UPDATE]]), true, rows('players', { id: [5] }));
    expect(at()).toBeGreaterThan(before);
    before = at();
    clock.tickWrites(new Map([['player_details', UPDATE]]));
    expect(at()).toBeGreaterThan(before);
    // One player's row by its id (a library's owner row): a new player is never it.
    const library = keptReads([], { oneRowOf: ['players'] });
    const one = [rowKey('players', 'id', 7)];
    const l0 = clock.lastWriteTo(library, one);
    clock.tickWrites(new Map([['players', INSERT]]), true, rows('players', { user_id: [4] }));
    clock.tickWrites(new Map([['players', UPDATE]]), true, rows('players', { id: [8], user_id: [9] }));
    expect(clock.lastWriteTo(library, one)).toBe(l0);
    clock.tickWrites(new Map([['players', UPDATE]]), true, rows('players', { id: [7], user_id: [4] }));
    expect(clock.lastWriteTo(library, one)).toBeGreaterThan(l0);
  });
});

describe('a write drops only what read its tables (decision 225)', () => {
  const effects = writeEffects({
    tables: ['users', 'sessions', 'players', 'videos', 'player_video_stats', 'leaderboard', 'jobs'],
    triggers: [{ table: 'videos', fn: 'stats_apply' }],
    functions: [
      { fn: 'stats_apply', src: 'BEGIN PERFORM stats_recount(ids); RETURN NULL; END' },
      {
        fn: 'stats_recount',
        src: '-- update the counts\nINSERT INTO player_video_stats SELECT 1; DELETE FROM jobs;',
      },
    ],
    keys: [
      { owner: 'sessions', target: 'users', onDelete: true, onUpdate: false },
      { owner: 'players', target: 'users', onDelete: true, onUpdate: false },
      { owner: 'videos', target: 'players', onDelete: true, onUpdate: false },
    ],
    unique: [],
  });
  const clock = new WriteClock(true);
  clock.setEffects(effects);
  const player = keptReads(['players']);
  const stats = keptReads(['player_video_stats']);
  const session = keptReads(['users'], { newRowsIgnored: ['sessions'] });
  const board = keptReads(['leaderboard']);

  it('follows triggers through the functions they call, and cascades on delete only', () => {
    expect(effects.alsoWrites.get('videos')).toEqual({
      [INSERT]: ['player_video_stats'],
      [UPDATE]: ['player_video_stats'],
      [DELETE]: ['player_video_stats'],
    });
    expect(effects.alsoWrites.get('users')?.[UPDATE]).toEqual([]);
    expect(effects.alsoWrites.get('users')?.[DELETE]).toEqual([
      'player_video_stats',
      'players',
      'sessions',
      'videos',
    ]);
    expect(
      writeEffects({
        tables: ['a'],
        triggers: [{ table: 'a', fn: 'f' }],
        functions: [{ fn: 'f', src: "EXECUTE format('update %I', t)" }],
        keys: [],
        unique: [],
      }).alsoWrites.get('a')?.[INSERT],
    ).toBe('all');
  });

  it("reads a function's code, not its comments or texts", () => {
    const of = (src: string) =>
      writeEffects({
        tables: ['users', 'players', 'videos'],
        triggers: [{ table: 'users', fn: 'f' }],
        functions: [{ fn: 'f', src }],
        keys: [],
        unique: [],
      }).alsoWrites.get('users')?.[UPDATE];
    expect(of(`PERFORM pg_notify('va_writes', TG_TABLE_NAME || ' update id=' || k);`)).toEqual([]);
    expect(of(`-- the user's row\nUPDATE players SET x = 1; -- and 'another'`)).toEqual(['players']);
    expect(of(`x := 'a--b'; UPDATE videos SET y = 2;`)).toEqual(['videos']);
    expect(of(`/* insert into nowhere */ SELECT 1;`)).toEqual([]);
  });

  it('moves the reads of the tables written, and of what their triggers and cascades write', () => {
    const at = (r: typeof player) => clock.lastWriteTo(r);
    const before = [at(player), at(stats), at(session), at(board)];
    clock.tickWrites(new Map([['videos', INSERT]]));
    expect(at(player)).toBe(before[0]);
    expect(at(stats)).toBeGreaterThan(before[1]);
    expect(at(board)).toBe(before[3]);
    // A new session row leaves kept sessions; an update of one does not.
    const s0 = at(session);
    clock.tickWrites(new Map([['sessions', INSERT]]));
    expect(at(session)).toBe(s0);
    clock.tickWrites(new Map([['sessions', UPDATE]]));
    expect(at(session)).toBeGreaterThan(s0);
    // Deleting a user reaches its players and their videos' stats; updating one reaches none.
    const p0 = at(player);
    clock.tickWrites(new Map([['users', UPDATE]]));
    expect(at(player)).toBe(p0);
    clock.tickWrites(new Map([['users', DELETE]]));
    expect(at(player)).toBeGreaterThan(p0);
    expect(at(board)).toBe(before[3]);
    // What cannot be told moves everything.
    const b0 = at(board);
    clock.tickWrites('all');
    expect(at(board)).toBeGreaterThan(b0);
    // A table the catalog does not know moves everything too.
    const b1 = at(board);
    clock.tickWrites(new Map([['made_later', INSERT]]));
    expect(at(board)).toBeGreaterThan(b1);
  });

  it('a notification moves its table only; one it cannot read moves everything', () => {
    const p0 = clock.lastWriteTo(player);
    const s0 = clock.lastWriteTo(session);
    clock.notice('players update');
    expect(clock.lastWriteTo(player)).toBeGreaterThan(p0);
    expect(clock.lastWriteTo(session)).toBe(s0);
    clock.notice('sessions insert');
    expect(clock.lastWriteTo(session)).toBe(s0);
    clock.notice('settled:abc');
    expect(clock.lastWriteTo(session)).toBeGreaterThan(s0);
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
  it('reads leave it; a write moves its table before it is sent and after it ends; a transaction moves what it wrote when it ends', async () => {
    const handle = await freshDb();
    try {
      const clock = handle.writes;
      expect(clock.heard).toBe(true);
      clock.setEffects(await loadWriteEffects(handle));
      expect(clock.effects?.tables.has('players')).toBe(true);
      const ofUsers = keptReads(['users']);
      const ofPlayers = keptReads(['players']);
      const start = clock.count;
      await handle.db.select().from(users).where(eq(users.id, 1));
      await handle.db.execute(sql`select count(*) from users`);
      expect(clock.count).toBe(start);

      const p0 = clock.lastWriteTo(ofPlayers);
      let during = -1;
      const write = handle.db.update(users).set({ loginCount: 3 }).where(eq(users.id, -1));
      await write.then(() => (during = clock.lastWriteTo(ofUsers)));
      expect(during).toBeGreaterThanOrEqual(start + 2);
      expect(clock.lastWriteTo(ofPlayers)).toBe(p0);

      // A transaction that only reads moves nothing; one that writes moves its tables once it has ended.
      await writesSettled(handle); // the notification of this process's own write (PostgreSQL)
      const u0 = clock.lastWriteTo(ofUsers);
      await handle.db.transaction(async (tx) => {
        await tx.select().from(users).limit(1);
      });
      expect(clock.lastWriteTo(ofUsers)).toBe(u0);
      let inside = -1;
      const p1 = clock.lastWriteTo(ofPlayers);
      await handle.db.transaction(async (tx) => {
        await tx.update(players).set({ firstName: 'x' }).where(eq(players.id, -1));
        inside = clock.lastWriteTo(ofPlayers);
      });
      expect(inside).toBe(p1);
      expect(clock.lastWriteTo(ofPlayers)).toBeGreaterThan(inside);
      expect(clock.lastWriteTo(ofUsers)).toBe(u0);
    } finally {
      await handle.close();
    }
  });

  it('under CHECK_KEPT_READS a kept read that reads a table it does not declare fails (decision 225)', async () => {
    const handle = await freshDb();
    try {
      checkKeptReads();
      const clock = handle.writes;
      clock.setEffects(await loadWriteEffects(handle));
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
    'notifications are reported in commit order, so a marker sent after a write is heard after it (writesSettled)',
    async () => {
      const { handle, other, heard, off, close } = await listening();
      try {
        await other.query(`update sessions set sid = sid where false`);
        await other.query(`update plans set id = id where false`);
        await writesSettled(handle);
        expect(heard.slice(0, 2)).toEqual(['sessions update', 'plans update']);
        expect(heard[2]).toMatch(/^settled:/);
        off();
        await other.query(`update users set id = id where false`);
        await writesSettled(handle);
        expect(heard).toHaveLength(3);
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
        clock.setEffects(await loadWriteEffects(handle));
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
          ['sessions', 'sid'],
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
    "another process's write to players, users or profile links names the rows it wrote, and one to sessions names none (migrations 0037, 0038; decisions 226, 227)",
    async () => {
      const { handle, other, heard, close } = await listening();
      try {
        const clock = handle.writes;
        clock.setEffects(await loadWriteEffects(handle));
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
        // A session's id is a credential: its notification names no row (decision 225).
        await other.query(`update sessions set data = data where sid = 'nobody'`);
        await other.query(`delete from players where id = $1`, [theirPlayer]);
        await writesSettled(handle);
        expect(heard.slice(0, 4)).toEqual([
          `players insert id=${theirPlayer} user_id=${theirs}`,
          `players update id=${theirPlayer} user_id=${theirs}`,
          'sessions update',
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

  it('embedded PGlite: its own process is the only writer, so it is heard from the start', async () => {
    const handle = await openDb({ databaseUrl: 'memory://', dataDir: tmpdir() });
    try {
      expect(handle.writes.heard).toBe(true);
    } finally {
      await handle.close();
    }
  });
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
