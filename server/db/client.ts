import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';

/** Both drivers expose the same query builder; the app is typed against node-postgres'. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'pg';
  close: () => Promise<void>;
  ping: () => Promise<void>;
  pool?: pg.Pool;
}

export interface DbOptions {
  databaseUrl?: string;
  dataDir: string;
}

/** `memory://` gives an in-memory PGlite (tests); no URL gives PGlite in DATA_DIR/pglite. */
export async function openDb(opts: DbOptions): Promise<DbHandle> {
  const url = opts.databaseUrl;
  if (url && !url.startsWith('memory://')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    let closing = false;
    // An idle connection dropped by the server (restart, failover, admin terminate) would otherwise be an
    // uncaught 'error' that kills the process; the pool simply opens a new one on the next query.
    pool.on('error', (err) => {
      if (!closing) console.error(`PostgreSQL connection lost (${err.message}); it will be reopened on demand.`);
    });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      driver: 'pg',
      pool,
      ping: async () => void (await pool.query('select 1')),
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  let release = () => {};
  let dataPath: string | undefined;
  if (!url) {
    dataPath = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
    release = acquireDataDirLock(path.resolve(opts.dataDir));
  }
  try {
    const client = await PGlite.create(dataPath, { extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      ping: async () => void (await client.query('select 1')),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
