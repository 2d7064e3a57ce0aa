import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { PreparedReadsPGlite } from '../pglite-prepared';

/**
 * Checking kept reads (decision 225; on under `CHECK_KEPT_READS`, which the tests set): while a kept read
 * runs, every statement it sends is noted, and the tables its text names must be among the ones the read
 * declared. A test-time check of a read's declaration only: what a write changes is never read from SQL
 * text (decision 260). Off in production, where nothing is noted and no AsyncLocalStorage is made.
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

/** The catalog's tables that a statement's text names (by word: a column of the same name counts too). */
export function tablesNamed(text: string, tables: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/[a-z_][a-z0-9_]*/gi)) {
    const w = m[0].toLowerCase();
    if (tables.has(w)) out.add(w);
  }
  return out;
}

/** Notes a statement sent through the pool, where the caller's context is still known (`NamedStatementsPool`). */
export const notePooled = (config: unknown) => {
  if (!noting) return;
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null | undefined)?.text;
  if (typeof text === 'string') note(text);
};

/**
 * The embedded database's client: its reads take the prepared path (`PreparedReadsPGlite`), and the
 * statements a checked kept read sends through `query` and `exec` are noted.
 */
export class NotedPGlite extends PreparedReadsPGlite {
  override query<T>(sql: string, params?: any[], options?: QueryOptions): Promise<Results<T>> {
    if (noting) note(sql);
    return super.query<T>(sql, params, options);
  }

  override exec(sql: string, options?: QueryOptions): Promise<Array<Results>> {
    if (noting) note(sql);
    return super.exec(sql, options);
  }
}
