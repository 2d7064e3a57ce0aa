/**
 * Video serving (issue 14): range requests on a 200 MB video through the app's signed URL
 * (GET /files/videos/<key>?expires&sig, as the player asks for it), 20 connections, against Debian's
 * nginx serving the same file from the same folder. Budgets: at least 0.5 of nginx's throughput, and
 * the first byte within 20 ms at p95.
 *
 * Each request asks for 1 MiB at a random offset (a player seeking and buffering). Throughput is
 * autocannon's (20 connections); the first byte is timed by a client of our own with 20 keep-alive
 * connections (time from sending a request to its response headers). Rounds are interleaved.
 * nginx runs in the foreground with a temporary config as this user, one worker (the app is one
 * process), sendfile on, access log to /dev/null like the app's. When nginx is missing it is
 * installed with apt-get (as root); otherwise the benchmark says why it cannot compare.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { freePort, startChild } from './lib/proc';
import { fmt, ms, pct, printTable, type Row } from './lib/report';
import { makePaddedClip } from './lib/video-file';

const SIZE = Number(process.env.BENCH_VIDEO_MB ?? 200) * 1_000_000;
const CHUNK = 2 ** 20;
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const KEY = 'videos/bench-serving.mp4';

const root = mkdtempSync(path.join(os.tmpdir(), 'va-bench-serve-'));
const dataDir = path.join(root, 'data');
const file = path.join(dataDir, 'uploads', KEY);

function nginxBinary(): string | { skip: string } {
  const find = () =>
    ['/usr/sbin/nginx', 'nginx'].find((b) => spawnSync(b, ['-v'], { stdio: 'ignore' }).status === 0);
  const found = find();
  if (found) return found;
  if (process.getuid?.() !== 0)
    return { skip: 'nginx is not installed and this user cannot install it (apt-get needs root)' };
  console.log("nginx not found: installing Debian's nginx with apt-get");
  spawnSync('apt-get', ['update'], { stdio: 'inherit' });
  for (const pkg of ['nginx-light', 'nginx']) {
    if (
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0
    )
      break;
  }
  return find() ?? { skip: 'apt-get could not install nginx' };
}

async function startNginx(bin: string, port: number): Promise<ChildProcess> {
  const prefix = path.join(root, 'nginx');
  mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `
${process.getuid?.() === 0 ? 'user root root;' : ''}
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log /dev/null;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types { video/mp4 mp4; }
  server {
    listen 127.0.0.1:${port};
    location /files/ { alias ${path.join(dataDir, 'uploads')}/; }
  }
}
`,
  );
  const proc = spawn(bin, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  const t0 = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited with ${proc.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: `/files/${KEY}`, headers: { range: 'bytes=0-0' } }, (res) => {
          res.resume();
          resolve(res.statusCode === 206);
        })
        .on('error', () => resolve(false));
    });
    if (ok) return proc;
    if (Date.now() - t0 > 30_000) throw new Error('nginx did not answer within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const randomRange = () => {
  const start = Math.floor(Math.random() * (SIZE - CHUNK));
  return `bytes=${start}-${start + CHUNK - 1}`;
};

/** One range request, checked: 206, the asked Content-Range and Content-Length. */
function checkRange(url: string): Promise<void> {
  const range = randomRange();
  const [start, end] = range.slice(6).split('-').map(Number) as [number, number];
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { range } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => {
          const want = `bytes ${start}-${end}/${SIZE}`;
          if (res.statusCode !== 206 || res.headers['content-range'] !== want || n !== CHUNK) {
            reject(
              new Error(
                `${url}: ${res.statusCode} ${res.headers['content-range']} ${n} bytes, expected 206 ${want} ${CHUNK}`,
              ),
            );
          } else resolve();
        });
      })
      .on('error', reject);
  });
}

async function throughput(url: string, seconds = SECONDS) {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      { setupRequest: (req: any) => ({ ...req, headers: { ...req.headers, range: randomRange() } }) },
    ],
  } as any);
  return {
    rps: r.requests.average,
    bytes: r.throughput.average,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** CONNECTIONS keep-alive loops of range requests for SECONDS; answers each request's time to headers. */
async function firstBytes(url: string): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const until = performance.now() + SECONDS * 1000;
  const times: number[] = [];
  const loop = async () => {
    while (performance.now() < until) {
      await new Promise<void>((resolve, reject) => {
        const t0 = performance.now();
        http
          .get(url, { agent, headers: { range: randomRange() } }, (res) => {
            times.push(performance.now() - t0);
            res.resume();
            res.on('end', resolve);
          })
          .on('error', reject);
      });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  agent.destroy();
  return times;
}

async function main() {
  const bin = nginxBinary();
  mkdirSync(path.dirname(file), { recursive: true });
  await makePaddedClip(file, SIZE);
  const app = await startChild<{ port: number; signedUrl: string }>('./video-server.ts', {
    env: { VIDEO_BENCH_DATA_DIR: dataDir, VIDEO_BENCH_SERVE_KEY: KEY },
  });
  let nginx: ChildProcess | null = null;
  try {
    const appUrl = `http://127.0.0.1:${app.info.port}${app.info.signedUrl}`;
    const targets: [string, string][] = [['app', appUrl]];
    if (typeof bin === 'string') {
      const port = await freePort();
      nginx = await startNginx(bin, port);
      targets.push(['nginx', `http://127.0.0.1:${port}/files/${KEY}`]);
    }
    for (const [, url] of targets) for (let i = 0; i < 5; i++) await checkRange(url);

    const tp: Record<string, { rps: number; bytes: number; non2xx: number; errors: number }[]> = {};
    const fb: Record<string, number[]> = {};
    for (const [, url] of targets) await throughput(url, 1); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url] of targets) {
        (tp[name] ??= []).push(await throughput(url));
        (fb[name] ??= []).push(...(await firstBytes(url)));
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const sum = (name: string) => ({
      rps: mean(tp[name].map((r) => r.rps)),
      mbps: mean(tp[name].map((r) => r.bytes)) / 1e6,
      bad: tp[name].reduce((s, r) => s + r.non2xx + r.errors, 0),
      p50: pct(fb[name], 50),
      p95: pct(fb[name], 95),
    });
    const a = sum('app');
    const n = tp.nginx ? sum('nginx') : null;
    const skip = typeof bin === 'string' ? '' : bin.skip;
    const rows: Row[] = [
      {
        what: `range requests (1 MiB at random offsets) on a ${fmt(SIZE / 1e6)} MB video, ${CONNECTIONS} connections: app (signed URL)`,
        figure: `${fmt(a.rps)} req/s, ${fmt(a.mbps)} MB/s`,
        baseline: n ? `nginx ${fmt(n.rps)} req/s, ${fmt(n.mbps)} MB/s` : `no nginx: ${skip}`,
        ratio: n ? `${(a.rps / n.rps).toFixed(2)} of nginx` : '',
        budget: '>= 0.5 of nginx',
        ok: n ? a.rps / n.rps >= 0.5 : null,
      },
      {
        what: `  first byte (time to response headers), ${CONNECTIONS} connections: app`,
        figure: `p95 ${ms(a.p95)} (p50 ${ms(a.p50)})`,
        baseline: n ? `nginx p95 ${ms(n.p95)} (p50 ${ms(n.p50)})` : '',
        ratio: n ? `${(a.p95 / n.p95).toFixed(1)}x at p95` : '',
        budget: 'p95 < 20 ms',
        ok: a.p95 < 20,
      },
    ];
    printTable(`Video serving: range requests on a ${fmt(SIZE / 1e6)} MB video against nginx`, rows, [
      `autocannon ${SECONDS} s per figure, ${ROUNDS} interleaved rounds (app, nginx), mean; first byte from ${fmt(fb.app.length)} app and ${fmt(fb.nginx?.length ?? 0)} nginx requests. Failed or non-2xx: app ${a.bad}, nginx ${n?.bad ?? '-'}.`,
      'Every answer checked first: 206, the asked Content-Range, 1 MiB of body. nginx: Debian package, one worker, sendfile on; the app: one process, PGlite, no database work on this route (signature and stat only).',
      `Load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} at the end (2 cores, shared with other sessions).`,
    ]);
  } finally {
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    }
    await app.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    rmSync(root, { recursive: true, force: true });
    process.exit(1);
  },
);
