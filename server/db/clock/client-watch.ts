import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGliteOptions, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { PreparedReadsPGlite } from '../pglite-prepared';
import pg from 'pg';
import {
  BEGINS,
  COMMITS,
  DELETE,
  INSERT,
  mergeWrites,
  NOTHING,
  ROLLS_BACK,
  UPDATE,
  writesOf,
  type Writes,
} from './sql-writes';
import type { WriteClock } from './write-clock';
import { rowsWritten } from './written-rows';

type AnyFn = (...args: unknown[]) => unknown;

const textOf = (config: unknown): string | undefined =>
  typeof config === 'string'
    ? config
    : config && typeof config === 'object' && typeof (config as { text?: unknown }).text === 'string'
      ? (config as { text: string }).text
      : undefined;

/**
 * Checking kept reads (decision 225; on under `CHECK_KEPT_READS`, which the tests set): while a kept read
 * runs, every statement it sends is noted, and the tables its text names must be among the ones the read
 * declared. Off in production, where nothing is noted and no AsyncLocalStorage is made.
 */
let noting: AsyncLocalStorage<Set<string>> | null = null;

export function checkKeptReads() {
  noting ??= new AsyncLocalStorage();
}

/** Runs `read`, noting the statements it sends, when kept reads are checked; else null. */
export async function statementsOf<T>(
  read: () => Promise<T>,
): Promise<{ value: T; texts: Set<string> } | null> {
  if (!noting) return null;
  const texts = new Set<string>();
  // Awaited inside: a lazy query (a Drizzle builder) runs when awaited, and must run in the noting context.
  const value = await noting.run(texts, async () => await read());
  return { value, texts };
}

const note = (text: string) => noting?.getStore()?.add(text);

/** A statement this process sends: noted for a checked kept read, and what it writes (`'all'` without a text). */
function sent(text: string | undefined): Writes {
  if (text === undefined) return 'all';
  note(text);
  return writesOf(text);
}

/** The catalog's tables that a statement's text names (by word: a column of the same name counts too). */
export function tablesNamed(text: string, tables: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/[a-z_][a-z0-9_]*/gi)) {
    const w = m[0].toLowerCase();
    if (tables.has(w)) out.add(w);
  }
  return out;
}

/** The parameters of a query call: `(text, values)` or `({ text, values })`. */
const valuesOf = (args: unknown[]): readonly unknown[] | undefined =>
  Array.isArray(args[1])
    ? args[1]
    : args[0] && typeof args[0] === 'object'
      ? (args[0] as { values?: unknown[] }).values
      : undefined;

/** The rows a single-table insert (an upsert too), update or delete writes (`rowsWritten`), if it can be told. */
const written = (w: Writes, text: string, values: readonly unknown[] | undefined) => {
  if (w === 'all' || w.size !== 1) return null;
  const kind = w.values().next().value!;
  return kind === INSERT || kind === UPDATE || kind === DELETE || kind === (INSERT | UPDATE)
    ? rowsWritten(text, values)
    : null;
};

/** What a transaction on this connection has written so far (node-postgres: BEGIN and COMMIT are its own statements). */
interface Open {
  writes: Writes | null;
}

const opened = new WeakMap<pg.ClientBase, { open: Open; clock: WriteClock }>();

/**
 * A pooled client handed back to the pool (its 'release' event): a transaction it began and never ended
 * would otherwise gather the writes of its next user unseen, so they count as writes to every table.
 */
export function released(client: pg.ClientBase) {
  const o = opened.get(client);
  if (!o?.open.writes) return;
  o.open.writes = null;
  o.clock.tick();
}

/**
 * Every statement a node-postgres client sends moves the clock for the tables it writes (decision 225),
 * before it is sent and again when it has finished. Inside a transaction (BEGIN ... COMMIT on this
 * connection) the writes are gathered and moved at COMMIT, before and after, when others can first see them.
 * The pool makes its clients of this class (`pg.Pool`'s `Client` option): its `query` is pg's own, watched.
 */
export function watchedPgClient(clock: WriteClock): typeof pg.Client {
  return class WatchedClient extends pg.Client {
    readonly #watched = watchQuery(this, clock, (...args) => super.query(...(args as [string])));
    override query(...args: any[]): any {
      return this.#watched(...args);
    }
  };
}

/** `query` of a client, watched: what each statement writes moves the clock. */
function watchQuery(client: pg.ClientBase, clock: WriteClock, query: (...args: unknown[]) => unknown) {
  const open: Open = { writes: null };
  opened.set(client, { open, clock });
  return (...args: unknown[]) => {
    const text = textOf(args[0]);
    let w: Writes;
    if (text === undefined) w = 'all';
    else if (BEGINS.test(text)) {
      open.writes = NOTHING;
      return query(...args);
    } else if (COMMITS.test(text)) {
      w = open.writes ?? NOTHING;
      open.writes = null;
    } else if (ROLLS_BACK.test(text)) {
      open.writes = null;
      return query(...args);
    } else {
      w = sent(text);
      if (open.writes) {
        open.writes = mergeWrites(open.writes, w);
        return query(...args);
      }
    }
    if (w !== 'all' && w.size === 0) return query(...args);
    const row = text === undefined ? null : written(w, text, valuesOf(args));
    clock.tickWrites(w, true, row);
    const done = () => clock.tickWrites(w, true, row);
    const at = args.findIndex((a) => typeof a === 'function');
    if (at >= 0) {
      const cb = args[at] as AnyFn;
      args[at] = (...r: unknown[]) => {
        done();
        return cb(...r);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(done, done);
    else {
      // A submittable (a cursor, a stream): it reports its end by events.
      const s = args[0] as { on?: (e: string, f: () => void) => void };
      s.on?.('end', done);
      s.on?.('error', done);
    }
    return result;
  };
}

/** Notes a statement sent through the pool (where the caller's context is still known; decision 225). */
export const notePooled = (config: unknown) => {
  const text = noting && textOf(config);
  if (text) note(text);
};

/**
 * The same for the embedded PGlite: `query` and `exec` by their text, and a transaction by the
 * statements sent through the transaction object its callback is given (a wrapper of PGlite's), moved
 * when it has ended (PGlite runs nothing else meanwhile). The embedded database's client is of this
 * class; its reads take the prepared path (`PreparedReadsPGlite`).
 */
export class WatchedPGlite extends PreparedReadsPGlite {
  readonly #around = <T>(text: string, values: readonly unknown[] | undefined, run: () => Promise<T>) => {
    const w = sent(text);
    if (w !== 'all' && w.size === 0) return run();
    const row = written(w, text, values);
    this.clock.tickWrites(w, true, row);
    return run().finally(() => this.clock.tickWrites(w, true, row));
  };

  /** `dataDir` unset: in memory. (PGlite reads its options from the first argument unless it is a folder.) */
  constructor(
    readonly clock: WriteClock,
    dataDir?: string,
    options: PGliteOptions = {},
  ) {
    super(dataDir === undefined ? options : { ...options, dataDir });
  }

  override query<T>(sql: string, params?: any[], options?: QueryOptions): Promise<Results<T>> {
    return this.#around(sql, params, () => super.query<T>(sql, params, options));
  }

  override exec(sql: string, options?: QueryOptions): Promise<Array<Results>> {
    return this.#around(sql, undefined, () => super.exec(sql, options));
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    let writes: Writes = NOTHING;
    const noted = (text: string) => (writes = mergeWrites(writes, sent(text)));
    try {
      return await super.transaction((tx) =>
        callback({
          query: (sql, params, options) => (noted(sql), tx.query(sql, params, options)),
          sql: (strings, ...params) => ((writes = 'all'), tx.sql(strings, ...params)),
          exec: (sql, options) => (noted(sql), tx.exec(sql, options)),
          rollback: () => tx.rollback(),
          listen: (channel, callback) => tx.listen(channel, callback),
          get closed() {
            return tx.closed;
          },
        }),
      );
    } finally {
      this.clock.tickWrites(writes);
    }
  }
}
