/**
 * Every authenticated read of issue 30 (GET /api/user, /api/players with 20 players, /api/leaderboard's
 * first page, /api/videos/{playerId} with a page of 100 videos, the analyst's queue of 200 pending
 * requests, the public profile page signed out, the coach search of an approved coach) measured with
 * autocannon on loopback against, in the same run and interleaved: (a) bare node:http answering the same
 * bytes, (b) a route of the same app (same plugins and response schema) answering the same body from
 * memory, and (c) the statements one request of the route sends, on their own: pgbench with a custom
 * script of the same SQL and parameters, prepared, at the same number of connections, against the same
 * scratch database (scripts per second = requests' worth of statements per second). On PostgreSQL, then
 * on the embedded PGlite. BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS.
 */
import { loadavg } from 'node:os';
import { fmt, ms, printTable, type Row } from './lib/report';
import { CONNECTIONS, interleaved, ROUNDS, SECONDS, type Load, type Target } from './lib/load';
import { paramText, pgbenchLoad, type Statement } from './lib/pgbench';
import { pgAvailable, scratchDatabase } from './lib/pg';
import { startChild, type Child } from './lib/proc';
import { LABELS, NAMES, type Name } from './lib/api-reads';
import { BROWSER_HEADERS } from './lib/browser-headers';

interface CaseInfo {
  url: string;
  memoryUrl: string;
  cookie: string;
  status: number;
  error: string | null;
  body: string;
  wire: { base64: string; type: string; encoding: string | null };
  statements: Statement[];
}
interface AppInfo {
  port: number;
  cases: Record<Name, CaseInfo>;
  driver: string;
}
const B_SHARE = 0.5;
const P99_MS = 25;
const PGLITE_SHARE = 0.3;

const show = (l: Load) =>
  `${fmt(l.rps)} req/s, p99 ${ms(l.p99)}${l.errors || l.non2xx ? ` (${l.errors + l.non2xx} failed)` : ''}`;
const pathOf = (url: string) => url.split('?')[0];
/** A browser's request headers (decision 236), with the case's session cookie. */
const headersOf = (c: CaseInfo) => ({ ...BROWSER_HEADERS, ...(c.cookie ? { cookie: c.cookie } : {}) });
/** The case's cookie alone: a client that takes no compression. */
const bareHeadersOf = (c: CaseInfo) => (c.cookie ? { cookie: c.cookie } : undefined);
/** The read whose answer is also measured sent uncompressed (the largest). */
const UNCOMPRESSED: Name = 'videos';

/** fetch, tried again after a refused connection (seen twice right after a load, never explained). */
async function get(url: string, headers?: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { headers });
    } catch (err) {
      if (attempt === 5) throw err;
      console.error(`${url}: ${(err as Error).message}; trying again`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function statementsPerRequest(base: string, c: CaseInfo) {
  await get(`${base}/bench/stats`);
  for (let i = 0; i < 50; i++) await get(`${base}${c.url}`, headersOf(c));
  const s = (await (await get(`${base}/bench/stats`)).json()) as {
    requests: number;
    queries: number;
    writes: number;
  };
  return { queries: s.queries / s.requests, writes: s.writes / s.requests };
}

/** The script as pgbench runs it, parameters shown in place (for the details under the table). */
const readable = (statements: Statement[]) =>
  statements
    .map((s) =>
      s.text.replace(/\$(\d+)\b/g, (_, n: string) => {
        const v = paramText(s.values[Number(n) - 1]);
        return v === null ? 'NULL' : `'${v.replaceAll("'", "''")}'`;
      }),
    )
    .join(';\n');

async function main() {
  const rows: Row[] = [];
  const load0 = loadavg()[0];
  const loads: string[] = [];
  if (!(await pgAvailable()))
    throw new Error('PostgreSQL is not reachable (BENCH_DATABASE_URL / TEST_DATABASE_URL / localhost:5432).');
  const scratch = await scratchDatabase('va_bench_api');
  let app: Child<AppInfo> | undefined;
  let bare: Child<{ port: number }> | undefined;
  const pg = {} as Record<
    Name,
    {
      a: Load;
      b: Load;
      real: Load;
      c: Load | null;
      uncompressed?: Load;
      q: { queries: number; writes: number };
    }
  >;
  let cases = {} as Record<Name, CaseInfo>;
  let session: Record<'without' | 'with', Load>;
  try {
    app = await startChild<AppInfo>('../lib/api-server.ts', { env: { BENCH_DB: scratch.url } });
    cases = app.info.cases;
    bare = await startChild<{ port: number }>('../lib/bare-server.ts', {
      stdin: JSON.stringify(Object.fromEntries(NAMES.map((n) => [pathOf(cases[n].url), cases[n].wire]))),
    });
    const base = `http://127.0.0.1:${app.info.port}`;
    for (const n of NAMES) {
      const c = cases[n];
      if (c.status !== 200) continue;
      loads.push(`${n} ${loadavg()[0].toFixed(1)}`);
      const statements = c.statements;
      const targets: Record<'a' | 'b' | 'real' | 'c', Target> & { uncompressed?: Target } = {
        a: { url: `http://127.0.0.1:${bare.info.port}${c.url}`, headers: BROWSER_HEADERS },
        b: { url: `${base}${c.memoryUrl}`, headers: BROWSER_HEADERS },
        real: { url: `${base}${c.url}`, headers: headersOf(c) },
        c: {
          run: async (warm) => {
            if (!statements.length) return { rps: NaN, p50: NaN, p99: NaN, errors: 0, non2xx: 0 };
            if (warm) await pgbenchLoad(scratch.url, statements, { seconds: 2 });
            return pgbenchLoad(scratch.url, statements);
          },
        },
      };
      // The largest answer also as a client that takes no compression gets it (informational).
      if (n === UNCOMPRESSED) targets.uncompressed = { url: `${base}${c.url}`, headers: bareHeadersOf(c) };
      const r = (await interleaved<string>(targets)) as Record<'a' | 'b' | 'real' | 'c', Load> & {
        uncompressed?: Load;
      };
      pg[n] = { ...r, c: statements.length ? r.c : null, q: await statementsPerRequest(base, c) };
    }
    session = await interleaved({
      without: { url: `${base}${cases.user.memoryUrl}`, headers: BROWSER_HEADERS },
      with: { url: `${base}${cases.user.memoryUrl}`, headers: headersOf(cases.user) },
    });
  } finally {
    await bare?.stop();
    await app?.stop();
    await scratch.drop();
  }

  const lite = {} as Record<Name, { b: Load; real: Load }>;
  app = await startChild<AppInfo>('../lib/api-server.ts', { env: { BENCH_DB: 'pglite' } });
  const liteCases = app.info.cases;
  try {
    const base = `http://127.0.0.1:${app.info.port}`;
    loads.push(`PGlite ${loadavg()[0].toFixed(1)}`);
    for (const n of NAMES) {
      const c = liteCases[n];
      if (c.status !== 200 || !pg[n]) continue;
      lite[n] = await interleaved({
        b: { url: `${base}${c.memoryUrl}`, headers: BROWSER_HEADERS },
        real: { url: `${base}${c.url}`, headers: headersOf(c) },
      });
    }
  } finally {
    await app.stop();
  }

  for (const n of NAMES) {
    if (!pg[n]) {
      rows.push({
        what: `${LABELS[n]} on PostgreSQL`,
        figure: `answered ${cases[n].status}: ${cases[n].error ?? ''}`,
        baseline: '',
        ratio: '',
        budget: `>= ${B_SHARE} of (b), p99 < ${P99_MS} ms`,
        ok: false,
      });
      continue;
    }
    const { a, b, real, c } = pg[n];
    const ofB = real.rps / b.rps;
    const ofA = real.rps / a.rps;
    rows.push({
      what: `${LABELS[n]} on PostgreSQL`,
      figure: show(real),
      baseline: `(a) bare ${fmt(a.rps)} req/s; (b) memory ${fmt(b.rps)} req/s, p99 ${ms(b.p99)}; (c) its ${cases[n].statements.length} statement(s) alone ${c ? `${fmt(c.rps)} requests' worth/s, p99 ${ms(c.p99)}` : 'none'}`,
      ratio: `${ofB.toFixed(2)} of (b), ${ofA.toFixed(3)} of (a)${c ? `, ${(real.rps / c.rps).toFixed(2)} of (c)` : ''}`,
      budget: `>= ${B_SHARE} of (b), p99 < ${P99_MS} ms`,
      ok: ofB >= B_SHARE && real.p99 < P99_MS && !real.errors && !real.non2xx,
    });
  }
  for (const n of NAMES) {
    if (!pg[n]) continue;
    if (!lite[n]) {
      rows.push({
        what: `${LABELS[n]} on PGlite`,
        figure: `answered ${liteCases[n].status}: ${liteCases[n].error ?? ''}`,
        baseline: '',
        ratio: '',
        budget: `>= ${PGLITE_SHARE} of PostgreSQL`,
        ok: false,
      });
      continue;
    }
    const r = lite[n].real;
    const ofPg = r.rps / pg[n].real.rps;
    rows.push({
      what: `${LABELS[n]} on PGlite`,
      figure: show(r),
      baseline: `PostgreSQL ${fmt(pg[n].real.rps)} req/s; (b) on PGlite ${fmt(lite[n].b.rps)} req/s`,
      ratio: `${ofPg.toFixed(2)} of PostgreSQL, ${(r.rps / lite[n].b.rps).toFixed(2)} of (b)`,
      budget: `>= ${PGLITE_SHARE} of PostgreSQL`,
      ok: ofPg >= PGLITE_SHARE && !r.errors && !r.non2xx,
    });
  }
  for (const n of NAMES) {
    if (!pg[n]) continue;
    const q = pg[n].q;
    rows.push({
      what: `${LABELS[n]}: statements per request (PostgreSQL)`,
      figure: `${q.queries.toFixed(2)} queries, ${q.writes.toFixed(2)} writes; with nothing kept ${cases[n].statements.length}`,
      baseline: '(b) memory route: 0',
      ratio: '',
      budget: 'session and user in 1 query; no write',
      ok: q.writes === 0,
    });
  }
  const plain = pg[UNCOMPRESSED]?.uncompressed;
  if (plain) {
    const real = pg[UNCOMPRESSED].real;
    rows.push({
      what: `${LABELS[UNCOMPRESSED]} on PostgreSQL, to a client that takes no compression (no Accept-Encoding, cookie only)`,
      figure: show(plain),
      baseline: `as a browser gets it (compressed) ${show(real)}`,
      ratio: `${(plain.rps / real.rps).toFixed(2)} of it`,
      budget: 'informational',
      ok: null,
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
  const scripts = NAMES.filter((n) => pg[n])
    .map((n) => `--- ${LABELS[n]} (${cases[n].url})\n${readable(cases[n].statements) || '(none)'};`)
    .join('\n\n');
  printTable(
    'API: signed-in reads',
    rows,
    [
      `autocannon, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s per figure (1 s warm-up), loopback; rate limits off; access log at info to /dev/null.`,
      `Every request carries the headers Chromium sends with the web app's reads (\`bench/lib/browser-headers.ts\`: Accept-Encoding gzip, deflate, br, zstd, and its client hints), so kept answers over 1 KB go compressed (decision 236) and (a) sends the same compressed bytes; (b) answers uncompressed, as it serializes on each request.`,
      `(c): \`pgbench -n -M prepared -c ${CONNECTIONS} -j 2 -T ${SECONDS}\` with a script of the statements one request of the route sent (captured on the app's pool, second request after a warm one; parameters bound as -D variables), against the same scratch database, interleaved with (a), (b) and the route; its scripts below. The app's pool holds 10 connections; pgbench holds ${CONNECTIONS}.`,
      `PGlite runs in a second phase, so its ratio to PostgreSQL is not interleaved. Load average ${load0.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end (2 cores, shared with other sessions); at the start of each route: ${loads.join(', ')}.`,
    ],
    scripts,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
