/**
 * Signed-in reads (GET /api/user, /api/players with 20 players, /api/leaderboard first page) measured
 * with autocannon on loopback against, in the same run and interleaved: (a) bare node:http answering
 * the same bytes and (b) a route of the same app (same plugins and response schema) answering the same
 * JSON from memory. On PostgreSQL (scratch database) and on the embedded PGlite.
 * BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS.
 */
import { loadavg } from 'node:os';
import { fmt, ms, printTable, type Row } from './lib/report';
import { CONNECTIONS, interleaved, ROUNDS, SECONDS, type Load } from './lib/load';
import { pgAvailable, scratchDatabase } from './lib/pg';
import { startChild, type Child } from './lib/proc';

interface AppInfo {
  port: number;
  cookie: string;
  bodies: Record<string, string>;
  driver: string;
}
const ROUTES = {
  user: '/api/user',
  players: '/api/players',
  leaderboard: `/api/leaderboard?metric=max_speed&level=High%20School&season=${new Date().getFullYear()}`,
} as const;
type Name = keyof typeof ROUTES;
const NAMES = Object.keys(ROUTES) as Name[];
const label = (n: Name) => `GET ${ROUTES[n].split('?')[0]}`;
const show = (l: Load) =>
  `${fmt(l.rps)} req/s, p99 ${ms(l.p99)}${l.errors || l.non2xx ? ` (${l.errors + l.non2xx} failed)` : ''}`;
const pathOf = (n: Name) => ROUTES[n].split('?')[0];

async function statements(base: string, n: Name, cookie: string) {
  await fetch(`${base}/bench/stats`);
  for (let i = 0; i < 50; i++) await fetch(`${base}${ROUTES[n]}`, { headers: { cookie } });
  const s = (await (await fetch(`${base}/bench/stats`)).json()) as {
    requests: number;
    queries: number;
    writes: number;
  };
  return { queries: s.queries / s.requests, writes: s.writes / s.requests };
}

async function main() {
  const rows: Row[] = [];
  const load0 = loadavg()[0];
  if (!(await pgAvailable()))
    throw new Error('PostgreSQL is not reachable (BENCH_DATABASE_URL / TEST_DATABASE_URL / localhost:5432).');
  const scratch = await scratchDatabase('va_bench_api');
  let app: Child<AppInfo> | undefined;
  let bare: Child<{ port: number }> | undefined;
  const pg = {} as Record<Name, { a: Load; b: Load; real: Load; q: { queries: number; writes: number } }>;
  let session: Record<'without' | 'with', Load>;
  try {
    app = await startChild<AppInfo>('../lib/api-server.ts', { env: { BENCH_DB: scratch.url } });
    const { cookie, bodies } = app.info;
    bare = await startChild<{ port: number }>('../lib/bare-server.ts', {
      stdin: JSON.stringify(Object.fromEntries(NAMES.map((n) => [pathOf(n), bodies[n]]))),
    });
    const base = `http://127.0.0.1:${app.info.port}`;
    for (const n of NAMES) {
      const r = await interleaved({
        a: { url: `http://127.0.0.1:${bare.info.port}${ROUTES[n]}` },
        b: { url: `${base}/bench/memory/${n}` },
        real: { url: `${base}${ROUTES[n]}`, headers: { cookie } },
      });
      pg[n] = { ...r, q: await statements(base, n, cookie) };
    }
    session = await interleaved({
      without: { url: `${base}/bench/memory/user` },
      with: { url: `${base}/bench/memory/user`, headers: { cookie } },
    });
  } finally {
    await bare?.stop();
    await app?.stop();
    await scratch.drop();
  }

  const lite = {} as Record<Name, { b: Load; real: Load }>;
  app = await startChild<AppInfo>('../lib/api-server.ts', { env: { BENCH_DB: 'pglite' } });
  try {
    const base = `http://127.0.0.1:${app.info.port}`;
    for (const n of NAMES) {
      lite[n] = await interleaved({
        b: { url: `${base}/bench/memory/${n}` },
        real: { url: `${base}${ROUTES[n]}`, headers: { cookie: app.info.cookie } },
      });
    }
  } finally {
    await app.stop();
  }

  for (const n of NAMES) {
    const { a, b, real } = pg[n];
    const ofB = real.rps / b.rps;
    const ofA = real.rps / a.rps;
    rows.push({
      what: `${label(n)} on PostgreSQL`,
      figure: show(real),
      baseline: `(a) bare ${fmt(a.rps)} req/s; (b) memory ${fmt(b.rps)} req/s, p99 ${ms(b.p99)}`,
      ratio: `${ofB.toFixed(2)} of (b), ${ofA.toFixed(3)} of (a)`,
      budget: '>= 0.35 of (b), >= 0.10 of (a), p99 < 25 ms',
      ok: ofB >= 0.35 && ofA >= 0.1 && real.p99 < 25 && !real.errors && !real.non2xx,
    });
  }
  for (const n of NAMES) {
    const r = lite[n].real;
    const ofPg = r.rps / pg[n].real.rps;
    rows.push({
      what: `${label(n)} on PGlite`,
      figure: show(r),
      baseline: `PostgreSQL ${fmt(pg[n].real.rps)} req/s; (b) on PGlite ${fmt(lite[n].b.rps)} req/s`,
      ratio: `${ofPg.toFixed(2)} of PostgreSQL, ${(r.rps / lite[n].b.rps).toFixed(2)} of (b)`,
      budget: '>= 0.30 of PostgreSQL',
      ok: ofPg >= 0.3 && !r.errors && !r.non2xx,
    });
  }
  for (const n of NAMES) {
    const q = pg[n].q;
    rows.push({
      what: `${label(n)}: statements per request (PostgreSQL)`,
      figure: `${q.queries.toFixed(2)} queries, ${q.writes.toFixed(2)} writes`,
      baseline: '(b) memory route: 0',
      ratio: '',
      budget: 'session and user in 1 query; no write',
      ok: q.writes === 0,
    });
  }
  rows.push({
    what: 'session cost: memory route with a session cookie (PostgreSQL)',
    figure: show(session!.with),
    baseline: `same route without a session ${fmt(session!.without.rps)} req/s`,
    ratio: (session!.with.rps / session!.without.rps).toFixed(2),
    budget: 'informational',
    ok: null,
  });
  printTable('API: signed-in reads', rows, [
    `autocannon, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s per figure (1 s warm-up), loopback; rate limits off; access log at info to /dev/null.`,
    `PGlite runs in a second phase, so its ratio to PostgreSQL is not interleaved. Load average ${load0.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end (2 cores).`,
  ]);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
