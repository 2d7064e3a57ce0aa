import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDb, isRealPostgres } from '../test/helpers';
import { planPerCall, type DbHandle } from './client';

describe.skipIf(!isRealPostgres())('the PostgreSQL connection pool', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await freshDb();
  });
  afterAll(() => handle?.close());

  it('survives the server terminating its connections, and reconnects', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await Promise.all([1, 2, 3].map(() => handle.db.execute(sql`select pg_sleep(0.05)`)));
    const name = (
      (await handle.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0].name;

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    // Only client connections: an autovacuum worker on the new database would be counted and never reported.
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      [name],
    );
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    // The pool hears of each terminated connection when the server's message arrives: wait until it has
    // heard of all of them (a connection not yet reported would still be lent out), not for a time.
    const lost = () =>
      errors.mock.calls.filter(([m]) => String(m).includes('PostgreSQL connection lost')).length;
    await vi.waitFor(() => expect(lost()).toBeGreaterThanOrEqual(rowCount!), {
      timeout: 30_000,
      interval: 50,
    });
    const after = (await handle.db.execute(sql`select 1 as ok`)) as unknown as { rows: { ok: number }[] };
    expect(after.rows).toEqual([{ ok: 1 }]);
    // The connection listening for other processes' writes was among them: it is back too (decision 215).
    await vi.waitFor(() => expect(handle.writes.heard).toBe(true), { timeout: 10_000, interval: 50 });
    errors.mockRestore();
  });

  it('prepares a parameterised statement by name, and plans one marked planPerCall with its values each call', async () => {
    const sent = vi.spyOn(pg.Client.prototype, 'query');
    const a = await handle.db.execute(sql`select ${1}::int as n`);
    const b = await handle.db.execute(planPerCall(sql`select ${2}::int as n`));
    expect([a.rows, b.rows]).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    const configs = sent.mock.calls
      .map(([c]) => c as unknown as pg.QueryConfig)
      .filter((c) => typeof c === 'object' && /select \$1::int as n/.test(c.text));
    sent.mockRestore();
    expect(configs).toHaveLength(2);
    expect(configs[0].name).toMatch(/^va_/);
    expect(configs[1].text.startsWith('/* plan per call */')).toBe(true);
    expect(configs[1].name).toBeUndefined();
  });
});
