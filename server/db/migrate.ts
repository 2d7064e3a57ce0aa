import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DbHandle } from './client';

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

/** A hash of every committed migration file and of the journal: it changes with any of them. */
export function migrationsVersion() {
  const hash = createHash('sha256');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const file of files(migrationsFolder))
    hash.update(path.relative(migrationsFolder, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Applies the committed drizzle-kit migrations; on PostgreSQL under an advisory lock so instances can start
 * together. `folder`: another folder of migrations (a test's copy of the first ones, to hold an older database).
 */
export async function runMigrations(handle: DbHandle, folder = migrationsFolder) {
  if (handle.driver === 'pglite') {
    await handle.db.execute(sql`create extension if not exists pg_trgm`);
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = await handle.pool!.connect();
  try {
    const locked = drizzle(client);
    await locked.execute(sql`select pg_advisory_lock(727274)`);
    try {
      await locked.execute(sql`create extension if not exists pg_trgm`);
      await migratePg(locked, { migrationsFolder: folder });
    } finally {
      await locked.execute(sql`select pg_advisory_unlock(727274)`);
    }
  } finally {
    client.release();
  }
}
