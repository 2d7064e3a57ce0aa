/**
 * The leaderboard at 1,000,000 rows on PostgreSQL: a scratch database (BENCH_DATABASE_URL,
 * TEST_DATABASE_URL or the local cluster) is filled, then pages are timed through the app's own pool
 * and query beside `SELECT 1` on the same pool (server time from EXPLAIN ANALYZE, and the round trip),
 * and each plan is checked for the page index and for a sort. `--keep` keeps
 * the database; BENCH_LEADERBOARD_DB=<name> reuses a kept one.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { LeaderboardQuery } from '../contract/leaderboard';
import type { DbHandle } from '../server/db/client';
import { getLeaderboardPage } from '../server/modules/leaderboard/leaderboard.service';
import { pageQuery } from '../server/modules/leaderboard/leaderboard.sql';
import { ms, pct, printTable, type Row } from './lib/report';
import { filledDatabase } from './lib/filled-db';

const ROWS = Number(process.env.BENCH_LEADERBOARD_ROWS ?? 1_000_000);
const ROWS_PER_PLAYER = 16; // 2 metrics x (7 seasons + all time)
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const P95_LIMIT_MS = 20;
const YEAR = new Date().getFullYear();

async function fill(h: DbHandle) {
  const players = ROWS / ROWS_PER_PLAYER;
  await h.db.execute(
    sql`insert into users (username, email, password) values ('bench@bench.test', 'bench@bench.test', 'x')`,
  );
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
  {
    name: 'first page (High School, Max Speed, this season)',
    q: { metric: 'max_speed', level: 'High School', season: YEAR, offset: 0, limit: 25 },
  },
  {
    name: 'page at offset 10,000 (High School, Max Speed, all time)',
    q: { metric: 'max_speed', level: 'High School', all_time: 'true', offset: 10_000, limit: 25 },
  },
  {
    name: 'filtered season (College, IGA, 3 seasons ago, offset 100)',
    q: { metric: 'iga_score', level: 'College', season: YEAR - 3, offset: 100, limit: 25 },
  },
];

async function main() {
  const { h, name, seconds, done } = await filledDatabase('va_bench_lb', 'BENCH_LEADERBOARD_DB', fill);
  try {
    const count = await h.db.execute(sql`select count(*)::int as n from leaderboard`);
    const n = (count as unknown as { rows: { n: number }[] }).rows[0].n;
    console.log(
      `Filled ${n.toLocaleString('en-US')} leaderboard rows in ${seconds.toFixed(1)} s (database ${name}).`,
    );

    const base = await time(() => h.pool!.query('select 1'));
    const rows: Row[] = [];
    const serverMs: number[] = [];
    let plans = '';
    for (const c of CASES) {
      const page = await getLeaderboardPage(h.db, c.q);
      if (page.entries.length !== 25 || !page.hasMore)
        throw new Error(`${c.name}: expected a full page, got ${page.entries.length}`);
      const r = await time(() => getLeaderboardPage(h.db, c.q));
      const q = pageQuery({
        metric: c.q.metric,
        level: c.q.level,
        season: c.q.all_time ? null : c.q.season!,
        offset: c.q.offset,
        limit: c.q.limit + 1,
      });
      const plan = await h.db.execute(sql`explain (analyze, buffers, costs off) ${q}`);
      const text = (plan as unknown as { rows: Record<string, string>[] }).rows
        .map((x) => x['QUERY PLAN'])
        .join('\n');
      const server = await time(async () => {
        const res = await h.db.execute(sql`explain (analyze, timing off, format json) ${q}`);
        const [plan] = (
          res as unknown as {
            rows: { 'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }] }[];
          }
        ).rows[0]['QUERY PLAN'];
        serverMs.push(plan['Planning Time'] + plan['Execution Time']);
      });
      void server;
      const all = serverMs.splice(0).slice(20);
      const serverP95 = pct(all, 95);
      const serverP50 = pct(all, 50);
      const sorts = /\bSort\b/.test(text);
      const indexed = /Index (Only )?Scan using leaderboard_page_idx/.test(text);
      plans += `--- ${c.name}\n${text}\n\n`;
      rows.push({
        what: `${c.name}, ${n.toLocaleString('en-US')} rows: server time`,
        figure: `p95 ${ms(serverP95)} (p50 ${ms(serverP50)})`,
        baseline: `SELECT 1 round trip p95 ${ms(base.p95)} (p50 ${ms(base.p50)})`,
        ratio: `${(serverP95 / base.p95).toFixed(1)}x at p95`,
        budget: `p95 < ${P95_LIMIT_MS} ms`,
        ok: serverP95 < P95_LIMIT_MS,
      });
      rows.push({
        what: '  round trip from the app (query + mapping)',
        figure: `p95 ${ms(r.p95)} (p50 ${ms(r.p50)})`,
        baseline: `SELECT 1 p95 ${ms(base.p95)} (p50 ${ms(base.p50)})`,
        ratio: `${(r.p95 / base.p95).toFixed(1)}x at p95`,
        budget: 'informational',
        ok: null,
      });
      rows.push({
        what: `  plan`,
        figure: `${indexed ? 'leaderboard_page_idx' : 'NOT the page index'}, ${sorts ? 'SORTS' : 'no sort'}`,
        baseline: '',
        ratio: '',
        budget: 'index, no sort',
        ok: indexed && !sorts,
      });
    }
    printTable(
      'Leaderboard on PostgreSQL (server time through the app pool)',
      rows,
      [
        `${RUNS} runs per query after 20 warm-up runs. Server time = PostgreSQL's planning + execution time (EXPLAIN ANALYZE) of the app's statement; round trip = measured in the app process.`,
      ],
      plans.trim(),
    );
  } finally {
    await done();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
