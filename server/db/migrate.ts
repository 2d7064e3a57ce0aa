import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DbHandle } from './client';

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Applies the committed drizzle-kit migrations; on PostgreSQL under an advisory lock so instances can start together. */
export async function runMigrations(handle: DbHandle) {
  if (handle.driver === 'pglite') {
    await handle.db.execute(sql`create extension if not exists pg_trgm`);
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = await handle.pool!.connect();
  try {
    const locked = drizzle(client);
    await locked.execute(sql`select pg_advisory_lock(727274)`);
    try {
      await locked.execute(sql`create extension if not exists pg_trgm`);
      await migratePg(locked, { migrationsFolder });
    } finally {
      await locked.execute(sql`select pg_advisory_unlock(727274)`);
    }
  } finally {
    client.release();
  }
}
