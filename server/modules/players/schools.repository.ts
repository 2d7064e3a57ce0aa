import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schools } from '../../db/schema';
import { schoolSearchText } from './school-search-text';

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
export async function upsertSchools(
  db: DbOrTx,
  rows: SchoolRow[],
  opts: { refresh?: boolean } = { refresh: true },
) {
  const unique = new Map<string, SchoolRow>();
  for (const r of rows) unique.set(identity(r), r);
  const all = [...unique.values()];
  let written = 0;
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all
      .slice(i, i + BATCH)
      .map((r) => ({ ...r, alias: r.alias ?? null, searchText: schoolSearchText(r) }));
    const insert = db.insert(schools).values(batch);
    const res = await (
      opts.refresh
        ? insert.onConflictDoUpdate({
            target: [schools.level, schools.name, schools.city, schools.state],
            set: {
              alias: sql`coalesce(excluded.alias, ${schools.alias})`,
              searchText: sql`coalesce(case when excluded.alias is null and ${schools.alias} is not null then ${schools.searchText} end, excluded.search_text)`,
            },
          })
        : insert.onConflictDoNothing()
    ).returning({ id: schools.id });
    written += res.length;
  }
  return written;
}
