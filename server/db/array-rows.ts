import { getTableColumns, getTableName, sql, type SQL, type Table } from 'drizzle-orm';
import { preparedOnce, type Db } from './client';

/**
 * Lists read as arrays (decision 223). A Drizzle select maps each row into an object field by field, asking each
 * field what kind of thing it is; for a page of rows that was a tenth to a fifth of the list's time, and it grew
 * with the page. These read a statement of our own the way Drizzle reads one (each row an array of the driver's
 * values, timestamps as PostgreSQL's text) and decode the columns with each column's own decoder.
 */

/**
 * A `sql` template whose values are `sql.placeholder`s, built and prepared once per database like a Drizzle
 * select (named on PostgreSQL, `PREPARE`d on PGlite).
 */
export function preparedArrays<P extends Record<string, unknown>>(query: SQL) {
  return preparedOnce((db: Db) => {
    const { dialect, session } = db as unknown as {
      dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
      session: {
        prepareQuery(
          q: { sql: string; params: unknown[] },
          fields: undefined,
          name: undefined,
          arrayMode: boolean,
          mapper: (rows: unknown[][]) => unknown[][],
        ): { execute(values: P): Promise<unknown[][]> };
      };
    };
    const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, undefined, true, (r) => r);
    return (values: P) => prepared.execute(values);
  });
}

/**
 * A table's columns (or the named ones, in that order) for a select list, and the reader that turns them back
 * into the row a Drizzle select gives, from an array row starting at `offset`.
 */
export function columnsOf<T extends Table, K extends keyof T['$inferSelect'] & string>(
  table: T,
  keys?: readonly K[],
  alias: string = getTableName(table),
) {
  const all = getTableColumns(table) as Record<string, T['_']['columns'][string]>;
  const cols = (keys ?? (Object.keys(all) as K[])).map((key) => [key, all[key]] as const);
  return {
    count: cols.length,
    /** The index of a column in the select list. */
    indexOf: (key: K) => cols.findIndex(([k]) => k === key),
    select: sql.raw(cols.map(([, col]) => `"${alias}"."${col.name}"`).join(', ')),
    read(row: unknown[], offset = 0): Pick<T['$inferSelect'], K> {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < cols.length; i += 1) {
        const [key, col] = cols[i];
        const value = row[offset + i];
        out[key] = value === null || value === undefined ? null : col.mapFromDriverValue(value);
      }
      return out as Pick<T['$inferSelect'], K>;
    },
  };
}
