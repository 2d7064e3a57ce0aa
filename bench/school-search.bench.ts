/**
 * School search over the whole shipped directory (loaded into a scratch PostgreSQL database the way
 * the app loads it): 2-4 letter prefixes and word matches through the app's search function, against
 * `SELECT 1` on the same pool, same run.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDb } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { seedSchools } from '../server/seed/schools';
import { searchSchools } from '../server/modules/players/schools.service';
import { fmt, ms, pct, printTable, type Row } from './lib/report';
import { scratchDatabase } from './lib/pg';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const GROUPS: { name: string; level: 'High School' | 'College'; terms: string[] }[] = [
  { name: '2-letter prefixes', level: 'High School', terms: ['ab', 'we', 'ma', 'sa', 'no', 'ce'] },
  { name: '3-letter prefixes', level: 'High School', terms: ['jef', 'wes', 'lin', 'mon', 'gra', 'cen'] },
  {
    name: '4-letter prefixes',
    level: 'High School',
    terms: ['lake', 'sain', 'rive', 'nort', 'wash', 'colu'],
  },
  {
    name: 'word matches',
    level: 'High School',
    terms: ['jefferson', 'westlake austin', 'st. john', 'high school', 'lake hi', 'central tx'],
  },
  { name: 'colleges', level: 'College', terms: ['st', 'univ', 'texas a', 'state university'] },
];

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return xs;
}

async function main() {
  const scratch = await scratchDatabase('va_bench_schools');
  const h = await openDb({ databaseUrl: scratch.url, dataDir: '/tmp' });
  try {
    await runMigrations(h);
    await seedSchools(h.db);
    const counted = await h.db.execute(
      sql`select level, count(*)::int as n from schools group by level order by level`,
    );
    const counts = (counted as unknown as { rows: { level: string; n: number }[] }).rows;
    const total = counts.reduce((s, c) => s + c.n, 0);
    const base = await time(() => h.pool!.query('select 1'));
    const rows: Row[] = [];
    for (const g of GROUPS) {
      const xs: number[] = [];
      for (const term of g.terms)
        xs.push(...(await time(() => searchSchools(h.db, { level: g.level, searchTerm: term }))));
      const p95 = pct(xs, 95);
      rows.push({
        what: `${g.name} (${g.level}): ${g.terms.map((t) => `'${t}'`).join(', ')}`,
        figure: `p95 ${ms(p95)} (p50 ${ms(pct(xs, 50))})`,
        baseline: `SELECT 1 p95 ${ms(pct(base, 95))} (p50 ${ms(pct(base, 50))})`,
        ratio: `${fmt(p95 / pct(base, 95), 1)}x at p95`,
        budget: '< 10 ms at p95',
        ok: p95 < 10,
      });
    }
    printTable(
      `School search on PostgreSQL, ${total.toLocaleString('en-US')} schools (${counts.map((c) => `${c.n.toLocaleString('en-US')} ${c.level}`).join(', ')})`,
      rows,
      [
        `${RUNS} searches per term after 5 warm-up searches, timed in the app process (round trip, all passes of the search).`,
      ],
    );
  } finally {
    await h.close();
    await scratch.drop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
