/**
 * Tracked Max Speed (issue 31, decision 210): a generated 6-second 1080p 59.94 fps clip (panning,
 * zooming camera, players crossing, x264) tracked from one click, against ffmpeg alone decoding the same
 * file in the same run; and a 4-second 1080p 240 fps clip, which the tracker follows on every fourth frame
 * (decisions 301, 356). Issue 48 asks the same of every clip: so also scenes of the accuracy benchmark's renderer
 * (`server/test/scene`, fixed seeds, at 720p and upright, 29.97 to 120 fps), and the outside clip M07 (720p,
 * ../shared/data/film-examples, where that folder lies beside the clone). Budgets: tracking (decode, lines,
 * player, fit) at most 3x the decode, and under 400 MB of peak resident memory in the tracking process.
 * BENCH_ROUNDS rounds, interleaved (default 2); BENCH_CLIPS: only the clips whose names start with one of
 * these, comma-separated (all by default; every clip is still made, a timed one tracks after another);
 * BENCH_WARM_UP=0: a new server's first track without the warm-up it runs as it starts (decision 357).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ffmpegPath } from '../server/lib/ffmpeg';
import { probeMedia } from '../server/lib/media-probe';
import { makeFieldClip } from '../server/modules/measurements/tracking/field-clip.fixtures';
import { fitTrack } from '../server/modules/measurements/tracking/fit-result';
import {
  prepareLines,
  trackClip,
  type PreparedLines,
} from '../server/modules/measurements/tracking/track-clip';
import { linesThread } from '../server/modules/measurements/tracking/lines-thread';
import { startLauncher, whenLauncherReady } from '../server/lib/launcher';
import { warmTracker } from '../server/modules/measurements/tracking/warm-up';
import type { SceneTruth } from '../server/test/scene/truth';
import { fmt, printTable } from './lib/report';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const MB = 2 ** 20;
const MEMORY_BUDGET = 400 * MB;
const RATIO_BUDGET = 3;
const self = fileURLToPath(import.meta.url);
const ONCE = 'track-once';
/** `track-once`'s mode for a clip whose lines were found at upload. */
const PREPARED = 'prepared';
/** `track-once`'s mode for a new server's first track (decision 357). */
const NEW_SERVER = 'new-server';
/** BENCH_WARM_UP=0: the new server's first track without the warm-up (an A/B of decision 357). */
const WARM_UP = process.env.BENCH_WARM_UP !== '0';

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
  /** A second click about a second from the first (an analyst's answer to a question), or none. */
  answer: { frameIndex: number; x: number; y: number } | null;
  frameTimes: number[];
  fps: { num: number; den: number };
}

/**
 * One tracking run in a process of its own: prints the seconds it took and the process's peak resident
 * memory (VmHWM), so the memory figure is the tracker's alone; then, where the job has an answer, the
 * seconds the clip took to track again from both clicks, as the job does when a question is answered
 * (the frames decoded for the first track read again, decision 333).
 */
async function trackOnce(file: string, job: Job) {
  // The server's lines thread is up once it has tracked a clip (it is kept for the next); here it starts
  // before the clock does (decision 341). So does the launcher, which a server starts as it starts (decision 355).
  if (process.argv[5] === NEW_SERVER) return newServerOnce(file, job);
  await linesThread();
  await whenLauncherReady();
  if (process.argv[5] === PREPARED)
    return preparedOnce(
      file,
      job,
      process.argv[6],
      JSON.parse(process.argv[7]) as Job,
      process.argv[8] === '1',
    );
  const t0 = performance.now();
  // As the track job calls it (track.service.ts): the file's frame count and the clip's length, which set
  // the frames the lens is measured on and the pace of the identity check.
  let during = false;
  const track = (seeds: Job['seed'][]) =>
    trackClip({
      file,
      width: job.width,
      height: job.height,
      seeds,
      frameCount: job.frameCount,
      seconds: job.frameTimes[job.frameTimes.length - 1],
      onFollowed: (d) => (during ||= d),
      reuse: file,
    });
  const timing = { frameTimes: job.frameTimes, fps: job.fps, vfr: false };
  const result = fitTrack(await track([job.seed]), timing);
  const seconds = (performance.now() - t0) / 1000;
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  let again: number | null = null;
  if (job.answer) {
    const t1 = performance.now();
    fitTrack(await track([job.seed, job.answer]), timing);
    again = (performance.now() - t1) / 1000;
  }
  console.log(
    JSON.stringify({
      seconds,
      again,
      peakBytes: Number(hwm?.[1] ?? 0) * 1024,
      maxSpeed: result.maxSpeed,
      during,
    }),
  );
}

/** The clip of `file` as the track job passes it to the tracker (the file's frame count and length). */
const clipOf = (file: string, j: Job) => ({
  file,
  width: j.width,
  height: j.height,
  frameCount: j.frameCount,
  seconds: j.frameTimes[j.frameTimes.length - 1],
});

/** How long the process idles before a timed track in it, as a server does between its work and a click. */
const IDLE_MS = 250;

/**
 * The clip's lens and yard lines found as its upload finds them (decision 344), then its first track with them,
 * in a process that has tracked another clip (`warmFile`) before, as a running server has: prints the seconds
 * each took and whether the track read them.
 */
async function preparedOnce(file: string, job: Job, warmFile: string, warmJob: Job, plainFirst: boolean) {
  const warm = clipOf(warmFile, warmJob);
  // As the track job calls it, with the key the clip is kept under (the memory of its frames is the next
  // clip's to fill: decision 355).
  await trackClip({
    ...warm,
    seeds: [warmJob.seed],
    prepared: (await prepareLines(warm)) ?? undefined,
    reuse: warmFile,
  });
  const clip = clipOf(file, job);
  const timing = { frameTimes: job.frameTimes, fps: job.fps, vfr: false };
  /**
   * The clip's first track, its lines found by it or read from `prepared`: seconds, and whether it read them.
   * The timed one (`prepared`) under the clip's key, as the job tracks it: it takes the memory of the other
   * clip's frames. The other keeps nothing and lets nothing go, so the order of the two does not change it.
   */
  const timed = async (prepared?: PreparedLines, reuse?: string) => {
    // The click comes to a server idle since its last work (the upload's lines, another track): the reader
    // thread the last decode left for the next one has started by then (decision 346).
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const t = performance.now();
    let used = false;
    fitTrack(
      await trackClip({ ...clip, seeds: [job.seed], prepared, onPrepared: (u) => (used = u), reuse }),
      timing,
    );
    return { seconds: (performance.now() - t) / 1000, used };
  };
  // Which of the two goes first alternates by round: the second may gain from the first's compiled code.
  const plain = plainFirst ? await timed() : null;
  const t0 = performance.now();
  const prepared = await prepareLines(clip);
  const prepare = (performance.now() - t0) / 1000;
  const read = await timed(prepared ?? undefined, file);
  const warmPlain = plain ?? (await timed());
  console.log(
    JSON.stringify({ prepare, seconds: read.seconds, used: read.used, warmPlain: warmPlain.seconds }),
  );
}

/**
 * A new server's first track (decision 357): the process starts as `server/main.ts` starts it (the launcher,
 * then the tracker's warm-up on its small clip, unless BENCH_WARM_UP=0), the clip's upload finds its lens and
 * yard lines (the lines thread starts there, as in a server), and after an idle moment the click's track, as
 * the job calls it. Prints the track's seconds, whether it read the upload's lines, and the warm-up's seconds.
 */
async function newServerOnce(file: string, job: Job) {
  // As a server: the launcher up before anything is decoded, whether it warms or not (the A/B differs by the
  // warm-up only).
  startLauncher();
  await whenLauncherReady();
  const warm = WARM_UP ? (await warmTracker()).seconds : null;
  const clip = clipOf(file, job);
  const prepared = await prepareLines(clip);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  let used = false;
  const t = performance.now();
  fitTrack(
    await trackClip({
      ...clip,
      seeds: [job.seed],
      prepared: prepared ?? undefined,
      onPrepared: (u) => (used = u),
      reuse: file,
    }),
    { frameTimes: job.frameTimes, fps: job.fps, vfr: false },
  );
  console.log(JSON.stringify({ seconds: (performance.now() - t) / 1000, used, warm }));
}

/**
 * The scene renderer and the clips' truth, loaded by the benchmark's own process only: the tracking process
 * imports this file too, and its peak memory is the tracker's alone.
 */
const sceneTools = async () => ({
  ...(await import('../server/test/scene/product')),
  ...(await import('../server/test/scene/render')),
  ...(await import('../server/test/scene/spec')),
  ...(await import('../server/test/scene/truth')),
});

/** The frame about a second after `frameIndex` (before it where the clip ends first), or null. */
function aSecondFrom(frameIndex: number, frameTimes: number[], shown: (i: number) => boolean) {
  const later = frameTimes.findIndex((t) => t >= frameTimes[frameIndex] + 1);
  const earlier = frameTimes.findLastIndex((t) => t <= frameTimes[frameIndex] - 1);
  return [later, earlier].find((i) => i >= 0 && shown(i)) ?? null;
}

/** The generated clips tracked: each from one click on the runner, on a frame where he is clear. */
const CLIPS = [
  { name: '1080p 59.94 fps, 6 s', file: 'run-1080p-5994.mp4', fps: '60000/1001', seconds: 6, seedFrame: 90 },
  {
    name: '1080p 240 fps, 4 s (every fourth frame followed)',
    file: 'run-1080p-240.mp4',
    fps: '240',
    seconds: 4,
    seedFrame: 360,
  },
];

/**
 * Scenes drawn by the accuracy benchmark's renderer, each tracked from the analyst's click of its truth (the
 * runner's ground point on a frame where he is clear). Seeds fixed before any was tracked; the picture and
 * the rate set, the rest drawn.
 */
const SCENES = [
  { seed: 1, width: 1280, height: 720, fps: '30000/1001' },
  { seed: 2, width: 1280, height: 720, fps: '60000/1001' },
  { seed: 3, width: 1280, height: 720, fps: '120' },
  { seed: 4, width: 720, height: 1280, fps: '30' },
];

/** Outside clips (issue 48's film examples), where their folder lies beside the clone. */
const FILM = path.resolve(path.dirname(self), '../../shared/data/film-examples');
const OUTSIDE = [{ name: 'M07', clickFrame: 16 }];

interface Tracked {
  name: string;
  file: string;
  job: Job;
  /** The true Max Speed, where the clip's truth is checked here. */
  trueMph?: number;
}

async function generated(root: string, c: (typeof CLIPS)[number]): Promise<Tracked> {
  const file = path.join(root, c.file);
  const clip = await makeFieldClip(file, { fps: c.fps, width: 1920, height: 1080, seconds: c.seconds });
  const [num, den = 1] = c.fps.split('/').map(Number);
  const answer = aSecondFrom(c.seedFrame, clip.frameTimes, () => true);
  return {
    name: c.name,
    file,
    trueMph: clip.trueTopMph,
    job: {
      width: clip.width,
      height: clip.height,
      frameCount: (await probeMedia(file)).frameCount,
      seed: { frameIndex: c.seedFrame, ...clip.groundPoints[c.seedFrame] },
      answer: answer === null ? null : { frameIndex: answer, ...clip.groundPoints[answer] },
      frameTimes: clip.frameTimes,
      fps: { num, den },
    },
  };
}

/**
 * A clip with a truth of the scenes' kind, clicked on `frameIndex` at the runner's true ground point, and
 * answered a second later (or earlier) where he is in the picture.
 */
async function withTruth(name: string, file: string, truth: SceneTruth, frameIndex: number) {
  const { jobTimeline } = await sceneTools();
  const { timeline, width, height, frameCount } = await jobTimeline(file);
  const point = (i: number) => ({
    frameIndex: i,
    x: Math.round(truth.groundPointPx[i].gx),
    y: Math.round(truth.groundPointPx[i].gy),
  });
  const answer = aSecondFrom(frameIndex, timeline.times, (i) => {
    const g = truth.groundPointPx[i];
    return !!g && g.inView !== false && g.gx >= 0 && g.gy >= 0 && g.gx < width && g.gy < height;
  });
  const job: Job = {
    width,
    height,
    frameCount,
    seed: point(frameIndex),
    answer: answer === null ? null : point(answer),
    frameTimes: timeline.times,
    fps: timeline.fps,
  };
  return { name, file, job };
}

async function scene(root: string, c: (typeof SCENES)[number]): Promise<Tracked> {
  const { drawScene, renderScene } = await sceneTools();
  const file = path.join(root, `scene-${c.seed}.mp4`);
  const spec = drawScene(c.seed, { kind: 'max-speed', width: c.width, height: c.height, fps: c.fps });
  const truth = await renderScene(spec, file);
  const at = truth.click!.frameIndex;
  const rate = c.fps.includes('/')
    ? (Number(c.fps.split('/')[0]) / Number(c.fps.split('/')[1])).toFixed(2)
    : c.fps;
  const seconds = truth.frameTimes[truth.frameTimes.length - 1].toFixed(1);
  return withTruth(
    `renderer scene ${c.seed}, ${c.width}x${c.height} ${rate} fps, ${seconds} s`,
    file,
    truth,
    at,
  );
}

async function outside(o: (typeof OUTSIDE)[number]): Promise<Tracked | null> {
  const file = path.join(FILM, `${o.name}.mp4`);
  if (!existsSync(file)) return null;
  const { jobTimeline, readTruth } = await sceneTools();
  const truth = await readTruth(path.join(FILM, `${o.name}.truth.json`));
  const { width, height } = await jobTimeline(file);
  const seconds = truth.frameTimes[truth.frameTimes.length - 1].toFixed(1);
  return withTruth(
    `outside clip ${o.name}, ${width}x${height} ${truth.fps.toFixed(2)} fps, ${seconds} s`,
    file,
    truth,
    o.clickFrame,
  );
}

async function measure(c: Tracked, warm: Tracked) {
  const { file, job } = c;
  const decode: number[] = [];
  const track: {
    seconds: number;
    again: number | null;
    peakBytes: number;
    maxSpeed: { mph: number; plusMinusMph: number };
    during: boolean;
  }[] = [];
  const prepared: { prepare: number; seconds: number; used: boolean; warmPlain: number }[] = [];
  const fresh: { seconds: number; used: boolean; warm: number | null }[] = [];
  const once = async (...mode: string[]) => {
    const out = await exec(process.execPath, [
      '--import',
      'tsx',
      self,
      ONCE,
      file,
      JSON.stringify(job),
      ...mode,
    ]);
    return JSON.parse(out.trim().split('\n').pop()!);
  };
  for (let r = 0; r < ROUNDS; r += 1) {
    decode.push(await decodeOnly(file));
    track.push(await once());
    prepared.push(await once(PREPARED, warm.file, JSON.stringify(warm.job), r % 2 === 0 ? '1' : '0'));
    fresh.push(await once(NEW_SERVER));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const d = mean(decode);
  const t = mean(track.map((x) => x.seconds));
  const again = mean(track.map((x) => x.again ?? 0));
  const peak = Math.max(...track.map((x) => x.peakBytes));
  const m = track[0].maxSpeed;
  /** A row of seconds against the decode, within the budget (`budgeted`) or reported only. */
  const timed = (what: string, seconds: number, budgeted = true) => ({
    what: `${c.name}: ${what}`,
    figure: `${seconds.toFixed(2)} s`,
    baseline: `ffmpeg decode ${d.toFixed(2)} s`,
    ratio: `${(seconds / d).toFixed(2)}x`,
    budget: budgeted ? `<= ${RATIO_BUDGET}x` : '',
    ok: budgeted ? seconds / d <= RATIO_BUDGET : null,
  });
  const freshRead = fresh.every((x) => x.used);
  const rows = [
    // A process that has tracked nothing, with no lines found at upload: no server's first track since its
    // warm-up (decision 357), so reported, not budgeted (the new server's row below is).
    timed(
      `tracking ${job.frameTimes.length} frames in a process that has tracked nothing, no lines found at upload (decode, yard lines, player, fit)`,
      t,
      false,
    ),
    ...(track[0].again === null
      ? []
      : [
          timed(
            'tracked again from a second click (an answered question), the frames decoded for the first track read again',
            again,
          ),
        ]),
    // Its first track in a process that tracked another clip: every clip (one followed on some frames only has
    // no lines found at upload, decision 356).
    timed(
      'the first track, in a process that has tracked another clip, then idle (decode, yard lines, player, fit)',
      mean(prepared.map((x) => x.warmPlain)),
    ),
    ...(prepared.every((x) => x.used)
      ? [
          timed(
            'its lens and yard lines found at upload, before any click (decode, yard lines; decision 344)',
            mean(prepared.map((x) => x.prepare)),
            false,
          ),
          timed(
            'the first track after the click, the lines found at upload read, in a process that has tracked another clip, then idle (decode, player, fit)',
            mean(prepared.map((x) => x.seconds)),
          ),
        ]
      : []),
    // A new server's first track: after its warm-up (decision 357) and the clip's upload.
    timed(
      `the first track in a new server${WARM_UP ? ', after its warm-up' : ' without its warm-up'}, the clip's upload ${
        freshRead ? 'having found its lines' : 'finding no lines (the track finds them)'
      } (decode, ${freshRead ? '' : 'yard lines, '}player, fit)`,
      mean(fresh.map((x) => x.seconds)),
    ),
    {
      what: `${c.name}: peak resident memory of the tracking process`,
      figure: `${fmt(peak / MB)} MB`,
      baseline: '',
      ratio: '',
      budget: '< 400 MB',
      ok: peak < MEMORY_BUDGET,
    },
  ];
  if (c.trueMph !== undefined)
    rows.push({
      what: `${c.name}: Max Speed found (truth from the clip)`,
      figure: m ? `${m.mph.toFixed(2)} ± ${m.plusMinusMph.toFixed(2)} mph` : 'none',
      baseline: `${c.trueMph.toFixed(2)} mph`,
      ratio: '',
      budget: 'truth inside the bound',
      ok: !!m && Math.abs(m.mph - c.trueMph) <= m.plusMinusMph,
    });
  const warmUps = fresh.flatMap((x) => (x.warm === null ? [] : [x.warm]));
  return { rows, during: `${track.filter((x) => x.during).length} of ${track.length}`, warmUps };
}

async function main(root: string) {
  const clips: Tracked[] = [];
  for (const c of CLIPS) clips.push(await generated(root, c));
  for (const c of SCENES) clips.push(await scene(root, c));
  for (const o of OUTSIDE) {
    const c = await outside(o);
    if (c) clips.push(c);
  }
  const measured = [];
  // A process that has tracked before tracks the smallest renderer scene (M07 before that scene itself).
  const small = (c: Tracked) =>
    clips.find((x) => x !== c && x.name.startsWith('renderer scene 1')) ?? clips[clips.length - 1];
  // BENCH_CLIPS: the clips timed, by the start of their names (an A/B of one change on the clips it concerns).
  const only = process.env.BENCH_CLIPS?.split(',').map((x) => x.trim());
  for (const c of clips)
    if (!only || only.some((o) => c.name.startsWith(o)))
      measured.push({ c, ...(await measure(c, small(c))) });
  printTable(
    'Tracked Max Speed: clips tracked from one click, against ffmpeg decoding them',
    measured.flatMap((x) => x.rows),
    [
      `${ROUNDS} interleaved rounds, mean times; the decode is 'ffmpeg -i clip -f null -' with its own threads; tracking runs in a process of its own (peak = VmHWM), called as the track job calls it (the file's frame count and length); the Max Speed's truth is checked on the generated clips only (the scenes' analyst and their questions are the accuracy benchmark's); the player followed while the clip decoded (decision 299) in ${measured.map((x) => `${x.during} rounds (${x.c.name.split(',')[0]})`).join(', ')}.`,
      ...(WARM_UP
        ? [
            `A new server's warm-up (decision 357: its small clip's lines, two tracks and fits) took ${(() => {
              const all = measured.flatMap((x) => x.warmUps).sort((a, b) => a - b);
              return `${all[0].toFixed(2)}-${all[all.length - 1].toFixed(2)} s`;
            })()} in the new servers of this run; the click came after it.`,
          ]
        : ['New servers without their warm-up (BENCH_WARM_UP=0).']),
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
