import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb, type DbHandle } from './client';
import { runMigrations } from './migrate';
import { clusterTemplatePath, readTemplate, saveTemplate, seededTemplatePath } from './pglite-template';
import { describeInPgliteRun } from '../test/passes';

// Made when the tests run: the PostgreSQL pass skips them (and would leave an empty folder behind).
let root = '';
let cache = '';
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'va-template-test-'));
  cache = path.join(root, 'cache');
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});
const open = (folder: string, key?: string) =>
  openDb({
    dataDir: path.join(root, folder),
    pgliteTemplateDir: cache,
    ...(key ? { seededTemplateKey: () => key } : {}),
  });
const rows = async (h: DbHandle, query: ReturnType<typeof sql>) =>
  ((await h.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

const systemId = async (h: DbHandle) => {
  const r = (await h.db.execute(
    sql`select system_identifier::text as id from pg_control_system()`,
  )) as unknown as {
    rows: { id: string }[];
  };
  return r.rows[0].id;
};

// File-backed PGlite folders are the embedded database's, whatever the pass.
describeInPgliteRun('the empty cluster kept for new data folders (decision 193)', () => {
  it('is made by the first new folder, and the next new folder starts from it and migrates as usual', async () => {
    const file = clusterTemplatePath(cache);
    expect(file.startsWith(cache)).toBe(true);
    expect(existsSync(file)).toBe(false);

    const first = await open('a');
    expect(existsSync(file)).toBe(true);
    const firstId = await systemId(first);
    // Somewhere it cannot be written (a file stands where its folder would be): no error, no template.
    writeFileSync(path.join(root, 'blocked'), '');
    const blocked = path.join(root, 'blocked', 'cluster.tar');
    await saveTemplate((first.db as unknown as { $client: PGlite }).$client, blocked);
    expect(existsSync(blocked)).toBe(false);
    await first.close();

    // Two clusters made by initdb never share a system identifier: the second one is the first's copy.
    const second = await open('b');
    expect(await systemId(second)).toBe(firstId);
    await runMigrations(second);
    const tables = (await second.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: { n: number }[] };
    expect(tables.rows[0].n).toBeGreaterThan(20);
    await second.close();

    // Reopened, the copied folder is an ordinary cluster with its schema.
    const again = await open('b');
    expect(await systemId(again)).toBe(firstId);
    await again.db.execute(sql`select count(*) from users`);
    await again.close();

    // A template others may write to is not used (in a shared temporary folder it may not be ours).
    expect(readTemplate(file)).toBeInstanceOf(Blob);
    chmodSync(file, 0o666);
    expect(readTemplate(file)).toBeUndefined();
    chmodSync(file, 0o600);
    chmodSync(cache, 0o777);
    expect(readTemplate(file)).toBeUndefined();
    chmodSync(cache, 0o700);
  }, 120_000);

  it('a migrated and seeded database is kept under its version; a new folder of that version starts from it', async () => {
    const first = await open('seeded-a', 'v1');
    expect(first.keepAsTemplate).toBeTypeOf('function');
    await runMigrations(first);
    await first.db.execute(sql`insert into reference_data (name, version) values ('marker', 'v1')`);
    await first.keepAsTemplate!();
    // What the folder holds after the template was kept (users, demo data) is not in the template.
    await first.db.execute(sql`insert into reference_data (name, version) values ('after', 'v1')`);
    await first.close();
    expect(existsSync(seededTemplatePath('v1', cache))).toBe(true);

    // The same version: migrated and seeded already, nothing to keep; it reopens with what was written.
    const second = await open('seeded-b', 'v1');
    expect(second.keepAsTemplate).toBeUndefined();
    expect(await rows(second, sql`select name from reference_data order by name`)).toEqual([
      { name: 'marker' },
    ]);
    await second.db.execute(
      sql`insert into users (username, email, password) values ('u', 'u@example.com', 'x')`,
    );
    await second.close();
    const reopened = await open('seeded-b', 'v1');
    expect(await rows(reopened, sql`select count(*)::int as n from users`)).toEqual([{ n: 1 }]);
    await reopened.close();

    // Another version (a new migration or seed): the empty cluster, migrated as usual, and kept in turn.
    const other = await open('seeded-c', 'v2');
    expect(other.keepAsTemplate).toBeTypeOf('function');
    expect(
      await rows(
        other,
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      ),
    ).toEqual([{ n: 0 }]);
    await other.close();
  }, 120_000);
});
