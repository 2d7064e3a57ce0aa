/**
 * Faults with real processes (issue 13): a server killed with SIGKILL in the middle of an upload and
 * restarted on its data folder; a PostgreSQL of the test's own stopped and started under the app; two
 * instances on that PostgreSQL sharing the job queue.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserCommand } from '../cli-users';
import { buildApp } from '../app';
import { openDb } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedReference, seededDatabaseVersion } from '../seed';
import { jobs, mailOutbox, players, positions, users } from '../db/schema';
import { loadEnv } from '../env';
import { enqueueMail } from '../lib/mail-jobs';
import { PARTIAL_DIR } from '../lib/storage';
import { UNAVAILABLE } from '../plugins/errors';
import { sampleVideo } from '../modules/analysis/analysis.fixtures';
import { serverBundle } from './server-bundle';
import { describeInPgliteRun } from './passes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silent;
  },
} as any;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(
  what: string,
  fn: () => Promise<T | undefined | false> | T | undefined | false,
  tries = 600,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await Promise.resolve(fn()).catch(() => undefined);
    if (v) return v;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

// The killed server runs on the embedded database whatever the pass: it runs once, in npm test's PGlite pass.
describeInPgliteRun('kill -9 in the middle of an upload, then a restart on the same data folder', () => {
  // Made when the tests run: a skipped describe (the PostgreSQL pass) still runs this body.
  let dataDir = '';
  let partialDir = '';
  const email = 'family@kill9.test';
  let playerId = 0;
  let child: ChildProcess | undefined;
  let log = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'va-kill9-'));
    partialDir = path.join(dataDir, 'uploads', PARTIAL_DIR);
    // The family and its player are written before the server runs (PGlite allows one process at a time).
    const h = await openDb({ dataDir, seededTemplateKey: seededDatabaseVersion });
    await runMigrations(h);
    await seedReference(h.db, { demo: false, log: silent, schools: false });
    await createUserCommand(h.db, { email, password: 'secret123' });
    const [u] = await h.db.select().from(users).where(eq(users.email, email));
    const [wr] = await h.db.select().from(positions).where(eq(positions.key, 'WR'));
    const [p] = await h.db
      .insert(players)
      .values({
        userId: u.id,
        firstName: 'Kim',
        lastName: 'Kill',
        level: 'High School',
        school: 'Central High',
        graduationYear: 2027,
        heightInches: 70,
        weight: 170,
        primaryPositionId: wr.id,
      })
      .returning();
    playerId = p.id;
    await h.close();
  }, 300_000);
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(port: number) {
    child = spawn(process.execPath, [serverBundle().main], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        DISABLE_RATE_LIMIT: 'true',
        DISABLE_JOBS: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    const base = `http://127.0.0.1:${port}`;
    // A first start loads the school directory into PGlite: minutes on a loaded machine.
    await until('the server to answer', async () => (await fetch(`${base}/api/health`)).ok, 1440);
    return base;
  }
  async function signIn(base: string) {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: 'secret123' }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('va.sid='))!;
  }
  const partials = () => (existsSync(partialDir) ? readdirSync(partialDir) : []);
  const stored = () =>
    existsSync(path.join(dataDir, 'uploads', 'videos'))
      ? readdirSync(path.join(dataDir, 'uploads', 'videos'))
      : [];

  it('leaves a partial file that the restarted instance removes as soon as it listens, and it serves the family', async () => {
    const port = await freePort();
    const base = await start(port);
    const cookie = await signIn(base);
    const clip = await sampleVideo();
    const b = 'kill9';
    const head = Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="playerId"\r\n\r\n${playerId}\r\n` +
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    // The upload announces far more than it sends: the server is streaming it to storage when killed.
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/videos/upload HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${b}\r\nContent-Length: 50000000\r\n\r\n`,
    );
    socket.write(Buffer.concat([head, clip.subarray(0, Math.min(clip.length - 1, 64 * 1024))]));
    const [partial] = await until('the upload to reach storage', () => {
      const p = partials();
      return p.length && statSync(path.join(partialDir, p[0])).size > 0 ? p : undefined;
    });
    const exited = new Promise((r) => child!.once('exit', r));
    child!.kill('SIGKILL');
    await exited;
    socket.destroy();
    expect(partials()).toEqual([partial]);
    expect(stored()).toEqual([]);

    // The same instance (host and port) comes back at once: it removes its own partial file as soon as
    // it listens, not after the 3-hour grace that protects other instances' uploads (decision 196).
    log = '';
    const again = await start(port);
    await until('the partial file to be swept', () => partials().length === 0);
    // The line is written after the files are gone, and reaches this process's pipe a moment later.
    await until('the sweep to be logged', () =>
      log.includes("Removed partial files of this instance's previous run"),
    );

    const players = await fetch(`${again}/api/players`, { headers: { cookie } });
    expect(players.status).toBe(200);
    const form = new FormData();
    form.append('playerId', String(playerId));
    form.append('file', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'clip.mp4');
    const upload = await fetch(`${again}/api/videos/upload`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    expect(stored()).toHaveLength(1);
    expect(partials()).toEqual([]);
  }, 900_000);
});

const PG_BIN = '/usr/lib/postgresql/15/bin';
const hasPostgres = existsSync(path.join(PG_BIN, 'initdb')) && existsSync(path.join(PG_BIN, 'pg_ctl'));
const asRoot = process.getuid?.() === 0;

/** A throwaway PostgreSQL cluster in a temp folder, on its own port (run as the postgres user when we are root). */
function ownPostgres() {
  // Made by init(): a skipped describe (the PGlite pass) still runs the code that calls this.
  let dir = '';
  let data = '';
  let port = 0;
  const run = (bin: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : path.join(PG_BIN, bin);
    const full = asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args] : args;
    const r = spawnSync(cmd, full, { encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  };
  return {
    get url() {
      return `postgres://postgres@127.0.0.1:${port}/postgres`;
    },
    async init() {
      dir = mkdtempSync(path.join(tmpdir(), 'va-own-pg-'));
      data = path.join(dir, 'data');
      port = await freePort();
      chmodSync(dir, 0o777);
      if (asRoot) spawnSync('chown', ['postgres', dir]);
      run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
      writeFileSync(path.join(dir, 'log'), '');
      if (asRoot) spawnSync('chown', ['postgres', path.join(dir, 'log')]);
    },
    start: () =>
      run('pg_ctl', [
        '-D',
        data,
        '-l',
        path.join(dir, 'log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      ]),
    stop: () => run('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']),
    remove() {
      if (!dir) return;
      try {
        this.stop();
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Its own PostgreSQL whatever the pass: it runs once, in npm test's PostgreSQL pass (or alone with TEST_DATABASE_URL set).
describe.skipIf(!hasPostgres || !process.env.TEST_DATABASE_URL)(
  "a PostgreSQL of the test's own (skipped: no PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin, or the PGlite pass)",
  () => {
    const pgc = ownPostgres();
    const apps: FastifyInstance[] = [];
    const dataDirs: string[] = [];
    const lines: string[] = [];
    async function instance(extra: Record<string, string> = {}) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'va-own-pg-app-'));
      dataDirs.push(dataDir);
      const env = loadEnv({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: pgc.url,
        APP_URL: 'http://localhost:5000',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        DISABLE_RATE_LIMIT: 'true',
        DISABLE_JOBS: 'true',
        STRIPE_WEBHOOK_SECRET: 'whsec_test_secret_for_tests',
        ...extra,
      });
      const stream = new Writable({
        write(c, _e, cb) {
          lines.push(String(c));
          cb();
        },
      });
      const app = await buildApp(env, { logStream: stream });
      await app.ready();
      apps.push(app);
      return app;
    }
    beforeAll(async () => {
      await pgc.init();
      pgc.start();
    }, 300_000);
    afterAll(async () => {
      for (const a of apps) await a.close().catch(() => undefined);
      pgc.remove();
      for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    });

    it('stopped under a running app: 503 JSON with Retry-After on the API, health 503; started again: the app recovers by itself', async () => {
      const app = await instance();
      expect((await app.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      pgc.stop();
      for (const c of [
        { method: 'GET' as const, url: '/api/plans' },
        {
          method: 'POST' as const,
          url: '/api/login',
          payload: { username: 'a@example.com', password: 'secret123' },
        },
      ]) {
        const res = await app.inject(c);
        expect(res.statusCode, `${c.url}: ${res.body}`).toBe(503);
        expect(res.headers['retry-after'], c.url).toBe('5');
        expect(res.json(), c.url).toMatchObject({ code: 'UNAVAILABLE', message: UNAVAILABLE });
      }
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().database.connected).toBe(false);

      pgc.start();
      await until(
        'the app to answer again',
        async () => (await app.inject({ method: 'GET', url: '/api/plans' })).statusCode === 200,
      );
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain('Database unavailable');
      expect(log).not.toMatch(/unhandled error/);
    }, 300_000);

    it('two instances with job workers on it: every queued job runs exactly once', async () => {
      const a = await instance({ DISABLE_JOBS: 'false' });
      const b = await instance({ DISABLE_JOBS: 'false' });
      const to = Array.from({ length: 30 }, (_, i) => `shared-${i}@jobs.test`);
      await a.db.transaction(async (tx) => {
        for (const addr of to) await enqueueMail(tx, { to: addr, subject: 'Once', text: 'exactly once' });
      });
      const ids = (await a.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.type, 'mail'))).map(
        (j) => j.id,
      );
      expect(ids.length).toBeGreaterThanOrEqual(30);
      await until('both workers to finish the queue', async () => {
        const rows = await b.db.select().from(jobs).where(inArray(jobs.id, ids));
        return rows.every((j) => j.status === 'done');
      });
      const sent = await a.db.select().from(mailOutbox).where(inArray(mailOutbox.to, to));
      expect(sent).toHaveLength(30);
      expect(new Set(sent.map((m) => m.to)).size).toBe(30);
      const rows = await a.db.select().from(jobs).where(inArray(jobs.id, ids));
      expect(rows.every((j) => j.attempts === 1)).toBe(true);
    }, 300_000);
  },
);
