import { sql, type SQL } from 'drizzle-orm';
import type { Catalog } from './kept-reads';

/** The app's database, as far as reading the catalog goes (either driver's Drizzle database). */
interface Db {
  execute(query: SQL): PromiseLike<unknown>;
}

const rowsOf = async <T>(db: Db, q: SQL) => ((await db.execute(q)) as { rows: T[] }).rows;

/**
 * Reads what the write clock needs of a migrated database's catalog (decision 260): its tables (a
 * notification naming another counts as a write to every table) and the columns unique on their own (a
 * kept read of one row by such a column ignores new rows).
 */
export async function loadCatalog(db: Db): Promise<Catalog> {
  const [tables, unique] = await Promise.all([
    rowsOf<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    ),
    rowsOf<{ table: string; column: string }>(
      db,
      sql`select c.relname as "table", a.attname as "column" from pg_index i
          join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
          where n.nspname = 'public' and i.indisunique and i.indnatts = 1 and i.indpred is null
            and i.indexprs is null`,
    ),
  ]);
  const byTable = new Map<string, Set<string>>();
  for (const u of unique) byTable.set(u.table, (byTable.get(u.table) ?? new Set()).add(u.column));
  return { tables: new Set(tables.map((t) => t.name)), unique: byTable };
}
