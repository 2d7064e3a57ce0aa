import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';
import {
  listenForWrites,
  notePooled,
  NotedPGlite,
  WRITES_CHANNEL,
  WriteClock,
  type Listener,
} from './write-clock';
import { newFolderTemplate, saveTemplate, type NewFolderTemplate } from './pglite-template';

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
  /** The writes the database has told this process of: what in-memory copies of rows are checked against (decisions 215, 260). */
  writes: WriteClock;
  /** PostgreSQL: the connection that hears the writes' notifications and syncs with them (decisions 215, 239). */
  listening?: Listener;
  /**
   * Set on a new PGlite folder that found no seeded template: keeps the database as it is now (call it once
   * migrated and seeded with reference data, before any user or demo data) for the next new folder.
   */
  keepAsTemplate?: () => Promise<void>;
}

interface DbOptions {
  databaseUrl?: string;
  dataDir: string;
  /** In-memory PGlite only: start from this dump (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
  /** Embedded PGlite: where the empty cluster for new folders is kept (PGLITE_TEMPLATE_DIR; decision 193). */
  pgliteTemplateDir?: string;
  /**
   * Embedded PGlite: the version of the schema and reference data a new folder may start from, migrated and
   * seeded, instead of an empty cluster (decision 194). Asked for only when a new folder is made.
   */
  seededTemplateKey?: () => string;
}

/**
 * Statements built and prepared once per database (or transaction) and kept with it: building a Drizzle
 * select on every request cost a sixth of a list's CPU time (decisions 185, 215). `make` runs on first use.
 */
export function preparedOnce<D extends object, T>(make: (db: D) => T): (db: D) => T {
  const kept = new WeakMap<D, T>();
  return (db) => {
    let made = kept.get(db);
    if (made === undefined) kept.set(db, (made = make(db)));
    return made;
  };
}

const PLAN_PER_CALL = '/* plan per call */';

/**
 * Marks a statement to be planned with its values on every call, never prepared by name: for the few
 * whose best plan depends on the values (a LIKE pattern uses a prefix index only when the planner sees
 * it), where PostgreSQL's generic plan after five calls would be a scan (decision 190).
 */
export const planPerCall = (query: SQL) => sql`${sql.raw(PLAN_PER_CALL)} ${query}`;

/**
 * Every parameterised statement sent through the pool is a named prepared statement (name = hash of
 * its text), so PostgreSQL parses and plans it once per connection instead of on every request
 * (decision 082). Statements without parameters keep the simple protocol (they may hold several
 * commands); transactions use their own client and are left as they are. The pool is of this class.
 */
class NamedStatementsPool extends pg.Pool {
  readonly #names = new Map<string, string>();

  override query(config: any, values?: any, cb?: any): any {
    notePooled(config);
    if (config && typeof config === 'object' && !(config as pg.QueryConfig).name) {
      const c = config as pg.QueryConfig;
      const params = (values as unknown) ?? c.values;
      const named = typeof c.text === 'string' && !c.text.startsWith(PLAN_PER_CALL);
      if (Array.isArray(params) && params.length > 0 && named) {
        let name = this.#names.get(c.text);
        if (!name) {
          name = `va_${createHash('sha1').update(c.text).digest('base64url').slice(0, 20)}`;
          if (this.#names.size < 5000) this.#names.set(c.text, name);
        }
        return super.query({ ...c, name } as any, values, cb);
      }
    }
    return super.query(config, values, cb);
  }
}

/** `memory://` gives an in-memory PGlite (tests); no URL gives PGlite in DATA_DIR/pglite. */
export async function openDb(opts: DbOptions): Promise<DbHandle> {
  const url = opts.databaseUrl;
  if (url && !url.startsWith('memory://')) {
    // Moved by the notifications the triggers send for every write, this process's own included (decision 260).
    const writes = new WriteClock(false);
    const pool = new NamedStatementsPool({ connectionString: url, max: 10 });
    let closing = false;
    // An idle connection dropped by the server (restart, failover, admin terminate) would otherwise be an
    // uncaught 'error' that kills the process; the pool simply opens a new one on the next query.
    pool.on('error', (err) => {
      if (!closing)
        console.error(`PostgreSQL connection lost (${err.message}); it will be reopened on demand.`);
    });
    const listening = await listenForWrites(url, writes, {
      onLost: (err) =>
        console.error(
          `PostgreSQL connection lost (${err.message}) while listening for other processes' writes; reconnecting.`,
        ),
    });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      driver: 'pg',
      pool,
      writes,
      listening,
      ping: async () => void (await pool.query('select 1')),
      close: async () => {
        closing = true;
        await listening.stop();
        await pool.end();
      },
    };
  }
  let release = () => {};
  let dataPath: string | undefined;
  // A new file-backed folder starts from a kept template (decisions 193, 194).
  let fresh: NewFolderTemplate = {};
  if (!url) {
    dataPath = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
    release = acquireDataDirLock(path.resolve(opts.dataDir));
    if (!existsSync(path.join(dataPath, 'PG_VERSION')))
      fresh = newFolderTemplate(opts.pgliteTemplateDir, opts.seededTemplateKey?.());
  }
  try {
    // One process only (the data folder's lock; in memory: this one): its own writes are all there are.
    const writes = new WriteClock(true);
    // Its reads run as prepared statements (decision 213).
    const options = { extensions: { pg_trgm }, loadDataDir: url ? opts.loadDataDir : fresh.load };
    const client = new NotedPGlite(dataPath === undefined ? options : { ...options, dataDir: dataPath });
    await client.waitReady;
    // Every write's notification, whatever sent the statement: PGlite calls back before the statement's
    // promise resolves, so the clock knows of a write before anything after it runs (decision 260).
    await client.listen(WRITES_CHANNEL, (payload) => writes.notice(payload));
    if (fresh.saveClusterTo) await saveTemplate(client, fresh.saveClusterTo);
    const keepTo = fresh.keepSeededTo;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      writes,
      ...(keepTo ? { keepAsTemplate: () => saveTemplate(client, keepTo) } : {}),
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
