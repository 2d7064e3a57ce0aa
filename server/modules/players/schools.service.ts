import { sql } from 'drizzle-orm';
import { SCHOOL_SEARCH_LIMIT, type School, type SchoolSearchInput } from '../../../contract/schools';
import type { Db } from '../../db/client';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/**
 * Names starting with the term first (btree on lower(name) text_pattern_ops), then names containing
 * it (pg_trgm GIN indexes on name and alias), each alphabetical, at most 20 in all. A two-letter
 * term has no trigram to look up, so past the prefix it matches word starts ("hi" -> "Westlake High").
 */
export async function searchSchools(db: Db, input: SchoolSearchInput): Promise<School[]> {
  const term = escapeLike(input.searchTerm.trim().toLowerCase());
  const prefix = `${term}%`;
  const first = await db.execute<School>(sql`
    select name, city, state from schools
    where level = ${input.level} and lower(name) like ${prefix}
    order by lower(name), city, state
    limit ${SCHOOL_SEARCH_LIMIT}`);
  const starts = first.rows as School[];
  if (starts.length >= SCHOOL_SEARCH_LIMIT) return starts;

  const inside = term.length >= 3
    ? sql`(lower(name) like ${`%${term}%`} or lower(alias) like ${`%${term}%`})`
    : sql`lower(name) like ${`% ${term}%`}`;
  const rest = await db.execute<School>(sql`
    select name, city, state from schools
    where level = ${input.level} and lower(name) not like ${prefix} and ${inside}
    order by lower(name), city, state
    limit ${SCHOOL_SEARCH_LIMIT - starts.length}`);
  return [...starts, ...(rest.rows as School[])];
}
