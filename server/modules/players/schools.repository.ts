import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schools } from '../../db/schema';

export interface SchoolRow {
  name: string;
  level: 'High School' | 'College';
  city: string;
  state: string;
  alias?: string | null;
}

const BATCH = 1000;
const identity = (r: SchoolRow) => `${r.level}|${r.name.toLowerCase()}|${r.city.toLowerCase()}|${r.state}`;

/**
 * Inserts or refreshes schools by (level, name, city, state); running it twice changes nothing.
 * Duplicates inside one batch are merged first, since one upsert cannot touch a row twice.
 */
export async function upsertSchools(db: DbOrTx, rows: SchoolRow[], opts: { refresh?: boolean } = { refresh: true }) {
  const unique = new Map<string, SchoolRow>();
  for (const r of rows) unique.set(identity(r), r);
  const all = [...unique.values()];
  let written = 0;
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all.slice(i, i + BATCH).map((r) => ({ ...r, alias: r.alias ?? null }));
    const insert = db.insert(schools).values(batch);
    const res = await (opts.refresh
      ? insert.onConflictDoUpdate({
        target: [schools.level, schools.name, schools.city, schools.state],
        set: { alias: sql`coalesce(excluded.alias, ${schools.alias})` },
      })
      : insert.onConflictDoNothing()
    ).returning({ id: schools.id });
    written += res.length;
  }
  return written;
}
