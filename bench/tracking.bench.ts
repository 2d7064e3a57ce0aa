/**
 * Tracked Max Speed (issue 31, decision 210): a generated 6-second 1080p 59.94 fps clip (panning,
 * zooming camera, players crossing, x264) tracked from one click, against ffmpeg alone decoding the same
 * file in the same run; and a 4-second 1080p 240 fps clip, which the tracker follows on every second frame
 * (decision 301). Budgets: tracking (decode, lines, player, fit) at most 3x the decode, and under 400 MB of
 * peak resident memory in the tracking process. BENCH_ROUNDS rounds, interleaved (default 2).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ffmpegPath } from '../server/lib/ffmpeg';
import { probeMedia } from '../server/lib/media-probe';
import { makeFieldClip } from '../server/modules/measurements/tracking/field-clip.fixtures';
import { fitTrack } from '../server/modules/measurements/tracking/fit-result';
import { trackClip } from '../server/modules/measurements/tracking/track-clip';
import { fmt, printTable } from './lib/report';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const MB = 2 ** 20;
const MEMORY_BUDGET = 400 * MB;
const RATIO_BUDGET = 3;
const self = fileURLToPath(import.meta.url);
const ONCE = 'track-once';

function exec(cmd: string, args: string[]) {
  return new Promise<string>((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} exited with ${code}`))));
  });
}

async function decodeOnly(file: string) {
  const t0 = performance.now();
  await exec(ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file, '-f', 'null', '-']);
  return (performance.now() - t0) / 1000;
}

interface Job {
  width: number;
  height: number;
  /** The file's frame count as ffprobe reads it, as the track job passes it. */
  frameCount: number;
  seed: { frameIndex: number; x: number; y: number };
  frameTimes: number[];
  fps: { num: number; den: number };
}

/**
 * One tracking run in a process of its own: prints the seconds it took and the process's peak resident
 * memory (VmHWM), so the memory figure is the tracker's alone.
 */
async function trackOnce(file: string, job: Job) {
  const t0 = performance.now();
  // As the track job calls it (track.service.ts): the file's frame count and the clip's length, which set
  // the frames the lens is measured on and the pace of the identity check.
  let during = false;
  const raw = await trackClip({
    file,
    width: job.width,
    height: job.height,
    seeds: [job.seed],
    frameCount: job.frameCount,
    seconds: job.frameTimes[job.frameTimes.length - 1],
    onFollowed: (d) => (during = d),
  });
  const result = fitTrack(raw, { frameTimes: job.frameTimes, fps: job.fps, vfr: false });
  const seconds = (performance.now() - t0) / 1000;
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  console.log(
    JSON.stringify({ seconds, peakBytes: Number(hwm?.[1] ?? 0) * 1024, maxSpeed: result.maxSpeed, during }),
  );
}

/** The clips tracked: each from one click on the runner, on a frame where he is clear. */
const CLIPS = [
  { name: '1080p 59.94 fps, 6 s', file: 'run-1080p-5994.mp4', fps: '60000/1001', seconds: 6, seedFrame: 90 },
  {
    name: '1080p 240 fps, 4 s (every second frame followed)',
    file: 'run-1080p-240.mp4',
    fps: '240',
    seconds: 4,
    seedFrame: 360,
  },
];

async function measure(root: string, c: (typeof CLIPS)[number]) {
  const file = path.join(root, c.file);
  const clip = await makeFieldClip(file, { fps: c.fps, width: 1920, height: 1080, seconds: c.seconds });
  const [num, den = 1] = c.fps.split('/').map(Number);
  const job: Job = {
    width: clip.width,
    height: clip.height,
    frameCount: (await probeMedia(file)).frameCount,
    seed: { frameIndex: c.seedFrame, ...clip.groundPoints[c.seedFrame] },
    frameTimes: clip.frameTimes,
    fps: { num, den },
  };
  const decode: number[] = [];
  const track: {
    seconds: number;
    peakBytes: number;
    maxSpeed: { mph: number; plusMinusMph: number };
    during: boolean;
  }[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    decode.push(await decodeOnly(file));
    const out = await exec(process.execPath, ['--import', 'tsx', self, ONCE, file, JSON.stringify(job)]);
    track.push(JSON.parse(out.trim().split('\n').pop()!));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const d = mean(decode);
  const t = mean(track.map((x) => x.seconds));
  const peak = Math.max(...track.map((x) => x.peakBytes));
  const m = track[0].maxSpeed;
  return {
    rows: [
      {
        what: `${c.name}: tracking ${clip.frameTimes.length} frames (decode, yard lines, player, fit)`,
        figure: `${t.toFixed(2)} s`,
        baseline: `ffmpeg decode ${d.toFixed(2)} s`,
        ratio: `${(t / d).toFixed(2)}x`,
        budget: `<= ${RATIO_BUDGET}x`,
        ok: t / d <= RATIO_BUDGET,
      },
      {
        what: `${c.name}: peak resident memory of the tracking process`,
        figure: `${fmt(peak / MB)} MB`,
        baseline: '',
        ratio: '',
        budget: '< 400 MB',
        ok: peak < MEMORY_BUDGET,
      },
      {
        what: `${c.name}: Max Speed found (truth from the clip)`,
        figure: m ? `${m.mph.toFixed(2)} ± ${m.plusMinusMph.toFixed(2)} mph` : 'none',
        baseline: `${clip.trueTopMph.toFixed(2)} mph`,
        ratio: '',
        budget: 'truth inside the bound',
        ok: !!m && Math.abs(m.mph - clip.trueTopMph) <= m.plusMinusMph,
      },
    ],
    during: `${track.filter((x) => x.during).length} of ${track.length}`,
  };
}

async function main(root: string) {
  const measured = [];
  for (const c of CLIPS) measured.push({ c, ...(await measure(root, c)) });
  printTable(
    'Tracked Max Speed: 1080p clips tracked from one click, against ffmpeg decoding them',
    measured.flatMap((x) => x.rows),
    [
      `${ROUNDS} interleaved rounds, mean times; the decode is 'ffmpeg -i clip -f null -' with its own threads; tracking runs in a process of its own (peak = VmHWM), called as the track job calls it (the file's frame count and length); the player followed while the clip decoded (decision 299) in ${measured.map((x) => `${x.during} rounds (${x.c.fps} fps)`).join(', ')}.`,
      `Load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} at the end (2 cores, shared with other sessions).`,
    ],
  );
}

if (process.argv[2] === ONCE) {
  trackOnce(process.argv[3], JSON.parse(process.argv[4]) as Job).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
} else {
  const root = mkdtempSync(path.join(os.tmpdir(), 'va-bench-track-'));
  main(root).then(
    () => {
      rmSync(root, { recursive: true, force: true });
      process.exit(0);
    },
    (err) => {
      console.error(err);
      rmSync(root, { recursive: true, force: true });
      process.exit(1);
    },
  );
}
