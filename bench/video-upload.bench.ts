/**
 * Video upload (issue 14): 1 GiB streamed to POST /api/videos/upload on a listening server, signed in,
 * against copying the same file on the same disk. Budgets: the server's memory (RSS, sampled every
 * 20 ms) grows by less than 64 MB, and the upload's throughput is at least 0.3 of the copy's.
 *
 * The file is a real MP4 clip made by ffmpeg (moov first) followed by one `free` box that pads it to
 * 1 GiB: still a valid MP4, and the intake checks only the first bytes (the probe runs later in the
 * processing job, which is off here). The copy is `cp` (what copying a file means on this machine);
 * a read/write stream copy in node is shown beside it for information. Rounds are interleaved.
 * BENCH_UPLOAD_MB changes the size (default 1024), BENCH_ROUNDS the rounds (default 2).
 */
import { spawn } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { startChild } from './lib/proc';
import { makePaddedClip } from './lib/video-file';
import { fmt, printTable, type Row } from './lib/report';

const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * 2 ** 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const MEMORY_BUDGET = 64 * 2 ** 20;
const RATIO_BUDGET = 0.3;
const MB = 2 ** 20;

// Everything on one disk: the source, the copies and the server's DATA_DIR (under the repository's
// filesystem, not a tmpfs /tmp if there is one).
const root = mkdtempSync(path.join(process.env.BENCH_VIDEO_DIR ?? os.tmpdir(), 'va-bench-upload-'));
const source = path.join(root, 'source.mp4');
const dataDir = path.join(root, 'data');
const uploads = path.join(dataDir, 'uploads', 'videos');

const makeSource = () => makePaddedClip(source, SIZE);

const run = (cmd: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: 'inherit' });
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}`))));
  });

const rssOf = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};

/** Samples a process's RSS until stopped; answers the highest. */
function sampleRss(pid: number) {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      // exited
    }
  }, 20);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

interface Server {
  port: number;
  pid: number;
  cookie: string;
  playerId: number;
}

/** Streams `file` as the form's `file` field (after `playerId`), as a browser sends it. */
function upload(s: Server, file: string): Promise<{ status: number; body: string }> {
  const boundary = `----va-bench-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="playerId"\r\n\r\n${s.playerId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="run.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(file).size;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: s.port,
        method: 'POST',
        path: '/api/videos/upload',
        headers: {
          cookie: s.cookie,
          origin: `http://127.0.0.1:${s.port}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const rs = createReadStream(file, { highWaterMark: MB });
    rs.on('error', reject);
    rs.on('end', () => req.end(tail));
    rs.pipe(req, { end: false });
  });
}

const clearUploads = () => {
  try {
    for (const f of readdirSync(uploads)) rmSync(path.join(uploads, f), { force: true });
  } catch {
    // none yet
  }
};

async function main() {
  const t0 = performance.now();
  await makeSource();
  await run('sync', []);
  console.log(
    `Source: ${fmt(SIZE / MB)} MiB at ${source} (${((performance.now() - t0) / 1000).toFixed(1)} s to write)`,
  );
  const child = await startChild<Server>('./video-server.ts', { env: { VIDEO_BENCH_DATA_DIR: dataDir } });
  try {
    const s = child.info;
    // Warm-up: a small upload loads every module of the path once, so the measured growth is the upload's own.
    const small = path.join(root, 'small.mp4');
    await pipeline(createReadStream(source, { end: 4 * MB - 1 }), createWriteStream(small));
    const warm = await upload(s, small);
    if (warm.status !== 201)
      throw new Error(`warm-up upload answered ${warm.status}: ${warm.body.slice(0, 300)}`);
    clearUploads();

    const ups: { seconds: number; growth: number; before: number; peak: number }[] = [];
    const cps: number[] = [];
    const streams: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await run('sync', []);
      const before = rssOf(s.pid);
      const stop = sampleRss(s.pid);
      const u0 = performance.now();
      const res = await upload(s, source);
      const seconds = (performance.now() - u0) / 1000;
      const peak = stop();
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 300)}`);
      const stored = readdirSync(uploads).map((f) => statSync(path.join(uploads, f)).size);
      if (!stored.includes(SIZE)) throw new Error(`stored sizes ${stored.join(', ')} do not match ${SIZE}`);
      ups.push({ seconds, growth: peak - before, before, peak });
      clearUploads();

      await run('sync', []);
      const copy = path.join(root, 'copy.mp4');
      const c0 = performance.now();
      await run('cp', [source, copy]);
      cps.push((performance.now() - c0) / 1000);
      rmSync(copy);

      await run('sync', []);
      const s0 = performance.now();
      await pipeline(createReadStream(source, { highWaterMark: MB }), createWriteStream(copy));
      streams.push((performance.now() - s0) / 1000);
      rmSync(copy);
      console.log(
        `round ${round + 1}: upload ${seconds.toFixed(2)} s (RSS ${fmt(before / MB)} -> ${fmt(peak / MB)} MB), cp ${cps.at(-1)!.toFixed(2)} s, stream copy ${streams.at(-1)!.toFixed(2)} s`,
      );
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const upRate = SIZE / MB / mean(ups.map((u) => u.seconds));
    const cpRate = SIZE / MB / mean(cps);
    const streamRate = SIZE / MB / mean(streams);
    const growth = Math.max(...ups.map((u) => u.growth));
    const ratio = upRate / cpRate;
    const rows: Row[] = [
      {
        what: `POST /api/videos/upload, ${fmt(SIZE / MB)} MiB streamed (signed in): throughput`,
        figure: `${fmt(upRate)} MB/s`,
        baseline: `cp of the same file on the same disk ${fmt(cpRate)} MB/s`,
        ratio: `${ratio.toFixed(2)} of the copy`,
        budget: `>= ${RATIO_BUDGET} of the copy`,
        ok: ratio >= RATIO_BUDGET,
      },
      {
        what: '  server memory growth during the upload (RSS, sampled every 20 ms)',
        figure: `${fmt(growth / MB, 1)} MB`,
        baseline: `RSS before ${fmt(mean(ups.map((u) => u.before)) / MB)} MB`,
        ratio: '',
        budget: '< 64 MB',
        ok: growth < MEMORY_BUDGET,
      },
      {
        what: '  node stream copy (read/write, 1 MiB chunks) of the same file',
        figure: `${fmt(streamRate)} MB/s`,
        baseline: `cp ${fmt(cpRate)} MB/s`,
        ratio: `upload ${(upRate / streamRate).toFixed(2)} of it`,
        budget: 'informational',
        ok: null,
      },
    ];
    printTable(
      `Video upload: ${fmt(SIZE / MB)} MiB to POST /api/videos/upload against a copy on the same disk`,
      rows,
      [
        `${ROUNDS} interleaved rounds (upload, cp, stream copy), mean throughput; dirty pages synced before each; the client runs in the benchmark process on the same machine.`,
        'The file: a 2 s ffmpeg clip (MP4, moov first) padded to size with one `free` box; the processing job (hash and probe) is off, it runs after the upload answers.',
        `Load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')} at the end (2 cores, shared with other sessions).`,
      ],
    );
  } finally {
    await child.stop();
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
