import type pg from 'pg';

/**
 * Calls `seen` with the text of every statement sent through the pool, until the returned function is
 * called: how the tests and the API benchmark count what one request asks of PostgreSQL. Statements of
 * a transaction go through their own client and are not seen.
 */
export function watchStatements(pool: pg.Pool, seen: (text: string) => void): () => void {
  const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    seen(typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | null)?.text ?? ''));
    return query(...args);
  };
  return () => {
    (pool as unknown as { query: unknown }).query = query;
  };
}
