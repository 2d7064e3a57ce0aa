import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { Env } from '../../../env';
import { whenLauncherReady } from '../../../lib/launcher';
import { fitTrack } from './fit-result';
import { prepareLines, trackClip } from './track-clip';
import { TRACK_JOB } from './track.service';

/**
 * The clip a server tracks as it starts (decision 357): 2.5 s of the accuracy benchmark's renderer (seed 8,
 * 640x360, 29.97 fps, a panning camera, three players beside the runner), clicked on the runner's ground point
 * on its first frame. Small, so the work takes about two seconds of one core; with two yard lines on every frame,
 * so every part of a track runs (lines, lens, the player followed, the map, the fit). `warm-up.test.ts` reads
 * these facts from the file itself.
 */
export const WARM_UP_CLIP = {
  file: fileURLToPath(new URL('./warm-up.mp4', import.meta.url)),
  width: 640,
  height: 360,
  frameCount: 74,
  fps: { num: 30000, den: 1001 },
  seed: { frameIndex: 0, x: 324, y: 245 },
} as const;

const frameTimes = Array.from(
  { length: WARM_UP_CLIP.frameCount },
  (_, i) => (i * WARM_UP_CLIP.fps.den) / WARM_UP_CLIP.fps.num,
);

/**
 * Whether this process runs the click's track, and so warms the tracker: a web replica that leaves it to the
 * worker (`SKIP_JOB_TYPES`, decision 210; it finds a clip's lines at upload only) or a process without jobs
 * does not.
 */
export function runsTracking(env: Pick<Env, 'DISABLE_JOBS' | 'SKIP_JOB_TYPES'>) {
  return !env.DISABLE_JOBS && !env.SKIP_JOB_TYPES.includes(TRACK_JOB);
}

/**
 * Tracks the warm-up clip as an upload and a click would: its lines found as at upload (the lines thread), a
 * track that finds them itself (a clip followed on some frames only has none found at upload, decision 356),
 * and a track that reads them. A new process runs its code slowly until the engine has compiled it: measured
 * on the outside clip M07, the first track in a fresh process took a median 0.74 s of CPU, and 0.52 s after this
 * (decision 357). Nothing is kept: the frames decoded are let go, and a clip kept for its next track
 * (`reuse`, decision 333) stays kept. Returns the seconds it took and the Max
 * Speed found (null where the clip gave none, which a test would catch); throws what the tracker throws.
 */
export async function warmTracker() {
  const t0 = performance.now();
  // A decode spawned before the launcher is up would fork the whole server (decision 355): no warm-up then.
  if (!(await whenLauncherReady())) throw new Error('the launcher of ffmpeg did not start');
  const { file, width, height, frameCount, seed } = WARM_UP_CLIP;
  const clip = { file, width, height, frameCount, seconds: frameTimes[frameTimes.length - 1] };
  const timing = { frameTimes, fps: WARM_UP_CLIP.fps, vfr: false };
  const prepared = await prepareLines(clip);
  const found = fitTrack(await trackClip({ ...clip, seeds: [seed] }), timing);
  let read = false;
  fitTrack(
    await trackClip({
      ...clip,
      seeds: [seed],
      prepared: prepared ?? undefined,
      onPrepared: (used) => (read = used),
    }),
    timing,
  );
  return {
    seconds: (performance.now() - t0) / 1000,
    mph: found.maxSpeed?.mph ?? null,
    linesRead: read,
  };
}
