/**
 * The deploy topology of compose.yaml without Docker, as server/test/topology.test.ts starts it
 * (decision 161): the server bundle laid out as the image, replicas run with plain
 * `node dist/server/main.js` and NODE_ENV=production, PostgreSQL, S3 through s3rver, a local SMTP
 * server and Debian's nginx with deploy/nginx.conf. Unlike the test, each replica has a fixed port, so
 * the soak can kill one and start it again behind the same nginx upstream.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assembleImage, buildBundle, root } from '../../server/test/deploy-image';
import { nginxBin, nginxConfig } from '../../server/test/nginx-config';
import { freePort } from './proc';
import { startSinks, type Sinks } from './soak-sinks';

export interface Replica {
  name: string;
  url: string;
  proc: ChildProcess | null;
}

export interface Topology {
  lb: string;
  replicas: Replica[];
  sinks: Sinks;
  work: string;
  /** SIGKILL, as a crashed container: no request in flight is finished. */
  kill: (r: Replica) => Promise<void>;
  /** Starts the replica again on its port; resolves once its /api/health answers 200. */
  start: (r: Replica) => Promise<void>;
  cli: (args: string[]) => string;
  stop: () => Promise<void>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` every 200 ms until it gives a value; `fatal` names a reason to stop at once. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  fatal: () => string | undefined = () => undefined,
  seconds = 180,
): Promise<T> {
  let last: unknown;
  for (const end = Date.now() + seconds * 1000; Date.now() < end;) {
    const reason = fatal();
    if (reason) throw new Error(`${what}: ${reason}`);
    const v = await probe().catch((err: unknown) => void (last = err));
    if (v) return v;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what} (last error: ${String(last)})`);
}

/** The bundle as `npm run build` writes it and a stub web build, in the image's layout. */
async function prepareImage(work: string, bundleDir: string) {
  await buildBundle(bundleDir);
  const web = path.join(work, 'web');
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Verified Athlete</title>');
  const image = path.join(work, 'image');
  assembleImage(image, { server: bundleDir, web });
  return image;
}

const running = (p: ChildProcess | null) => p !== null && p.exitCode === null && p.signalCode === null;
const exited = (p: ChildProcess) =>
  running(p) ? new Promise<void>((r) => p.once('exit', () => r())) : Promise.resolve();

export async function startTopology(o: { work: string; databaseUrl: string; replicas: number }) {
  const run = randomBytes(3).toString('hex');
  const bundleDir = path.join(root, '.tmp', `soak-bundle-${process.pid}-${run}`);
  mkdirSync(o.work, { recursive: true });
  const image = await prepareImage(o.work, bundleDir).finally(() =>
    rmSync(bundleDir, { recursive: true, force: true }),
  );
  const sinks = await startSinks(path.join(o.work, 's3'));
  const lbPort = await freePort();
  const lb = `http://127.0.0.1:${lbPort}`;
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? o.work,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_URL: lb,
    LOG_LEVEL: 'info',
    DATABASE_URL: o.databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
    ALLOW_TEST_PAYMENTS: 'true',
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    // Every request of the soak comes from one address: per-address limits would answer most writes 429.
    DISABLE_RATE_LIMIT: 'true',
    S3_ENDPOINT: sinks.s3.endpoint,
    S3_BUCKET: sinks.s3.bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    SMTP_URL: sinks.smtpUrl,
  };
  const replicas: Replica[] = [];
  for (let i = 1; i <= o.replicas; i++)
    replicas.push({ name: `app${i}`, url: `http://127.0.0.1:${await freePort()}`, proc: null });

  async function start(r: Replica) {
    if (running(r.proc)) throw new Error(`${r.name} is already running`);
    const dataDir = path.join(o.work, r.name);
    mkdirSync(dataDir, { recursive: true });
    const log = createWriteStream(path.join(o.work, `${r.name}.log`), { flags: 'a' });
    const proc = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: image,
      env: { ...env, PORT: new URL(r.url).port, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout.pipe(log);
    proc.stderr.pipe(log);
    r.proc = proc;
    await until(
      `${r.name} to answer /api/health`,
      async () => (await fetch(`${r.url}/api/health`)).status === 200,
      () => (proc.exitCode !== null ? `exited (${proc.exitCode}); see ${r.name}.log` : undefined),
    );
  }

  async function kill(r: Replica) {
    if (!r.proc || !running(r.proc)) return;
    const gone = exited(r.proc);
    r.proc.kill('SIGKILL');
    await gone;
  }

  // Together, as `docker compose up` starts the replicas (migrations under an advisory lock).
  await Promise.all(replicas.map(start));

  const prefix = path.join(o.work, 'nginx');
  mkdirSync(prefix, { recursive: true });
  // nginx's workers drop to `nobody` when run as root and still need the temp paths.
  chmodSync(o.work, 0o755);
  chmodSync(prefix, 0o755);
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    nginxConfig(
      prefix,
      lbPort,
      replicas.map((r) => r.url.replace('http://', '')),
    ),
  );
  const nginx = spawn(
    nginxBin()!,
    [
      '-p',
      prefix,
      '-c',
      conf,
      '-e',
      path.join(prefix, 'error.log'),
      '-g',
      `daemon off; pid ${prefix}/nginx.pid;`,
    ],
    // The config logs errors ("no live upstreams", a replica's reset) to stderr.
    { stdio: ['ignore', 'ignore', openSync(path.join(prefix, 'stderr.log'), 'a')] },
  );
  await until(
    'nginx to answer',
    async () => (await fetch(`${lb}/api/health`)).ok,
    () => (nginx.exitCode !== null ? `exited (${nginx.exitCode}); see ${prefix}/error.log` : undefined),
  );

  const cli = (args: string[]) => {
    const r = spawnSync(process.execPath, ['dist/server/cli.js', ...args], {
      cwd: image,
      env: { ...env, DATA_DIR: path.join(o.work, 'cli') },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`cli ${args[0]} failed (${r.status}): ${r.stderr}${r.stdout}`);
    return r.stdout;
  };

  async function stop() {
    const term = (p: ChildProcess | null) => {
      if (!p || !running(p)) return Promise.resolve();
      const gone = exited(p);
      p.kill('SIGTERM');
      const force = setTimeout(() => p.kill('SIGKILL'), 35_000);
      return gone.then(() => clearTimeout(force));
    };
    await Promise.all([term(nginx), ...replicas.map((r) => term(r.proc))]);
    await sinks.close();
  }

  return { lb, replicas, sinks, work: o.work, kill, start, cli, stop } satisfies Topology;
}
