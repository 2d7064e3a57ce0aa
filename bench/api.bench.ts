/**
 * Signed-in reads (GET /api/user, /api/players with 20 players, /api/leaderboard first page) measured
 * with autocannon on loopback against, in the same run: (a) bare node:http answering the same bytes and
 * (b) a route of the same app (same plugins and response schema) answering the same JSON from memory.
 * On PostgreSQL (scratch database) and on the embedded PGlite. BENCH_SECONDS, BENCH_CONNECTIONS.
 */
import { fmt, ms, printTable, type Row } from './lib/report';
import { CONNECTIONS, load, SECONDS, type Load } from './lib/load';
import { pgAvailable, scratchDatabase } from './lib/pg';
import { startChild } from './lib/proc';

interface AppInfo { port: number; cookie: string; bodies: Record<string, string>; driver: string }
const ROUTES = {
  user: '/api/user',
  players: '/api/players',
  leaderboard: `/api/leaderboard?metric=max_speed&level=High%20School&season=${new Date().getFullYear()}`,
} as const;
type Name = keyof typeof ROUTES;
const NAMES = Object.keys(ROUTES) as Name[];
const label = (n: Name) => `GET ${ROUTES[n].split('?')[0]}`;
const show = (l: Load) => `${fmt(l.rps)} req/s, p99 ${ms(l.p99)}${l.errors || l.non2xx ? ` (${l.errors + l.non2xx} failed)` : ''}`;

async function measureApp(dbUrl: string) {
  const app = await startChild<AppInfo>('../lib/api-server.ts', { env: { BENCH_DB: dbUrl } });
  try {
    const base = `http://127.0.0.1:${app.info.port}`;
    const real = {} as Record<Name, Load>;
    const memory = {} as Record<Name, Load>;
    const perRequest = {} as Record<Name, { queries: number; writes: number }>;
    for (const n of NAMES) {
      memory[n] = await load(`${base}/bench/memory/${n}`);
      await fetch(`${base}/bench/stats`);
      real[n] = await load(`${base}${ROUTES[n]}`, { headers: { cookie: app.info.cookie } });
      const s = (await (await fetch(`${base}/bench/stats`)).json()) as { queries: number; writes: number };
      const requests = real[n].rps * (SECONDS + 1);
      perRequest[n] = { queries: s.queries / requests, writes: s.writes / requests };
    }
    const withSession = await load(`${base}/bench/memory/user`, { headers: { cookie: app.info.cookie } });
    return { info: app.info, real, memory, perRequest, withSession };
  } finally {
    await app.stop();
  }
}

async function main() {
  const rows: Row[] = [];
  const notes = [`autocannon, ${CONNECTIONS} connections, ${SECONDS} s per figure after a 1 s warm-up, loopback; rate limits off; access log at info to /dev/null.`];
  if (!(await pgAvailable())) throw new Error('PostgreSQL is not reachable (BENCH_DATABASE_URL / TEST_DATABASE_URL / localhost:5432).');
  const scratch = await scratchDatabase('va_bench_api');
  let pg;
  try {
    pg = await measureApp(scratch.url);
  } finally {
    await scratch.drop();
  }
  const bodies = Object.fromEntries(NAMES.map((n) => [ROUTES[n].split('?')[0], pg.info.bodies[n]]));
  const bare = await startChild<{ port: number }>('../lib/bare-server.ts', { stdin: JSON.stringify(bodies) });
  const a = {} as Record<Name, Load>;
  try {
    for (const n of NAMES) a[n] = await load(`http://127.0.0.1:${bare.info.port}${ROUTES[n]}`);
  } finally {
    await bare.stop();
  }
  const lite = await measureApp('pglite');

  for (const n of NAMES) {
    const r = pg.real[n];
    const ofB = r.rps / pg.memory[n].rps;
    const ofA = r.rps / a[n].rps;
    rows.push({
      what: `${label(n)} on PostgreSQL`,
      figure: show(r),
      baseline: `(a) bare ${fmt(a[n].rps)} req/s; (b) memory ${fmt(pg.memory[n].rps)} req/s, p99 ${ms(pg.memory[n].p99)}`,
      ratio: `${ofB.toFixed(2)} of (b), ${ofA.toFixed(3)} of (a)`,
      budget: '>= 0.35 of (b), >= 0.10 of (a), p99 < 25 ms',
      ok: ofB >= 0.35 && ofA >= 0.1 && r.p99 < 25 && !r.errors && !r.non2xx,
    });
  }
  for (const n of NAMES) {
    const r = lite.real[n];
    const ofPg = r.rps / pg.real[n].rps;
    rows.push({
      what: `${label(n)} on PGlite`,
      figure: show(r),
      baseline: `PostgreSQL ${fmt(pg.real[n].rps)} req/s; (b) on PGlite ${fmt(lite.memory[n].rps)} req/s`,
      ratio: `${ofPg.toFixed(2)} of PostgreSQL, ${(r.rps / lite.memory[n].rps).toFixed(2)} of (b)`,
      budget: '>= 0.30 of PostgreSQL',
      ok: ofPg >= 0.3 && !r.errors && !r.non2xx,
    });
  }
  for (const n of NAMES) {
    const q = pg.perRequest[n];
    rows.push({
      what: `${label(n)}: statements per request (PostgreSQL)`,
      figure: `${q.queries.toFixed(2)} queries, ${q.writes.toFixed(3)} writes`,
      baseline: '(b) memory route: 0',
      ratio: '',
      budget: 'session and user in 1 query; no write',
      ok: q.writes < 0.01,
    });
  }
  const cost = pg.withSession.rps / pg.memory.user.rps;
  rows.push({
    what: 'session cost: memory route with a session cookie (PostgreSQL)',
    figure: show(pg.withSession),
    baseline: `same route without a session ${fmt(pg.memory.user.rps)} req/s`,
    ratio: `${cost.toFixed(2)}`,
    budget: 'informational',
    ok: null,
  });
  printTable('API: signed-in reads', rows, notes);
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
