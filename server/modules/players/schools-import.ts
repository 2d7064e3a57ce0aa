import { readFile } from 'node:fs/promises';
import { count, sql } from 'drizzle-orm';
import { US_STATES } from '../../../contract/constants';
import type { CliCommand } from '../../lib/cli-command';
import type { Db } from '../../db/client';
import { schools } from '../../db/schema';
import { parseCsv } from './csv';
import { upsertSchools, type SchoolRow } from './schools.repository';
import { titleCase } from './title-case';

/** Full state names -> codes; DC and the territories are kept, "Bureau of Indian Education" has no state. */
const STATE_CODES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code])),
  'district of columbia': 'DC',
  'puerto rico': 'PR',
  guam: 'GU',
  'american samoa': 'AS',
  'u.s. virgin islands': 'VI',
};
const KEPT_CODES = new Set(Object.values(STATE_CODES));

// HIFLD STATUS: A active, N new, R restored, G reopened; C/D/M are closed or merged away.
const OPEN_STATUS = new Set(['A', 'N', 'R', 'G']);
const COLLEGE_KINDS = new Set(['COLLEGES, UNIVERSITIES, AND PROFESSIONAL SCHOOLS', 'JUNIOR COLLEGES']);

const tidy = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().replace(/,+$/, '').trim();
/** NCES abbreviates: "Westlake H S", "Roosevelt HS", "Westlake High" are searched for as "... High School". */
const expandHighSchool = (name: string) => name.replace(/\s+(H\.? ?S\.?|Hs|High)$/i, ' High School');

/** 'https://www.Example.edu/athletics' -> 'example.edu'; null when there is no usable host. */
export function websiteHost(raw: string | undefined) {
  const s = tidy(raw).toLowerCase();
  if (!s || s === 'not available') return null;
  const host = s
    .replace(/^[a-z]+:\/\//, '')
    .split(/[/?#:]/)[0]
    .replace(/^www\d?\./, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

type SchoolFileFormat = 'high-schools' | 'colleges';

function detectFormat(text: string): SchoolFileFormat {
  const header = text.slice(0, text.search(/\r?\n/)).replace(/^\uFEFF/, '');
  if (header.includes(';') && /(^|;)NAME(;|$)/.test(header) && header.includes('DEG_GRANT'))
    return 'colleges';
  if (/^"?name"?,"?city"?,"?state"?/i.test(header)) return 'high-schools';
  throw new Error(
    'Unrecognised school file: expected "Name,City,State" high schools or the semicolon-separated college directory',
  );
}

/** "Name,City,State" with full state names (NCES high schools). */
export function parseHighSchools(text: string): SchoolRow[] {
  const out: SchoolRow[] = [];
  let header = true;
  for (const [name, city, state] of parseCsv(text.replace(/^\uFEFF/, ''))) {
    if (header) {
      header = false;
      continue;
    }
    const code = STATE_CODES[tidy(state).toLowerCase()];
    const n = tidy(name);
    const c = tidy(city);
    if (!code || !n || !c) continue;
    out.push({
      level: 'High School',
      name: expandHighSchool(n === n.toUpperCase() ? titleCase(n) : n),
      city: c === c.toUpperCase() ? titleCase(c) : c,
      state: code,
    });
  }
  return out;
}

/** The HIFLD/IPEDS directory: degree-granting, open colleges and universities only; ALIAS kept for search. */
export function parseColleges(text: string): SchoolRow[] {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''), ';');
  const head = rows.next().value as string[];
  const col = (name: string) => {
    const i = head.indexOf(name);
    if (i < 0) throw new Error(`College file is missing the ${name} column`);
    return i;
  };
  const [NAME, CITY, STATE, DEG, STATUS, NAICS, ALIAS] = [
    'NAME',
    'CITY',
    'STATE',
    'DEG_GRANT',
    'STATUS',
    'NAICS_DESC',
    'ALIAS',
  ].map(col);
  // Older extracts lack these two; a coach of such a college then waits for an admin (decision 211).
  const [IPEDSID, WEBSITE] = [head.indexOf('IPEDSID'), head.indexOf('WEBSITE')];
  const out: SchoolRow[] = [];
  for (const r of rows) {
    if (r[DEG] !== '1' || !OPEN_STATUS.has(r[STATUS] ?? '') || !COLLEGE_KINDS.has(r[NAICS] ?? '')) continue;
    const state = tidy(r[STATE]).toUpperCase();
    const name = tidy(r[NAME]);
    const city = tidy(r[CITY]);
    if (!KEPT_CODES.has(state) || !name || !city) continue;
    const alias = tidy(r[ALIAS]);
    out.push({
      level: 'College',
      name: titleCase(name),
      city: titleCase(city),
      state,
      alias: alias && alias !== 'NOT AVAILABLE' ? alias.slice(0, 500) : null,
      ...(IPEDSID >= 0 && /^\d{1,9}$/.test(tidy(r[IPEDSID])) ? { ipedsId: Number(tidy(r[IPEDSID])) } : {}),
      ...(WEBSITE >= 0 && websiteHost(r[WEBSITE]) ? { website: websiteHost(r[WEBSITE]) } : {}),
    });
  }
  return out;
}

function parseSchoolFile(text: string): SchoolRow[] {
  return detectFormat(text) === 'colleges' ? parseColleges(text) : parseHighSchools(text);
}

export async function importSchoolFile(db: Db, file: string) {
  const text = await readFile(file, 'utf8');
  const rows = parseSchoolFile(text);
  const written = await db.transaction((tx) => upsertSchools(tx, rows));
  // Flushes the trigram indexes' pending lists and refreshes statistics so the planner uses them at once.
  await db.execute(sql`vacuum analyze schools`);
  const [total] = await db.select({ n: count() }).from(schools);
  return { format: detectFormat(text), parsed: rows.length, written, total: total.n };
}

export const schoolsImportCommand: CliCommand = {
  name: 'schools:import',
  usage:
    'schools:import <file>   (NCES high schools CSV or the semicolon-separated college directory; safe to re-run)',
  async run(db, args) {
    const file = args[0];
    if (!file) throw new Error('Usage: npm run cli -- schools:import <file>');
    const r = await importSchoolFile(db, file);
    console.log(
      `${r.format}: ${r.parsed} schools read, ${r.written} inserted or refreshed; ${r.total} schools in all.`,
    );
  },
};
