/**
 * Rebuilds schools-builtin.json from the public directories with the importer's own parsing:
 *   npx tsx server/db/seed/build-schools-builtin.ts ../shared/data/schools
 * Per state: high schools from its four largest school towns, and its five largest degree-granting colleges.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { US_STATES } from '../../../contract/constants';
import { parseCsv } from '../../modules/players/csv';
import { parseColleges, parseHighSchools } from '../../modules/players/schools-import';
import type { SchoolRow } from '../../modules/players/schools.repository';
import { titleCase } from '../../modules/players/title-case';

const dir = process.argv[2] ?? '../shared/data/schools';
const hsText = readFileSync(path.join(dir, 'us-high-schools.csv'), 'utf8');
const coText = readFileSync(path.join(dir, 'us-colleges-and-universities.csv'), 'utf8');
const states = [...Object.keys(US_STATES), 'DC'];
const ALWAYS = new Set(['Westlake High School|Austin|TX']); // the demo family's school

const hs = parseHighSchools(hsText);
const enrollment = new Map<string, number>();
const rows = parseCsv(coText, ';');
const head = rows.next().value as string[];
const [N, C, E] = ['NAME', 'CITY', 'TOT_ENROLL'].map((h) => head.indexOf(h)) as [number, number, number];
for (const r of rows) enrollment.set(`${titleCase(r[N]!)}|${titleCase(r[C]!)}`, Number(r[E]) || 0);
const colleges = parseColleges(coText);

const out: SchoolRow[] = [];
for (const st of states) {
  const inState = hs.filter((s) => s.state === st && / High School$/.test(s.name));
  const towns = new Map<string, number>();
  for (const s of inState) towns.set(s.city, (towns.get(s.city) ?? 0) + 1);
  const top = [...towns.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 4).map(([t]) => t);
  for (const town of top) {
    out.push(...inState.filter((s) => s.city === town).sort((a, b) => a.name.localeCompare(b.name)).slice(0, 2));
  }
  out.push(...inState.filter((s) => ALWAYS.has(`${s.name}|${s.city}|${s.state}`)));
  const big = colleges
    .filter((c) => c.state === st)
    .sort((a, b) => (enrollment.get(`${b.name}|${b.city}`) ?? 0) - (enrollment.get(`${a.name}|${a.city}`) ?? 0))
    .slice(0, 5);
  out.push(...big);
}
const unique = [...new Map(out.map((s) => [`${s.level}|${s.name}|${s.city}|${s.state}`, s])).values()];
const file = new URL('./schools-builtin.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(unique.map(({ level, name, city, state, alias }) => ({ level, name, city, state, ...(alias ? { alias } : {}) })), null, 0).replace(/},{/g, '},\n{')}\n`);
console.log(`${unique.length} schools written to ${file.pathname}`);
