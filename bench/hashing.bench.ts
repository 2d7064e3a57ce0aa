/**
 * Password hashing must not slow the rest of the server (issue 13): while 32 sign-ins hash real
 * scrypt passwords (N=2^17, 128 MiB each) on the worker pool, static files and /api/health are timed
 * beside the same requests on the idle server. Budget: p95 under 50 ms under load.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { users } from '../server/db/schema';
import { loadEnv } from '../server/env';
import { hashPassword } from '../server/lib/password';
import { ms, pct, printTable, type Row } from './lib/report';

const SAMPLES = Number(process.env.BENCH_RUNS ?? 200);
const HASHERS = 32;
const P95_LIMIT_MS = 50;

const dataDir = mkdtempSync(path.join(tmpdir(), 'va-bench-hash-'));
const web = path.join(dataDir, 'web');
mkdirSync(path.join(web, 'assets'), { recursive: true });
writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>bench</title>');
writeFileSync(path.join(web, 'assets', 'app.js'), 'x'.repeat(200_000));

const env = loadEnv({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  DATABASE_URL: 'memory://',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  DISABLE_RATE_LIMIT: 'true',
  DISABLE_JOBS: 'true',
  WEB_DIST_DIR: web,
  PORT: '0',
});
const app = await buildApp(env, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
await app.db.insert(users).values({
  username: 'bench@bench.test',
  email: 'bench@bench.test',
  password: await hashPassword('right-password'),
  isEmailVerified: true,
});

async function timeGets(url: string, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(base + url);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return times;
}

/** Keeps HASHERS wrong-password sign-ins in flight (each one a full scrypt) until stopped. */
function hashLoad() {
  let stop = false;
  let done = 0;
  let busy = 0;
  const one = async (): Promise<void> => {
    while (!stop) {
      const res = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ username: 'bench@bench.test', password: `wrong-${done}` }),
      });
      await res.arrayBuffer();
      if (res.status === 503) busy += 1;
      else done += 1;
    }
  };
  const all = Array.from({ length: HASHERS }, one);
  return {
    stop: async () => {
      stop = true;
      await Promise.all(all);
      return { done, busy };
    },
  };
}

const targets = [
  ['static file (200 kB)', '/assets/app.js'],
  ['GET /api/health', '/api/health'],
] as const;
await timeGets('/api/health', 20);
const idle = Object.fromEntries(
  await Promise.all(targets.map(async ([name, url]) => [name, await timeGets(url, SAMPLES)] as const)),
);
const load = hashLoad();
await new Promise((r) => setTimeout(r, 500));
const t0 = performance.now();
const loaded: Record<string, number[]> = {};
for (const [name, url] of targets) loaded[name] = await timeGets(url, SAMPLES);
const seconds = (performance.now() - t0) / 1000;
const { done, busy } = await load.stop();

const rows: Row[] = targets.map(([name]) => {
  const p = pct(loaded[name], 95);
  const b = pct(idle[name], 95);
  return {
    what: `${name}, p95 while ${HASHERS} sign-ins hash`,
    figure: ms(p),
    baseline: ms(b),
    ratio: `${(p / b).toFixed(1)}x`,
    budget: `< ${P95_LIMIT_MS} ms`,
    ok: p < P95_LIMIT_MS,
  };
});
rows.push({
  what: 'sign-ins hashed during the measurement',
  figure: `${done} (${(done / seconds).toFixed(1)}/s)`,
  baseline: '',
  ratio: '',
  budget: '',
  ok: null,
});
rows.push({
  what: 'sign-ins refused 503 (queue full)',
  figure: String(busy),
  baseline: '',
  ratio: '',
  budget: '',
  ok: null,
});
printTable('Password hashing beside static files and health', rows, [
  'baseline = the same requests on the idle server in this run; hashing runs scrypt N=2^17 on the worker pool (decision 075)',
]);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(rows.every((r) => r.ok !== false) ? 0 : 1);
