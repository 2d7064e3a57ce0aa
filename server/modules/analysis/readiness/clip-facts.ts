import { spawn } from 'node:child_process';
import { realRate } from '../../../../contract/measurement-math';
import type { Db } from '../../../db/client';
import type { videos } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { ffmpegPath } from '../../../lib/ffmpeg';
import type { Storage } from '../../../lib/storage';
import { detectLines } from '../../measurements';
import { ensureMedia, timelineOf, withLocalCopy } from '../../videos';
import { cameraStill } from './camera-still';

/** What a clip's checks read (decision 247): its real rate and length, and a dozen moments of it. */
export interface ClipFacts {
  /** Why the clip cannot be read frame by frame, in words for the family; null when it can. */
  unreadable: string | null;
  /** New pictures per second over the whole clip, in real time (repeated frames left out, slow motion undone). */
  realFps: number;
  /** Real seconds from the first frame to the end of the last. */
  seconds: number;
  /** Moments looked at, and how many of them show at least two yard lines. */
  moments: number;
  twoLines: number;
  /** Whether anything moves between the moments looked at; null when fewer than two could be read. */
  moving: boolean | null;
  /**
   * Whether the camera stayed still through the moments looked at (`cameraStill`, decision 350); null when
   * they cannot tell: too few read, too few showing two yard lines, or too far apart (a long clip).
   */
  cameraStill: boolean | null;
}

/** Moments of the clip looked at: enough to see where the camera points, at a bounded cost whatever the length. */
const MOMENTS = 12;
/** The tracker's picture size (its longer side), so lines are found as the tracker finds them. */
const ANALYSIS_SIDE = 640;
/**
 * Source pixels decoded at once by one ffmpeg: a dozen 720p moments (about 150 MB), five of 1080p, one of 4K
 * (about 100 MB, as a single moment always cost). Each decoder holds its own reference frames.
 */
const PIXELS_AT_ONCE = 12 * 1280 * 720;
/** A pixel changed when its grey level moved this much (compression noise stays well under it). */
const CHANGED_LEVEL = 30;

const UNREADABLE =
  'This clip could not be read frame by frame. Upload the original file from the phone (not a screen recording or an edited copy).';

/**
 * One picture at each of `seconds` (file time), upright, grey and scaled; null where the clip has none. One
 * ffmpeg reads them all: each moment is an input of its own, seeked as a lone `-ss` would seek it, and
 * written to a pipe of its own (fd 3 on), so a moment past the end is told from the others. A dozen spawns
 * cost a dozen forks of the server's whole address space and a dozen tool start-ups; `momentsAt` keeps the
 * decoders open at once within `PIXELS_AT_ONCE`.
 */
function graysAt(file: string, seconds: number[], w: number, h: number): Promise<(Uint8Array | null)[]> {
  return new Promise((resolve, reject) => {
    const args = ['-hide_banner', '-nostdin', '-loglevel', 'error'];
    for (const s of seconds) args.push('-threads', '1', '-ss', s.toFixed(4), '-i', file);
    seconds.forEach((_, i) => {
      args.push('-map', `${i}:v:0`, '-frames:v', '1', '-vf', `scale=${w}:${h}:flags=area,format=gray`);
      args.push('-f', 'rawvideo', '-pix_fmt', 'gray', `pipe:${3 + i}`);
    });
    const child = spawn(ffmpegPath(), args, {
      stdio: ['ignore', 'ignore', 'ignore', ...seconds.map(() => 'pipe' as const)],
    });
    const outs = seconds.map((_, i) => {
      const chunks: Buffer[] = [];
      child.stdio[3 + i]!.on('data', (d: Buffer) => chunks.push(d));
      return chunks;
    });
    child.on('error', reject);
    child.on('close', () =>
      resolve(
        outs.map((chunks) => {
          const buf = Buffer.concat(chunks);
          return buf.length >= w * h ? new Uint8Array(buf.subarray(0, w * h)) : null;
        }),
      ),
    );
  });
}

/** How many moments one ffmpeg reads of a clip of `sourcePixels` pixels a frame. */
export const momentsPerCall = (sourcePixels: number) =>
  Math.max(1, Math.floor(PIXELS_AT_ONCE / sourcePixels));

/**
 * The pictures at `seconds` (file time) of a clip of `sourcePixels` pixels a frame, upright, grey and scaled
 * to w x h; null where it has none. As few ffmpeg as `PIXELS_AT_ONCE` allows, one after the other.
 */
export async function momentsAt(file: string, seconds: number[], sourcePixels: number, w: number, h: number) {
  const perCall = momentsPerCall(sourcePixels);
  const pictures: (Uint8Array | null)[] = [];
  for (let i = 0; i < seconds.length; i += perCall)
    pictures.push(...(await graysAt(file, seconds.slice(i, i + perCall), w, h)));
  return pictures;
}

const even = (v: number) => Math.max(2, 2 * Math.round(v / 2));

function changed(a: Uint8Array, b: Uint8Array) {
  let n = 0;
  for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i] - b[i]) > CHANGED_LEVEL) n += 1;
  // A runner a few pixels wide moving changes far more than this; a still picture changes none.
  return n >= Math.max(20, a.length * 0.0005);
}

/**
 * The dozen moments a clip's check looks at (a clip `w0` x `h0` upright, `duration` seconds long): their
 * pictures at the tracker's size, grey (null past the end), and each one's yard lines' x at its middle row.
 */
export async function momentsLooked(file: string, w0: number, h0: number, duration: number) {
  const k = Math.min(1, ANALYSIS_SIDE / Math.max(w0, h0));
  const [w, h] = [even(w0 * k), even(h0 * k)];
  const moments = Array.from({ length: MOMENTS }, (_, i) => ((i + 0.5) * duration) / MOMENTS);
  const pictures = await momentsAt(file, moments, w0 * h0, w, h);
  const lines = pictures.map((p) => (p ? detectLines(p, w, h).map((l) => l.a) : null));
  return { pictures, lines, w, h };
}

/** Reads what the checks need from a processed clip: its media facts and a dozen moments of its pictures. */
export async function clipFacts(
  db: Db,
  storage: Storage,
  video: typeof videos.$inferSelect,
): Promise<ClipFacts> {
  const none = { realFps: 0, seconds: 0, moments: 0, twoLines: 0, moving: null, cameraStill: null };
  const media = await ensureMedia(db, storage, video);
  if (media.status !== 'ready') return { unreadable: UNREADABLE, ...none };
  let timeline: ReturnType<typeof timelineOf>;
  try {
    timeline = timelineOf(media);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return {
      unreadable:
        'This clip was stored in slow motion or as a time-lapse in a way its real times cannot be read from. Upload the original file from the phone.',
      ...none,
    };
  }
  const { times } = timeline;
  const n = times.length;
  const lastFrame = n > 1 ? times[n - 1] - times[n - 2] : 0;
  const facts: ClipFacts = {
    unreadable: null,
    realFps: n > 1 ? realRate(times, 0, n - 1, new Set(timeline.repeats ?? [])) : 0,
    seconds: n > 0 ? times[n - 1] - times[0] + lastFrame : 0,
    moments: 0,
    twoLines: 0,
    moving: null,
    cameraStill: null,
  };
  const key = media.workingKey ?? video.storageKey;
  if (!key || !(media.durationSeconds && media.durationSeconds > 0)) return facts;
  const upright = media.rotation === 90 || media.rotation === 270;
  const [w0, h0] = upright ? [media.height ?? 0, media.width ?? 0] : [media.width ?? 0, media.height ?? 0];
  if (!(w0 > 0 && h0 > 0)) return facts;
  const duration = media.durationSeconds;
  return withLocalCopy(storage, key, async (file) => {
    let previous: Uint8Array | null = null;
    let moving: boolean | null = null;
    const { pictures, lines, w, h } = await momentsLooked(file, w0, h0, duration);
    for (const [i, picture] of pictures.entries()) {
      if (!picture) continue;
      facts.moments += 1;
      if ((lines[i]?.length ?? 0) >= 2) facts.twoLines += 1;
      if (previous) moving = moving === true || changed(previous, picture);
      previous = picture;
    }
    return { ...facts, moving, cameraStill: cameraStill(pictures, lines, w, h, duration / MOMENTS) };
  });
}
