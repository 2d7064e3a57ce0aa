/**
 * The deploy topology of compose.yaml, run without Docker (decision 161): two replicas started with
 * plain `node dist/server/main.js` from a folder laid out as the image's runtime stage (the bundle of
 * `npm run build`, the Dockerfile's COPY lines, production dependencies only), NODE_ENV=production,
 * one PostgreSQL, S3 through s3rver, mail through a local SMTP server, and Debian's nginx in front with
 * deploy/nginx.conf. The first describe checks, in every run, what the image relies on.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSampleVideo } from '../lib/ffmpeg';
import { playerBodyWith } from '../modules/players/player-fixtures';
import { assembleImage, buildBundle, dockerignored, root, runtimeCopies } from './deploy-image';
import { templateDbName, withDb } from './global-setup';

const run = `${process.pid}-${randomBytes(3).toString('hex')}`;
const bundleDir = path.join(root, '.tmp', `topology-bundle-${run}`);
// Outside the project: a package missing from the image's node_modules must not be found further up.
const work = path.join(tmpdir(), `va-topology-${run}`);
const image = path.join(work, 'image');
const webStub = path.join(work, 'web');

/** The bundle, a stub web build (the real one is the browser tests' business) and the image folder. */
async function prepareImage() {
  await buildBundle(bundleDir);
  if (existsSync(path.join(image, 'dist/server/main.js'))) return;
  mkdirSync(path.join(webStub, 'assets'), { recursive: true });
  writeFileSync(
    path.join(webStub, 'index.html'),
    '<!doctype html><title>Verified Athlete</title><div id="root">topology web build</div><script src="/assets/app.js"></script>',
  );
  writeFileSync(path.join(webStub, 'assets/app.js'), 'console.log("topology");');
  assembleImage(image, { server: bundleDir, web: webStub });
}

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

describe('the production build', () => {
  beforeAll(prepareImage);

  it('imports only packages listed in dependencies (the image installs no devDependencies)', () => {
    const deps = Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies);
    for (const file of ['main.js', 'cli.js']) {
      const src = readFileSync(path.join(bundleDir, file), 'utf8');
      const specifiers = [...src.matchAll(/^import\s(?:[^;]*?\sfrom\s)?["']([^"']+)["']/gm)].map((m) => m[1]);
      const packages = new Set(
        specifiers
          .filter((s) => !s.startsWith('node:') && !s.startsWith('.'))
          .map((s) =>
            s
              .split('/')
              .slice(0, s.startsWith('@') ? 2 : 1)
              .join('/'),
          ),
      );
      expect(packages.size, file).toBeGreaterThan(5);
      expect(
        [...packages].filter((p) => !deps.includes(p)),
        file,
      ).toEqual([]);
    }
  });

  it('copies into the runtime image every file the bundle reads next to its sources', () => {
    const copied = runtimeCopies()
      .filter((c) => c.from === 'build')
      .flatMap((c) => c.sources);
    expect(copied.filter((p) => p !== 'dist' && dockerignored(p))).toEqual([]);
    const read = new Set<string>();
    for (const file of ['main.js', 'cli.js', 'lines-worker.js']) {
      const src = readFileSync(path.join(bundleDir, file), 'utf8');
      for (const m of src.matchAll(/new URL\("([^"]+)", new URL\("([^"]+)", import\.meta\.url\)\.href\)/g)) {
        const source = new URL(m[2], pathToFileURL(path.join(bundleDir, file)));
        read.add(path.relative(root, fileURLToPath(new URL(m[1], source))));
      }
    }
    expect([...read]).toEqual(expect.arrayContaining(['migrations', 'package.json', 'dist/web']));
    const covered = (p: string) => copied.some((c) => p === c || p.startsWith(`${c}/`));
    expect([...read].filter((p) => !covered(p))).toEqual([]);
  });

  it('runs its command line with plain node in the image layout, on production dependencies only', () => {
    const resolveFromBundle = createRequire(path.join(image, 'dist/server/main.js')).resolve;
    expect(resolveFromBundle('fastify')).toContain('fastify');
    expect(() => resolveFromBundle('vitest')).toThrow(/Cannot find module/);
    const r = spawnSync(process.execPath, ['dist/server/cli.js', 'help'], { cwd: image, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('users:create');
  });
});

const nginxBin = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) =>
  existsSync(p),
);
const databaseUrl = process.env.TEST_DATABASE_URL;
const skipReason = !nginxBin
  ? 'nginx is not installed (apt-get install nginx; .ci/run installs it)'
  : !databaseUrl
    ? "it needs PostgreSQL: it runs in npm test's PostgreSQL pass, or set TEST_DATABASE_URL"
    : null;
if (skipReason) console.warn(`Deploy topology test skipped: ${skipReason}`);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Polls until `probe` gives a value; `fatal` names a reason to stop at once (a process that died). */
async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  fatal: () => string | undefined = () => undefined,
  tries = 600,
): Promise<T> {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    const reason = fatal();
    if (reason) throw new Error(`${what}: ${reason}`);
    const v = await probe().catch((err: unknown) => void (last = err));
    if (v) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what} (last error: ${String(last)})`);
}

interface Instance {
  proc: ChildProcess;
  url: string;
  id: string;
  dataDir: string;
  log: () => string;
}

/** One replica as the image runs it: `node main.js`, production settings, shared secrets. */
async function startInstance(env: Record<string, string>, name: string): Promise<Omit<Instance, 'id'>> {
  const dataDir = path.join(work, name);
  mkdirSync(dataDir, { recursive: true });
  let out = '';
  const proc = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: image,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? work, ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-200_000));
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  const url = await until(
    `${name} to listen`,
    async () => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1],
    () => (proc.exitCode !== null ? `exited (${proc.exitCode}):\n${out.slice(-3000)}` : undefined),
  );
  return { proc, url, dataDir, log: () => out };
}

/** deploy/nginx.conf with the test's upstreams, port and temp paths: the one config, not a copy. */
function nginxConfig(prefix: string, port: number, upstreams: string[]) {
  const template = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const serverLine = /^(\s*)server app:5000 resolve([^;]*);$/m;
  const listenLine = /^(\s*)listen 80;$/m;
  expect(template).toMatch(serverLine);
  expect(template).toMatch(listenLine);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((k) => `  ${k}_temp_path ${prefix}/${k};`)
    .join('\n');
  return (
    template
      .replace(serverLine, (_m, indent: string, params: string) =>
        upstreams.map((u) => `${indent}server ${u}${params};`).join('\n'),
      )
      .replace(listenLine, (_m, indent: string) => `${indent}listen 127.0.0.1:${port};`)
      // One worker: round robin then strictly alternates, so two requests always reach both replicas.
      .replace(/^worker_processes .*;$/m, 'worker_processes 1;')
      .replace(/^\s*access_log .*;$/m, `  access_log ${prefix}/access.log;`)
      .replace(/^http \{$/m, `http {\n${temp}`)
  );
}

describe.skipIf(skipReason)(
  `the deploy topology: nginx, two instances, PostgreSQL, S3${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const dbName = `va_topology_${randomBytes(5).toString('hex')}`;
    const mail: string[] = [];
    let s3: any;
    let smtp: SMTPServer;
    let nginx: ChildProcess | undefined;
    let nginxLog = '';
    let lb = '';
    const instances: Instance[] = [];
    const appOrigin = () => lb;

    const call = (base: string, p: string, init: RequestInit & { cookie?: string } = {}) => {
      const headers = new Headers(init.headers);
      if (init.cookie) headers.set('cookie', init.cookie);
      if (init.method && init.method !== 'GET') headers.set('origin', appOrigin());
      return fetch(base + p, { ...init, headers });
    };
    const json = (body: unknown) => ({
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    const instanceOf = (res: Response) => res.headers.get('x-instance-id');

    beforeAll(async () => {
      await prepareImage();
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      // A clone of the run's migrated template: the replicas still run migrations and the reference data
      // check at start, as in production, without loading the school directory again (a minute here).
      await admin.query(`create database ${dbName} template ${templateDbName()}`);
      await admin.end();

      const s3Dir = path.join(work, 's3');
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: s3Dir,
        configureBuckets: [{ name: 'va-topology' }],
      });
      const { port: s3Port } = await s3.run();

      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, cb) {
          let raw = '';
          stream.on('data', (c: Buffer) => (raw += c.toString()));
          stream.on('end', () => {
            mail.push(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
            cb();
          });
        },
      });
      await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
      const smtpPort = (smtp.server.address() as AddressInfo).port;

      const nginxPort = await freePort();
      lb = `http://127.0.0.1:${nginxPort}`;
      const env = {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        APP_URL: lb,
        LOG_LEVEL: 'info',
        DATABASE_URL: withDb(databaseUrl!, dbName),
        SESSION_SECRET: randomBytes(32).toString('hex'),
        STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
        ALLOW_TEST_PAYMENTS: 'true',
        TRUST_PROXY: 'true',
        SEED_DEMO: 'false',
        DISABLE_RATE_LIMIT: 'false',
        DISABLE_JOBS: 'false',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_BUCKET: 'va-topology',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      };
      // Both start together, as `docker compose up` starts the replicas (migrations under an advisory lock).
      const started = await Promise.all([startInstance(env, 'app1'), startInstance(env, 'app2')]);
      for (const s of started) {
        const res = await fetch(`${s.url}/api/health`);
        instances.push({ ...s, id: instanceOf(res)! });
      }

      const prefix = path.join(work, 'nginx');
      mkdirSync(prefix, { recursive: true });
      chmodSync(work, 0o755);
      chmodSync(prefix, 0o755); // run as root, nginx's workers drop to `nobody` and still need the temp paths
      writeFileSync(
        path.join(prefix, 'nginx.conf'),
        nginxConfig(
          prefix,
          nginxPort,
          instances.map((i) => i.url.replace('http://', '')),
        ),
      );
      nginx = spawn(
        nginxBin!,
        [
          '-p',
          prefix,
          '-c',
          path.join(prefix, 'nginx.conf'),
          '-e',
          path.join(prefix, 'error.log'),
          '-g',
          `daemon off; pid ${prefix}/nginx.pid;`,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      nginx.stderr!.on('data', (d: Buffer) => (nginxLog += d.toString()));
      const errorLog = () =>
        existsSync(path.join(prefix, 'error.log'))
          ? readFileSync(path.join(prefix, 'error.log'), 'utf8')
          : '';
      await until(
        'nginx to answer',
        async () => {
          const res = await fetch(`${lb}/api/health`);
          if (!res.ok) throw new Error(`${res.status} ${await res.text()} ${errorLog()}`);
          return true;
        },
        () =>
          nginx!.exitCode !== null ? `exited (${nginx!.exitCode}): ${nginxLog}${errorLog()}` : undefined,
      );
    });

    afterAll(async () => {
      const stopped = (p?: ChildProcess) =>
        p && p.exitCode === null && p.signalCode === null
          ? new Promise((r) => {
              p.once('exit', r);
              p.kill('SIGTERM');
            })
          : undefined;
      await Promise.all([stopped(nginx), ...instances.map((i) => stopped(i.proc))]);
      await s3?.close();
      await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    });

    const [a, b] = [() => instances[0], () => instances[1]];
    /** Sends the same request through nginx `n` times; returns the answers and which replicas wrote them. */
    async function throughLb(n: number, p: string, init: RequestInit & { cookie?: string } = {}) {
      const answers: Response[] = [];
      for (let i = 0; i < n; i++) answers.push(await call(lb, p, init));
      return { answers, ids: new Set(answers.map(instanceOf)) };
    }

    it('answers /api/health through nginx, from both replicas, each naming itself', async () => {
      expect(a().id).toMatch(/^[0-9a-f]{12}$/);
      expect(b().id).toMatch(/^[0-9a-f]{12}$/);
      expect(a().id).not.toBe(b().id);
      const { answers, ids } = await throughLb(4, '/api/health');
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({
          status: 'ok',
          environment: 'production',
          database: { connected: true },
        });
      }
      expect(ids).toEqual(new Set([a().id, b().id]));
    });

    it('serves the web app through nginx: the page for any screen, and its assets', async () => {
      const page = await call(lb, '/players/12');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('topology web build');
      const asset = await call(lb, '/assets/app.js');
      expect(asset.status).toBe(200);
      expect(await asset.text()).toContain('console.log("topology")');
    });

    const email = `family-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'Sturdy-topology-2026';
    let cookie = '';
    const signIn = async (base: string) => {
      const res = await call(base, '/api/login', json({ username: email, password }));
      expect(res.status, await res.clone().text()).toBe(200);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .find((c) => c.startsWith('va.sid='))!;
    };

    it('a family registers and verifies through nginx; the session from signing in works on both replicas, and signing out on one ends it on the other', async () => {
      const reg = await call(
        lb,
        '/api/register',
        json({ username: email, email, password, firstName: 'Dana', lastName: 'Topology' }),
      );
      expect(reg.status, await reg.clone().text()).toBe(201);
      // The mail job runs on whichever replica claims it first; the link points at the public URL.
      const raw = await until('the verification mail', async () =>
        mail.find((m) => m.includes(encodeURIComponent(email)) || m.includes(email)),
      );
      const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec(raw)![0]);
      expect(link.origin).toBe(lb);
      const verified = await call(
        lb,
        '/api/auth/verify-email',
        json({ token: link.searchParams.get('token'), email: link.searchParams.get('email') }),
      );
      expect(verified.status, await verified.clone().text()).toBe(200);

      cookie = await signIn(lb);
      expect(cookie).toMatch(/^va\.sid=/);
      for (const inst of [a(), b()]) {
        const me = await call(inst.url, '/api/user', { cookie });
        expect(me.status).toBe(200);
        expect(instanceOf(me)).toBe(inst.id);
        expect(((await me.json()) as { username: string }).username).toBe(email);
      }
      const { answers, ids } = await throughLb(4, '/api/user', { cookie });
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(ids).toEqual(new Set([a().id, b().id]));

      expect((await call(a().url, '/api/logout', { method: 'POST', cookie })).status).toBe(200);
      // The other replica learns of the sign-out from its notification, milliseconds after the commit
      // (decision 215: at most 2 s here). Asked at once, it raced the notification on a loaded CI machine.
      const ended = await until(
        'the other replica to end the session',
        async () => (await call(b().url, '/api/user', { cookie })).status === 401,
        undefined,
        10,
      );
      expect(ended).toBe(true);
      cookie = await signIn(lb);
    });

    it('a video uploaded through one replica is stored in S3 and played from the other', async () => {
      const positions = (await (await call(lb, '/api/positions', { cookie })).json()) as {
        id: number;
        key: string;
      }[];
      const pos = Object.fromEntries(positions.map((p) => [p.key, p.id]));
      const created = await call(lb, '/api/players', {
        ...json(playerBodyWith(pos)),
        cookie,
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const player = (await created.json()) as { id: number };

      const clip = path.join(work, 'clip.mp4');
      await makeSampleVideo(clip, { seconds: 2 });
      const data = readFileSync(clip);
      const form = new FormData();
      form.set('playerId', String(player.id));
      form.set('positionId', String(pos.WR));
      form.set('file', new Blob([data], { type: 'video/mp4' }), 'run.mp4');
      const upload = await call(lb, '/api/videos/upload', { method: 'POST', body: form, cookie });
      expect(upload.status, await upload.clone().text()).toBe(201);
      const video = (await upload.json()) as { id: number };
      const writer = instances.find((i) => i.id === instanceOf(upload))!;
      const reader = instances.find((i) => i !== writer)!;

      // The background job (thumbnail, duration) runs on whichever replica claims it; the list is read from the other.
      const ready = await until('the video to be processed', async () => {
        const list = (await (await call(reader.url, `/api/videos/${player.id}`, { cookie })).json()) as {
          videos: { id: number; status: string; url: string | null; thumbnail: string | null }[];
        };
        const v = list.videos.find((x) => x.id === video.id);
        return v?.status === 'ready' ? v : undefined;
      });
      expect(ready.url).toMatch(/^\/files\/videos\/.+\?expires=\d+&sig=/);
      const part = await call(reader.url, ready.url!, { headers: { range: 'bytes=0-99' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(data.subarray(0, 100));
      const whole = await call(reader.url, ready.url!);
      expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);
      const thumb = await call(writer.url, ready.thumbnail!);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/jpeg');
      // Nothing was written to either replica's own disk.
      for (const inst of instances) expect(existsSync(path.join(inst.dataDir, 'uploads'))).toBe(false);
    });

    it('counts attempts on one account across both replicas (the counters live in PostgreSQL)', async () => {
      const target = `someone-${randomBytes(4).toString('hex')}@example.test`;
      const ask = () => call(lb, '/api/reset-password', json({ email: target }));
      const answers: Response[] = [];
      for (let i = 0; i < 5; i++) answers.push(await ask());
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map(instanceOf))).toEqual(new Set([a().id, b().id]));
      const limited = await ask();
      expect(limited.status).toBe(429);
      expect(((await limited.json()) as { code: string }).code).toBe('RATE_LIMITED');
    });

    it('gives the app the address nginx saw, never a forged X-Forwarded-For (per-address limits cannot be dodged)', async () => {
      const res = await call(lb, '/api/session-debug', {
        headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { headers: unknown }).headers).toMatchObject({
        'x-forwarded-for': '127.0.0.1',
        'x-forwarded-proto': 'http',
      });
    });

    it('when a replica stops, nginx sends every request to the one left and the session still works', async () => {
      const gone = b();
      const exited = new Promise((r) => gone.proc.once('exit', r));
      gone.proc.kill('SIGTERM');
      expect(await exited).toBe(0);
      const { answers, ids } = await throughLb(4, '/api/user', { cookie });
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(ids).toEqual(new Set([a().id]));
    });
  },
);
