import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Timeline } from '../../../contract/measurement-math';
import type { VideoMedia } from '../../../contract/measurements';
import type { DbOrTx } from '../../db/client';
import { videoMedia, videos } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { FfmpegError } from '../../lib/ffmpeg';
import {
  BROWSER_CODECS,
  fractionText,
  makeWorkingCopy,
  parseFraction,
  probeMedia,
  sha256File,
  type MediaFacts,
} from '../../lib/media-probe';
import { repeatedFrames } from '../../lib/repeated-frames';
import type { Storage } from '../../lib/storage';
import { withLocalCopy, withTempDir } from './video-files';

export type MediaRow = typeof videoMedia.$inferSelect;
const MEDIA_URL_TTL_SECONDS = 3600;
export const VIDEO_STILL_PROCESSING = 'The video is still being processed. Try again in a moment.';
const VIDEO_UNREADABLE =
  'This video could not be read frame by frame. Upload the original clip again, or reject the request.';

const sameTimeline = (a: MediaFacts, b: MediaFacts) => {
  if (a.frameTicks.length !== b.frameTicks.length) return false;
  // Both in seconds: the copy may use another time base.
  const sa = a.timeBase.num / a.timeBase.den;
  const sb = b.timeBase.num / b.timeBase.den;
  return a.frameTicks.every((t, i) => Math.abs(t * sa - b.frameTicks[i] * sb) < Math.min(sa, sb) + 1e-9);
};

/**
 * Probes a local video file and records what was read, making (and storing) an H.264 working copy
 * that keeps every frame and its time when the browser cannot decode the source. A file ffmpeg cannot
 * read is recorded as failed, with the reason.
 */
export async function ingestMedia(
  db: DbOrTx,
  storage: Storage,
  videoId: number,
  file: string,
): Promise<MediaRow> {
  const { sha256, size } = await sha256File(file);
  let row: typeof videoMedia.$inferInsert;
  let workingKey: string | null = null;
  try {
    const facts = await probeMedia(file);
    row = {
      videoId,
      status: 'ready',
      error: null,
      sha256,
      sizeBytes: size,
      container: facts.container,
      codec: facts.codec,
      width: facts.width,
      height: facts.height,
      rotation: facts.rotation,
      timeBase: fractionText(facts.timeBase),
      nominalFps: fractionText(facts.nominalFps),
      averageFps: fractionText(facts.averageFps),
      frameCount: facts.frameCount,
      durationSeconds: Math.round(facts.durationSeconds * 10_000) / 10_000,
      variableFrameRate: facts.variableFrameRate,
      frameTicks: facts.frameTicks,
      repeatedFrames: await repeatedFrames(file, facts.frameCount),
      captureFps: facts.captureFps,
    };
    if (!BROWSER_CODECS.has(facts.codec)) {
      const copy = await withTempDir(async (dir) => {
        const out = path.join(dir, 'working.mp4');
        await makeWorkingCopy(file, out, facts.timeBase);
        const copyFacts = await probeMedia(out);
        if (!sameTimeline(facts, copyFacts))
          throw new FfmpegError('The working copy did not keep every frame at its time');
        const hash = await sha256File(out);
        const key = `videos/${randomUUID()}-working.mp4`;
        await storage.put(key, createReadStream(out), 'video/mp4');
        return { key, sha256: hash.sha256, codec: copyFacts.codec };
      });
      workingKey = copy.key;
      Object.assign(row, { workingKey: copy.key, workingSha256: copy.sha256, workingCodec: copy.codec });
    }
  } catch (err) {
    if (!(err instanceof FfmpegError)) throw err;
    row = { videoId, status: 'failed', error: err.message, sha256, sizeBytes: size };
  }
  const [saved] = await db.insert(videoMedia).values(row).onConflictDoNothing().returning();
  if (saved) return saved;
  // Another worker recorded it first: keep theirs, drop our copy.
  if (workingKey) await storage.remove(workingKey).catch(() => undefined);
  const [existing] = await db.select().from(videoMedia).where(eq(videoMedia.videoId, videoId));
  return existing;
}

/** The media facts of a video, probing it now when it was stored before probing existed (demo clips). */
export async function ensureMedia(
  db: DbOrTx,
  storage: Storage,
  video: typeof videos.$inferSelect,
): Promise<MediaRow> {
  const [row] = await db.select().from(videoMedia).where(eq(videoMedia.videoId, video.id));
  if (row) return row;
  if (video.status === 'pending' || !video.storageKey) throw new AppError('CONFLICT', VIDEO_STILL_PROCESSING);
  if ((await storage.size(video.storageKey).catch(() => null)) === null)
    throw notFound('Video file not found');
  return withLocalCopy(storage, video.storageKey, (file) => ingestMedia(db, storage, video.id, file));
}

/** Presentation times in seconds from the first frame, as the file has them (what the browser seeks by). */
const fileTimes = (m: MediaRow) => {
  const tb = parseFraction(m.timeBase);
  return m.frameTicks.map((t) => (t * tb.num) / tb.den);
};

/** The rate a slow-motion clip was filmed at, when the file declares one faster than it is stored at. */
function slowMotionFps(m: MediaRow) {
  const stored = parseFraction(m.averageFps);
  const rate = stored.num / stored.den;
  return m.captureFps && rate > 0 && m.captureFps > 1.1 * rate ? m.captureFps : null;
}

const SLOW_MOTION_VARIABLE =
  'This clip was filmed in slow motion and stored at a varying rate, so real times cannot be read from it. Upload the original slow-motion file, or reject the request.';

/**
 * The timeline a measurement is computed on: real seconds. A clip filmed at 240 fps and stored at 30
 * plays 8 times slower than life; its times are scaled back by the declared capture rate (decision 198).
 */
export function timelineOf(m: MediaRow): Timeline {
  const fps = parseFraction(m.variableFrameRate ? m.averageFps : m.nominalFps);
  const capture = slowMotionFps(m);
  if (capture && m.variableFrameRate)
    throw badRequest(SLOW_MOTION_VARIABLE, { videoId: SLOW_MOTION_VARIABLE });
  const scale = capture ? fps.num / fps.den / capture : 1;
  return {
    times: fileTimes(m).map((t) => t * scale),
    fps,
    vfr: m.variableFrameRate,
    repeats: m.repeatedFrames ?? [],
    captureFps: capture,
  };
}

/** Videos whose frames could not be counted alike by decoding: not decoded again on every preview. */
const repeatsUnreadable = new Set<number>();

/** Media probed before repeated frames were read: read them once now, from the file. */
export async function withRepeats(
  db: DbOrTx,
  storage: Storage,
  video: typeof videos.$inferSelect,
  m: MediaRow,
) {
  if (m.status !== 'ready' || m.repeatedFrames !== null || repeatsUnreadable.has(m.videoId)) return m;
  const key = m.workingKey ?? video.storageKey;
  if (!key) return m;
  const found = await withLocalCopy(storage, key, (file) => repeatedFrames(file, m.frameCount));
  if (found === null) {
    repeatsUnreadable.add(m.videoId);
    return m;
  }
  const [row] = await db
    .update(videoMedia)
    .set({ repeatedFrames: found })
    .where(eq(videoMedia.videoId, m.videoId))
    .returning();
  return row ?? m;
}

export function readyMedia(m: MediaRow) {
  if (m.status !== 'ready') throw badRequest(VIDEO_UNREADABLE, { videoId: VIDEO_UNREADABLE });
  return m;
}

export function toMediaDto(storage: Storage, video: typeof videos.$inferSelect, m: MediaRow): VideoMedia {
  const workingKey = m.workingKey ?? video.storageKey;
  return {
    videoId: m.videoId,
    status: m.status,
    error: m.error,
    sha256: m.sha256,
    container: m.container,
    codec: m.codec,
    width: m.width,
    height: m.height,
    rotation: m.rotation,
    timeBase: m.timeBase,
    nominalFps: m.nominalFps,
    averageFps: m.averageFps,
    frameCount: m.frameCount,
    durationSeconds: m.durationSeconds,
    variableFrameRate: m.variableFrameRate,
    workingUrl: m.status === 'ready' && workingKey ? storage.url(workingKey, MEDIA_URL_TTL_SECONDS) : null,
    workingSha256: m.workingSha256 ?? m.sha256,
    workingCodec: m.workingCodec ?? m.codec,
    hasWorkingCopy: Boolean(m.workingKey),
    frameTimes: fileTimes(m),
  };
}
