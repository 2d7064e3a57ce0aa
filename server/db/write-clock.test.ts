import { tmpdir } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDb, isRealPostgres, otherConnection, writesSettled } from '../test/helpers';
import { openDb } from './client';
import { users } from './schema';
import {
  isPlainRead,
  listenForWrites,
  UNWATCHED_TABLES,
  WriteClock,
  writesOnlyUnwatched,
} from './write-clock';

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

describe('which writes leave the clock as it is: unwatched tables only (decision 216)', () => {
  it.each([
    [
      'insert into "rate_limits" ("key", "hits", "reset_at") values ($1, 1, now()) on conflict ("key") do update set "hits" = "rate_limits"."hits" + 1 returning "hits"',
      true,
    ],
    ['update "jobs" set "locked_at" = now() where ("jobs"."id" = $1 and "jobs"."status" = $2)', true],
    [
      'update "jobs" set status = \'running\' where id = (select id from "jobs" where status = \'queued\' order by run_at for update skip locked limit 1) returning id',
      true,
    ],
    ['insert into "analytics_events" ("name") values ($1)', true],
    ['delete from "rate_limits" where "rate_limits"."reset_at" < now()', true],
    ['insert into public.mail_outbox (to_address) values ($1)', true],
    ['insert into "jobs" ("type", "payload") select $1, $2 from "players" where "players"."id" = $3', true],
    ['update "players" set "name" = $1', false],
    ['insert into "sessions" values ($1)', false],
    ['with d as (delete from "jobs" returning id) insert into "videos" select 1', false],
    ['with d as (delete from "jobs" returning id) update "players" set id = id', false],
    ['update "jobs" set x = 1; update "players" set y = 2', false],
    ['truncate "rate_limits"', false],
    ['lock table "jobs"', false],
    ['insert into "jobs" (id) values (nextval(\'players_id_seq\'))', false],
    ['select * from "jobs"', false],
    ['commit', false],
    ['begin', false],
  ])('%s -> %s', (text, unwatched) => {
    expect(writesOnlyUnwatched(text)).toBe(unwatched);
  });
});

describe('the write clock on the database the tests run on', () => {
  it('reads leave it; a write and a transaction move it before they are sent and after they end', async () => {
    const handle = await freshDb();
    try {
      const clock = handle.writes;
      expect(clock.heard).toBe(true);
      const start = clock.count;
      await handle.db.select().from(users).where(eq(users.id, 1));
      await handle.db.execute(sql`select count(*) from users`);
      expect(clock.count).toBe(start);

      let during = -1;
      const write = handle.db.update(users).set({ loginCount: 3 }).where(eq(users.id, -1));
      await write.then(() => (during = clock.count));
      expect(during).toBeGreaterThanOrEqual(start + 2);

      const before = clock.count;
      let inside = -1;
      await handle.db.transaction(async (tx) => {
        inside = clock.count;
        await tx.select().from(users).limit(1);
      });
      expect(inside).toBeGreaterThan(before);
      expect(clock.count).toBeGreaterThan(inside);
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
      const handle = await freshDb();
      const other = await otherConnection(handle);
      const heard: (string | undefined)[] = [];
      const off = handle.writes.onNotice((p) => heard.push(p));
      try {
        await other.query(`update sessions set sid = sid where false`);
        await other.query(`update plans set id = id where false`);
        await writesSettled(handle);
        expect(heard.slice(0, 2)).toEqual(['sessions', 'plans']);
        expect(heard[2]).toMatch(/^settled:/);
        off();
        await other.query(`update users set id = id where false`);
        await writesSettled(handle);
        expect(heard).toHaveLength(3);
      } finally {
        off();
        await other.end();
        await handle.close();
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
        let start = clock.count;
        await other.query(`update users set login_count = login_count where id = -1`);
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
        // An unwatched table (decision 216) sends nothing; every other one does.
        start = clock.count;
        await other.query(`update players set id = id where false`);
        expect(await until(() => clock.count > start), 'players').toBe(true);
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
    'while the listening connection is lost nothing counts as heard; it reconnects by itself',
    async () => {
      const handle = await freshDb();
      const url = handle.pool!.options.connectionString!;
      const clock = new WriteClock(false);
      const lost: string[] = [];
      const stop = await listenForWrites(url, clock, { retryMs: 50, onLost: (e) => lost.push(e.message) });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        expect(clock.heard).toBe(true);
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where query = 'LISTEN va_writes' and datname = current_database() and pid <> pg_backend_pid()`,
        );
        expect(await until(() => !clock.heard)).toBe(true);
        expect(lost.length).toBeGreaterThan(0);
        expect(await until(() => clock.heard)).toBe(true);
        const start = clock.count;
        await admin.query(`update users set id = id where id is null`);
        expect(await until(() => clock.count > start)).toBe(true);
      } finally {
        await admin.end();
        await stop();
        await handle.close();
      }
      expect(clock.heard).toBe(false);
    },
  );

  it('a database nobody can reach is never heard (a cache then serves nothing)', async () => {
    const clock = new WriteClock(false);
    const stop = await listenForWrites('postgres://postgres:postgres@127.0.0.1:1/none', clock, {
      retryMs: 60_000,
      onLost: () => {},
    });
    expect(clock.heard).toBe(false);
    await stop();
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
