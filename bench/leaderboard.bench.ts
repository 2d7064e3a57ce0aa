/**
 * `npm run bench`: the leaderboard at 1,000,000 rows on PostgreSQL. Creates a scratch database on
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, fills it, times pages through the app's own pool and query
 * beside `SELECT 1` on the same pool, prints the plans, and fails if a plan sorts or p95 >= 20 ms.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { LeaderboardQuery } from '../contract/leaderboard';
import { openDb, type DbHandle } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { seedPositions } from '../server/db/seed/positions';
import { getLeaderboardPage } from '../server/modules/leaderboard/leaderboard.service';
import { pageQuery } from '../server/modules/leaderboard/leaderboard.sql';

const ROWS = 1_000_000;
const ROWS_PER_PLAYER = 16; // 2 metrics x (7 seasons + all time)
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const P95_LIMIT_MS = 20;
const YEAR = new Date().getFullYear();

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!baseUrl) {
  console.error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (a scratch database is created there).');
  process.exit(2);
}

function withDb(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function admin(query: string) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

async function fill(h: DbHandle) {
  const players = ROWS / ROWS_PER_PLAYER;
  await h.db.execute(sql`insert into users (username, email, password) values ('bench@bench.test', 'bench@bench.test', 'x')`);
  await h.db.execute(sql`
    insert into players (user_id, first_name, last_name, primary_position_id, level, school, graduation_year,
      height_inches, weight, city, county, state)
    select (select id from users limit 1), 'First' || g, 'Last' || g, (select min(id) from positions) + g % 12,
      case when g % 10 < 7 then 'High School' else 'College' end, 'School ' || (g % 500), ${YEAR} + g % 5,
      60 + g % 20, 150 + g % 100, 'City ' || (g % 300), 'County ' || (g % 100), 'TX'
    from generate_series(1, ${players}) g`);
  // Values rounded to one decimal, so ties are everywhere, as in real results.
  await h.db.execute(sql`
    insert into leaderboard (player_id, position_id, metric_type, metric_value, season, is_all_time, level,
      player_name, graduation_year, school, city, county, state)
    select p.id, p.primary_position_id, m.metric,
      case when m.metric = 'max_speed' then round((12 + random() * 12)::numeric, 1) else round((50 + random() * 50)::numeric, 1) end,
      s.season, s.season is null, p.level, p.first_name || ' ' || p.last_name, p.graduation_year, p.school, p.city, p.county, p.state
    from players p
    cross join (values ('max_speed'), ('iga_score')) m(metric)
    cross join (select ${YEAR} - i as season from generate_series(0, 6) i union all select null) s`);
  await h.db.execute(sql`vacuum analyze leaderboard`);
  await h.db.execute(sql`analyze players`);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return { p50: pct(xs, 50), p95: pct(xs, 95) };
}

const CASES: { name: string; q: LeaderboardQuery }[] = [
  { name: 'page at offset 0 (High School, Max Speed, this season)', q: { metric: 'max_speed', level: 'High School', season: YEAR, offset: 0, limit: 25 } },
  { name: 'page at offset 10,000 (High School, Max Speed, all time)', q: { metric: 'max_speed', level: 'High School', all_time: 'true', offset: 10_000, limit: 25 } },
  { name: 'filtered season (College, IGA, 3 seasons ago, offset 100)', q: { metric: 'iga_score', level: 'College', season: YEAR - 3, offset: 100, limit: 25 } },
];

async function main() {
  const name = `va_bench_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const h = await openDb({ databaseUrl: withDb(baseUrl!, name), dataDir: '/tmp' });
  let failed = false;
  try {
    await runMigrations(h);
    await seedPositions(h.db);
    const t0 = performance.now();
    await fill(h);
    const count = await h.db.execute(sql`select count(*)::int as n from leaderboard`);
    console.log(`Filled ${(count as any).rows[0].n.toLocaleString('en-US')} leaderboard rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (database ${name}).\n`);

    const base = await time(() => h.pool!.query('select 1'));
    console.log(`${'query'.padEnd(60)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p50 x'.padStart(7)} ${'p95 x'.padStart(7)}`);
    console.log(`${'SELECT 1 (same pool)'.padEnd(60)} ${base.p50.toFixed(2).padStart(8)} ${base.p95.toFixed(2).padStart(8)}`);
    for (const c of CASES) {
      const page = await getLeaderboardPage(h.db, c.q);
      if (page.entries.length !== 25 || !page.hasMore) throw new Error(`${c.name}: expected a full page, got ${page.entries.length}`);
      const r = await time(() => getLeaderboardPage(h.db, c.q));
      const slow = r.p95 >= P95_LIMIT_MS;
      failed ||= slow;
      console.log(
        `${c.name.padEnd(60)} ${r.p50.toFixed(2).padStart(8)} ${r.p95.toFixed(2).padStart(8)} ${(r.p50 / base.p50).toFixed(1).padStart(7)} ${(r.p95 / base.p95).toFixed(1).padStart(7)}${slow ? '  SLOW' : ''}`,
      );
    }
    for (const c of CASES) {
      const q = pageQuery({ metric: c.q.metric, level: c.q.level, season: c.q.all_time ? null : c.q.season!, offset: c.q.offset, limit: c.q.limit + 1 });
      const plan = await h.db.execute(sql`explain (analyze, buffers, costs off) ${q}`);
      const text = (plan as any).rows.map((r: any) => r['QUERY PLAN']).join('\n');
      const sorts = /\bSort\b/.test(text);
      failed ||= sorts;
      console.log(`\n--- ${c.name}${sorts ? '  (SORTS: FAIL)' : '  (no sort)'}\n${text}`);
    }
    console.log(failed ? '\nFAIL: a page sorted or took 20 ms or more at p95.' : `\nOK: every page p95 < ${P95_LIMIT_MS} ms, from the index, no sort.`);
  } finally {
    await h.close();
    if (!process.argv.includes('--keep')) await admin(`drop database if exists ${name} with (force)`);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
