import { tmpdir } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDb, isRealPostgres, writesSettled } from '../test/helpers';
import { openDb } from './client';
import { users } from './schema';
import { isPlainRead, listenForWrites, WriteClock } from './write-clock';

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

  it.runIf(isRealPostgres())(
    'notifications are reported in commit order, so a marker sent after a write is heard after it (writesSettled)',
    async () => {
      const handle = await freshDb();
      const other = new pg.Client({ connectionString: handle.pool!.options.connectionString });
      await other.connect();
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
    "another process's write to the session's tables is heard through LISTEN; others are not",
    async () => {
      const handle = await freshDb();
      const other = new pg.Client({ connectionString: handle.pool!.options.connectionString });
      await other.connect();
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
        // A table a session load does not read sends nothing.
        start = clock.count;
        await other.query(`update players set id = id where id is null`);
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
