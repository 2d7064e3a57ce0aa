import { sql, type SQL } from 'drizzle-orm';
import { SCHOOL_SEARCH_LIMIT, type School, type SchoolSearchInput } from '../../../contract/schools';
import { planPerCall, type Db, type DbOrTx } from '../../db/client';
import { normaliseSchoolText } from './school-search-text';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

async function find(db: Db, level: string, where: SQL, limit: number, first?: SQL): Promise<School[]> {
  if (limit <= 0) return [];
  // Planned per call: the prefix index serves `like ' term%'` only when the planner sees the pattern.
  const res = await db.execute<School>(
    planPerCall(sql`
    select name, city, state, ipeds_id as "ipedsId" from schools
    where level = ${level} and ${where}
    order by ${first ? sql`${first}, ` : sql``}lower(name), city, state
    limit ${limit}`),
  );
  // Only a college has an IPEDS id; a high school's answer stays name, city and state.
  return res.rows.map(({ ipedsId, ...school }) => (ipedsId == null ? school : { ...school, ipedsId }));
}

/**
 * Three passes over the normalised search text (' name | city state | alias ', 'St.' read as 'Saint'),
 * at most 20 schools in all, each pass alphabetical:
 *  1. names starting with the term (btree on search_text text_pattern_ops);
 *  2. every typed word starting a word of the name, town, state or alias, names first
 *     ('jefferson' -> 'Thomas Jefferson High School', 'westlake austin'); pg_trgm GIN on search_text;
 *  3. the name or alias containing the term anywhere ('lake hi' -> 'Westlake High School').
 */
export async function searchSchools(db: Db, input: SchoolSearchInput): Promise<School[]> {
  const norm = escapeLike(normaliseSchoolText(input.searchTerm));
  const typed = input.searchTerm.trim().toLowerCase();
  const raw = escapeLike(typed);
  const level = input.level;
  const out: School[] = [];
  const seen = new Set<string>();
  const add = (rows: School[]) => {
    for (const r of rows) {
      const k = `${r.name}|${r.city}|${r.state}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(r);
    }
  };
  const left = () => SCHOOL_SEARCH_LIMIT - out.length;
  const prefix = sql`search_text like ${` ${norm}%`}`;

  if (norm) add(await find(db, level, prefix, SCHOOL_SEARCH_LIMIT));
  if (norm && left() > 0) {
    const words = norm.split(' ').map((w) => sql`search_text like ${`% ${w}%`}`);
    const inName = sql`split_part(search_text, ' | ', 1) like ${`% ${norm}%`}`;
    add(
      await find(
        db,
        level,
        sql`not ${prefix} and ${sql.join(words, sql` and `)}`,
        left() + out.length,
        sql`(case when ${inName} then 0 else 1 end)`,
      ),
    );
  }
  if (typed.length >= 3 && left() > 0) {
    const inside = sql`(lower(name) like ${`%${raw}%`} or lower(alias) like ${`%${raw}%`})`;
    add(await find(db, level, inside, left() + out.length));
  }
  return out.slice(0, SCHOOL_SEARCH_LIMIT);
}

/** A player's school is verified when the directory holds it at that level (and in that town, when one is given). */
export async function isListedSchool(
  db: Db,
  p: { level: string; school: string; schoolCity?: string | null; schoolState?: string | null },
) {
  const res = await db.execute(sql`
    select 1 from schools
    where level = ${p.level} and lower(name) = ${p.school.trim().toLowerCase()}
      ${p.schoolCity ? sql`and lower(city) = ${p.schoolCity.trim().toLowerCase()}` : sql``}
      ${p.schoolState ? sql`and state = ${p.schoolState}` : sql``}
    limit 1`);
  return res.rows.length > 0;
}

/**
 * The school as a coach can tell it apart (issue 52 item 6): 'Allen High School, Allen, TX'. The town and
 * state the family picked, else the directory's when it holds exactly one school of that name at the
 * player's level (in the player's state, when known); else the name with what is known.
 */
export async function schoolWithPlace(
  db: DbOrTx,
  p: { level: string; school: string; schoolCity: string | null; schoolState: string | null },
) {
  const name = p.school.trim();
  if (!name) return name;
  if (p.schoolCity && p.schoolState) return `${name}, ${p.schoolCity}, ${p.schoolState}`;
  const res = await db.execute(sql`
    select city, state from schools
    where level = ${p.level} and lower(name) = ${name.toLowerCase()}
      ${p.schoolState ? sql`and state = ${p.schoolState}` : sql``}
    limit 2`);
  const rows = res.rows as { city: string; state: string }[];
  if (rows.length === 1) return `${name}, ${rows[0].city}, ${rows[0].state}`;
  const known = [p.schoolCity, p.schoolState].filter(Boolean).join(', ');
  return known ? `${name}, ${known}` : name;
}
