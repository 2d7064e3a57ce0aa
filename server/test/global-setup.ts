import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { openDb, type DbHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { saveTemplate, seededTemplatePath, usableTemplate } from '../db/pglite-template';
import { seedReference, seededDatabaseVersion } from '../seed';
import { upsertSchools, type SchoolRow } from '../modules/players/schools.repository';
import schoolsSample from './schools-sample.json';
import { buildTestBundle } from './server-bundle';

/** Each run has its own template, so parallel runs on one server never touch each other's databases. */
export const templateDbName = () => process.env.VA_TEMPLATE_DB ?? 'va_test_template';
const silent = { info() {}, warn() {}, error() {} } as any;

/**
 * The server projects' global setup: the test database (below) and the server bundle that the tests starting
 * the server as a process run (`serverBundle`, decision 339), made side by side.
 */
export default async function setup() {
  const [database, bundle] = await Promise.all([databaseSetup(), buildTestBundle()]);
  return async () => {
    bundle();
    await database?.();
  };
}

/**
 * With TEST_DATABASE_URL (a PostgreSQL server), builds one migrated and seeded template database;
 * each test file then clones it. Without it, builds one migrated and seeded in-memory PGlite, dumps
 * it to a file, and each test database starts from that dump (seconds of migrations saved per app).
 */
async function databaseSetup(): Promise<(() => void | Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return pgliteSnapshot();
  const name = `va_tpl_${process.pid}_${Date.now().toString(36)}`;
  process.env.VA_TEMPLATE_DB = name;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const handle = await openDb({ databaseUrl: withDb(url, name), dataDir: '/tmp' });
  await runMigrations(handle);
  await seedReference(handle.db, { demo: false, log: silent });
  await handle.close();
  return async () => {
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
}

export function withDb(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * What every PGlite test database starts with: migrated, with the reference data, and a 647-school sample
 * standing in for the full school directory (which takes seconds to load into PGlite).
 */
export async function migrateAndSeedForTests(handle: DbHandle) {
  await runMigrations(handle);
  await seedReference(handle.db, { demo: false, log: silent, schools: false });
  await upsertSchools(handle.db, schoolsSample as SchoolRow[]);
}

/**
 * How the snapshot is made (below): a change to it changes this, so an old kept snapshot is not used. The
 * kept file's name also carries the seeded database's version (migrations, definitions, school directory)
 * and the school sample's content (decision 195).
 */
const SNAPSHOT_RECIPE = 'reference-and-school-sample-without-template-databases-1';
const snapshotKey = () =>
  createHash('sha256')
    .update([seededDatabaseVersion(), JSON.stringify(schoolsSample), SNAPSHOT_RECIPE].join(':'))
    .digest('hex')
    .slice(0, 16);

/**
 * Migrates and seeds one in-memory PGlite and leaves its dump in a file named by VA_PGLITE_SNAPSHOT. The dump
 * is kept beside the app's seeded templates (`PGLITE_TEMPLATE_DIR`, else `$TMPDIR/va-pglite`) under its
 * version, so the next run of the same migrations and seeds starts from it (about 3 s saved). Where it
 * cannot be kept, the dump goes to a folder of this run, as before.
 */
async function pgliteSnapshot() {
  const kept = seededTemplatePath(`api-tests-${snapshotKey()}`, process.env.PGLITE_TEMPLATE_DIR || undefined);
  if (usableTemplate(kept)) {
    process.env.VA_PGLITE_SNAPSHOT = kept;
    return;
  }
  const handle = await openDb({ databaseUrl: 'memory://', dataDir: tmpdir() });
  await migrateAndSeedForTests(handle);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  // The app's database is `postgres`: the two template databases initdb makes are a third of the dump,
  // and every test database would unpack them again (about 0.4 s of CPU each).
  for (const db of ['template0', 'template1']) {
    await client.query(`update pg_database set datistemplate = false where datname = '${db}'`);
    await client.query(`drop database ${db}`);
  }
  // Checkpointed and without the spare write-ahead-log segments, as the app's templates are kept.
  await saveTemplate(client, kept);
  if (usableTemplate(kept)) {
    await handle.close();
    process.env.VA_PGLITE_SNAPSHOT = kept;
    return;
  }
  await client.query('checkpoint');
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'va-pglite-snapshot-'));
  const file = path.join(dir, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.VA_PGLITE_SNAPSHOT = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
