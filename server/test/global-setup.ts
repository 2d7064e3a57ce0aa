import pg from 'pg';
import { openDb } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedReference } from '../db/seed';

/** Each run has its own template, so parallel runs on one server never touch each other's databases. */
export const templateDbName = () => process.env.VA_TEMPLATE_DB ?? 'va_test_template';
const silent = { info() {}, warn() {}, error() {} } as any;

/**
 * With TEST_DATABASE_URL (a PostgreSQL server), builds one migrated and seeded template database;
 * each test file then clones it. Without it, tests use in-memory PGlite and this does nothing.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
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
