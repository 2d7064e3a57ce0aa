import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from './client';
import { runMigrations } from './migrate';
import { clusterTemplatePath, readClusterTemplate, saveClusterTemplate } from './pglite-template';

const root = mkdtempSync(path.join(tmpdir(), 'va-template-test-'));
const cache = path.join(root, 'cache');
afterAll(() => rmSync(root, { recursive: true, force: true }));
const open = (folder: string) => openDb({ dataDir: path.join(root, folder), pgliteTemplateDir: cache });

const systemId = async (h: DbHandle) => {
  const r = (await h.db.execute(
    sql`select system_identifier::text as id from pg_control_system()`,
  )) as unknown as {
    rows: { id: string }[];
  };
  return r.rows[0].id;
};

// File-backed PGlite folders are the embedded database's, whatever the pass.
(process.env.TEST_DATABASE_URL ? describe.skip : describe)(
  'the empty cluster kept for new data folders (decision 193)',
  () => {
    it('is made by the first new folder, and the next new folder starts from it and migrates as usual', async () => {
      process.env.PGLITE_TEMPLATE_DIR = cache;
      const file = clusterTemplatePath();
      expect(file.startsWith(cache)).toBe(true);
      expect(existsSync(file)).toBe(false);

      const first = await open('a');
      expect(existsSync(file)).toBe(true);
      const firstId = await systemId(first);
      // Somewhere it cannot be written (a file stands where its folder would be): no error, no template.
      writeFileSync(path.join(root, 'blocked'), '');
      const blocked = path.join(root, 'blocked', 'cluster.tar');
      await saveClusterTemplate((first.db as unknown as { $client: PGlite }).$client, blocked);
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
      expect(readClusterTemplate(file)).toBeInstanceOf(Blob);
      chmodSync(file, 0o666);
      expect(readClusterTemplate(file)).toBeUndefined();
      chmodSync(file, 0o600);
      chmodSync(cache, 0o777);
      expect(readClusterTemplate(file)).toBeUndefined();
    }, 120_000);
  },
);
