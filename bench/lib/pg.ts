import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** PostgreSQL for benchmarks: BENCH_DATABASE_URL, TEST_DATABASE_URL, or the local default cluster. */
export const pgBaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres:postgres@localhost:5432/postgres';

export function withDb(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function admin(query: string) {
  const c = new pg.Client({ connectionString: pgBaseUrl });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

export async function pgAvailable() {
  try {
    await admin('select 1');
    return true;
  } catch {
    return false;
  }
}

/** A scratch database, dropped by the returned function. */
export async function scratchDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  return {
    name,
    url: withDb(pgBaseUrl, name),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
