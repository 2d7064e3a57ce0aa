import pg from 'pg';
import { openDb } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedReference } from '../db/seed';

export const TEMPLATE_DB = 'va_test_template';
const silent = { info() {}, warn() {}, error() {} } as any;

/**
 * With TEST_DATABASE_URL (a PostgreSQL server), builds one migrated and seeded template database;
 * each test file then clones it. Without it, tests use in-memory PGlite and this does nothing.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rows } = await admin.query(`select datname from pg_database where datname like 'va_test_%'`);
  for (const r of rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const handle = await openDb({ databaseUrl: withDb(url, TEMPLATE_DB), dataDir: '/tmp' });
  await runMigrations(handle);
  await seedReference(handle.db, { demo: false, log: silent });
  await handle.close();
}

export function withDb(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
