import { PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Reads on the embedded PGlite as SQL-level prepared statements over the simple protocol (decision 213).
 *
 * PGlite runs PostgreSQL in WebAssembly on the server's own thread, one statement at a time, so its
 * throughput is the inverse of a statement's cost. Through `query()` every statement is parsed, described,
 * planned and executed afresh in four protocol messages; `PREPARE` once and `EXECUTE name('a', '1')` reuses
 * the plan in one message: 2-4x less per statement (a join with two subqueries: 1.56 ms -> 0.38 ms).
 *
 * Only reads (`select` or `with` without a data-modifying word), outside transactions, with parameters that
 * are strings, numbers, booleans or null take this path. Each parameter is written as a quoted literal of
 * unknown type, which PostgreSQL resolves from its context exactly as it resolves an untyped bind parameter,
 * so `$1` means the same in both. Anything else, or a statement PostgreSQL will not prepare, takes `query()`
 * as before, and so does any statement whose prepared plan fails for a reason of its own.
 */
const MAX_STATEMENTS = 500;
const READ = /^\s*(select|with)\b/i;
/** A word that makes a statement more than a read (a data-modifying CTE, a row lock, a sequence's step). */
const WRITES =
  /\b(insert|update|delete|merge|truncate|copy|lock)\b|\bfor\s+(update|share|no\s+key|key)\b|\bnextval\s*\(/i;

type Param = string | number | bigint | boolean | null | undefined;
const literalable = (p: unknown): p is Param =>
  p === null ||
  p === undefined ||
  typeof p === 'number' ||
  typeof p === 'bigint' ||
  typeof p === 'boolean' ||
  (typeof p === 'string' && !p.includes('\0'));

/** A quoted literal of unknown type (standard_conforming_strings is on: only the quote is doubled). */
export function toLiteral(p: Param): string {
  if (p === null || p === undefined) return 'NULL';
  if (typeof p === 'number' && !Number.isFinite(p)) return `'${String(p)}'`;
  return `'${String(p).replace(/'/g, "''")}'`;
}

/** The statement's placeholders are all `$n` outside quotes and comments, numbered from 1 without gaps. */
export function placeholderCount(sql: string): number | null {
  let max = 0;
  const seen = new Set<number>();
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      if (end < 0) return null;
      i = end + 1;
      // A doubled quote continues the same literal.
      while (sql[i] === c) {
        const next = sql.indexOf(c, i + 1);
        if (next < 0) return null;
        i = next + 1;
      }
      continue;
    }
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) return null;
      i = end + 2;
      continue;
    }
    if (c === '$') {
      const m = /^\$(\d+)/.exec(sql.slice(i, i + 12));
      if (m) {
        const n = Number(m[1]);
        seen.add(n);
        max = Math.max(max, n);
        i += m[0].length;
        continue;
      }
      // A dollar-quoted string ($$...$$ or $tag$...$tag$) could hide anything: not for this path.
      if (/^\$[A-Za-z_]*\$/.test(sql.slice(i, i + 64))) return null;
    }
    i += 1;
  }
  return seen.size === max ? max : null;
}

/**
 * PGlite whose `query` takes the prepared path for the reads that can (the embedded database's client,
 * `client.ts`; decision 213). Its own PREPARE and EXECUTE go through PGlite's own `exec`, not a subclass's:
 * they are not the app's statements, kept from the tests' check of kept reads (decision 225).
 */
export class PreparedReadsPGlite extends PGlite {
  readonly #query = preparedReads(
    (sql, params, options) => super.query(sql, params, options),
    (sql, options) => super.exec(sql, options),
  );

  override query<T>(sql: string, params?: any[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }
}

function preparedReads(original: PGlite['query'], exec: PGlite['exec']) {
  const names = new Map<string, Promise<string | null>>();
  let counter = 0;

  const prepare = (sql: string): Promise<string | null> => {
    const known = names.get(sql);
    if (known) {
      // Most recently used last, so the oldest is the one dropped.
      names.delete(sql);
      names.set(sql, known);
      return known;
    }
    const name = `va_read_${(counter += 1)}`;
    const made = exec(`PREPARE ${name} AS ${sql}`)
      .then(() => name)
      .catch(() => null);
    names.set(sql, made);
    if (names.size > MAX_STATEMENTS) {
      const [oldest, gone] = names.entries().next().value as [string, Promise<string | null>];
      names.delete(oldest);
      void gone.then((n) => (n ? exec(`DEALLOCATE ${n}`).catch(() => undefined) : undefined));
    }
    return made;
  };

  const query = async <T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const list = params ?? [];
    const fast =
      !options?.paramTypes &&
      !options?.serializers &&
      !options?.blob &&
      READ.test(sql) &&
      !WRITES.test(sql) &&
      !sql.includes(';') &&
      list.every(literalable) &&
      placeholderCount(sql) === list.length;
    if (!fast) return original<T>(sql, params, options);
    const name = await prepare(sql);
    if (!name) return original<T>(sql, params, options);
    const args = list.length ? `(${list.map(toLiteral).join(', ')})` : '';
    try {
      const [result] = await exec(`EXECUTE ${name}${args}`, options);
      return result as Results<T>;
    } catch {
      // A plan that no longer fits its tables (a migration changed a column) is made again next time; the
      // statement's own error (a bad value for its type) comes back from query() exactly as it did before.
      names.delete(sql);
      void exec(`DEALLOCATE ${name}`).catch(() => undefined);
      return original<T>(sql, params, options);
    }
  };
  return query;
}
