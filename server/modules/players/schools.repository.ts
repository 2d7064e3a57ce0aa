import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schoolSearchText } from './school-search-text';

export interface SchoolRow {
  name: string;
  level: 'High School' | 'College';
  city: string;
  state: string;
  alias?: string | null;
  /** Colleges: the IPEDS unit id and the website's host, which a coach's work email is checked against. */
  ipedsId?: number | null;
  website?: string | null;
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
  // One JSON parameter per batch, unpacked by the database: building a 7,000-parameter insert in
  // JavaScript cost more than the database's work (decision 187).
  const onConflict = opts.refresh
    ? sql`on conflict (level, name, city, state) do update set
        alias = coalesce(excluded.alias, schools.alias),
        ipeds_id = coalesce(excluded.ipeds_id, schools.ipeds_id),
        website = coalesce(excluded.website, schools.website),
        search_text = coalesce(case when excluded.alias is null and schools.alias is not null then schools.search_text end, excluded.search_text)`
    : sql`on conflict do nothing`;
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all
      .slice(i, i + BATCH)
      .map((r) => [
        r.level,
        r.name,
        r.city,
        r.state,
        r.alias ?? null,
        schoolSearchText(r),
        r.ipedsId ?? null,
        r.website ?? null,
      ]);
    const res = await db.execute(sql`
      insert into schools (level, name, city, state, alias, search_text, ipeds_id, website)
      select r->>0, r->>1, r->>2, r->>3, r->>4, r->>5, (r->>6)::int, r->>7 from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) r
      ${onConflict}
      returning id`);
    written += res.rows.length;
  }
  return written;
}
