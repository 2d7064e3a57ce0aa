import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { freshDb } from './helpers';
import { describeInPgliteRun } from './passes';

const rows = async <T>(h: DbHandle, query: ReturnType<typeof sql>) =>
  ((await h.db.execute(query)) as unknown as { rows: T[] }).rows;

/** What a fresh database looks like, in the ways a test could have changed it. */
async function state(h: DbHandle) {
  return {
    users: await rows(h, sql`select count(*)::int as n from users`),
    positions: await rows(h, sql`select id, name, key, is_active from positions order by id`),
    schools: await rows(h, sql`select count(*)::int as n, max(id) as max from schools`),
    nextUser: await rows(h, sql`select nextval('users_id_seq')::int as id`),
    timezone: await rows(h, sql`select current_setting('TimeZone') as tz`),
  };
}

// Reuse is the PGlite pass's: on PostgreSQL every file clones the template database.
describeInPgliteRun('a PGlite test database handed on to the next file (decision 194)', () => {
  it('comes back as a fresh one: rows, reference data, sequences and session settings', async () => {
    const first = await freshDb();
    const fresh = await state(first);
    await first.db.execute(
      sql`insert into users (username, email, password) values ('a', 'a@example.com', 'x')`,
    );
    await first.db.execute(sql`update positions set name = 'Changed', is_active = false`);
    await first.db.execute(sql`delete from schools where id > 10`);
    await first.db.execute(sql`set timezone = 'Asia/Tokyo'`);
    await first.db.execute(sql`begin`);
    await first.db.execute(
      sql`insert into users (username, email, password) values ('b', 'b@example.com', 'x')`,
    );
    await first.close();

    const second = await freshDb();
    // The same database object, put back: the open transaction rolled back, the rest restored.
    expect(second.db).toBe(first.db);
    expect(await state(second)).toEqual(fresh);
    await second.close();
  });

  it('is closed instead when a test changed its schema, and the next file gets a new one', async () => {
    const first = await freshDb();
    await first.db.execute(sql`create table scratch (id int)`);
    await first.close();
    const second = await freshDb();
    expect(second.db).not.toBe(first.db);
    expect(await rows(second, sql`select to_regclass('public.scratch') as t`)).toEqual([{ t: null }]);
    await second.close();
  });

  it('two open at once are two databases', async () => {
    const a = await freshDb();
    const b = await freshDb();
    expect(a.db).not.toBe(b.db);
    await a.db.execute(sql`insert into users (username, email, password) values ('a', 'a@example.com', 'x')`);
    expect(await rows(b, sql`select count(*)::int as n from users`)).toEqual([{ n: 0 }]);
    await Promise.all([a.close(), b.close()]);
  });
});
