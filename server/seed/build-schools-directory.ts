/**
 * Rebuilds schools-directory.tsv.gz, the school directory the project ships, from the public NCES high
 * school list and the HIFLD/IPEDS college directory, with the importer's own parsing:
 *   npx tsx server/seed/build-schools-directory.ts ../shared/data/schools
 * Rows: level (H or C), name, city, state, alias, IPEDS id, website host (colleges); sorted, so a rebuild of the same data is byte-identical.
 * schools-supplement.tsv adds well-known schools the public lists miss (same columns, uncompressed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseColleges, parseHighSchools } from '../modules/players';

const dir = process.argv[2] ?? '../shared/data/schools';
const rows = [
  ...parseHighSchools(readFileSync(path.join(dir, 'us-high-schools.csv'), 'utf8')),
  ...parseColleges(readFileSync(path.join(dir, 'us-colleges-and-universities.csv'), 'utf8')),
];
const clean = (s: string | null | undefined) => (s ?? '').replace(/[\t\r\n]+/g, ' ').trim();
const lines = new Set(
  rows.map((r) =>
    [r.level === 'College' ? 'C' : 'H', r.name, r.city, r.state, r.alias, r.ipedsId?.toString(), r.website]
      .map(clean)
      .join('\t')
      .replace(/\t+$/, ''),
  ),
);
const sorted = [...lines].sort();
const out = new URL('./schools-directory.tsv.gz', import.meta.url);
writeFileSync(out, gzipSync(`${sorted.join('\n')}\n`, { level: 9 }));
console.log(`${sorted.length} schools written to ${out.pathname}`);
