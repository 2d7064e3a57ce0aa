import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { FrameChanges, Timeline } from '../../../contract/measurement-math';
import type { VideoMedia } from '../../../contract/measurements';
import type { DbOrTx } from '../../db/client';
import { players, videoMedia, videos } from '../../db/schema';
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
import { frameChanges } from '../../lib/repeated-frames';
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
  const known = await readBefore(db, videoId, sha256, size);
  if (known) return recordMedia(db, { ...known, videoId, createdAt: undefined });
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
      repeatedFrames: await frameChanges(file, facts, facts.frameCount, undefined, facts.frameTicks),
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
  // Another worker recorded it first: keep theirs, drop our copy.
  const dropCopy = async () => {
    if (workingKey) await storage.remove(workingKey).catch(() => undefined);
  };
  return recordMedia(db, row, dropCopy);
}

/** Records a video's reading; where another worker recorded one first, theirs (after `lost`). */
async function recordMedia(db: DbOrTx, row: typeof videoMedia.$inferInsert, lost?: () => Promise<void>) {
  const [saved] = await db.insert(videoMedia).values(row).onConflictDoNothing().returning();
  if (saved) return saved;
  await lost?.();
  const [existing] = await db.select().from(videoMedia).where(eq(videoMedia.videoId, row.videoId));
  return existing;
}

/**
 * Readings made whole at upload by the probe as it is now. An older row brought up to the current frame-change
 * rule by `withRepeats` keeps its old probe (before migration 0017 no capture rate was read, so a slow-motion clip
 * read then would be copied as one at normal speed): only rows read since this date are reused. A change to what
 * `probeMedia` reads moves it.
 */
const PROBE_CURRENT_SINCE = new Date('2026-12-05T00:00:00Z');

/**
 * What was read from the same bytes before in the same family (decision 340): the facts of a file are a function
 * of its bytes, so a clip the family uploads again (to another player, a second request, from a second phone)
 * is not probed and decoded again. Only the family's own readings are looked at: a reading of another family's
 * upload would make this one quicker, and so tell the uploader that someone else holds the same file. Only a
 * ready reading by the current frame-change rule that needed no working copy is reused (a working copy is a
 * stored file of its own video); anything else is read afresh.
 */
async function readBefore(db: DbOrTx, videoId: number, sha256: string, size: number) {
  const owner = db
    .select({ userId: players.userId })
    .from(videos)
    .innerJoin(players, eq(players.id, videos.playerId))
    .where(eq(videos.id, videoId));
  const rows = await db
    .select({ media: videoMedia })
    .from(videoMedia)
    .innerJoin(videos, eq(videos.id, videoMedia.videoId))
    .innerJoin(players, eq(players.id, videos.playerId))
    .where(
      and(
        eq(videoMedia.sha256, sha256),
        eq(videoMedia.sizeBytes, size),
        eq(videoMedia.status, 'ready'),
        isNull(videoMedia.workingKey),
        gte(videoMedia.createdAt, PROBE_CURRENT_SINCE),
        inArray(players.userId, owner),
      ),
    )
    .limit(5);
  return rows.map((r) => r.media).find((r) => currentFrameChanges(r) && BROWSER_CODECS.has(r.codec)) ?? null;
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

/** Rates a phone films at: a declared capture rate outside these is not believed. */
const CAPTURE_FPS_MIN = 0.1;
const CAPTURE_FPS_MAX = 1000;

/**
 * The rate a clip was filmed at when the file declares one other than the rate it is stored at (Android's
 * `com.android.capture.fps`): faster is slow motion, slower a time-lapse (issue 49). Null when the file
 * declares none or the same rate (within 10%).
 */
function captureRate(m: MediaRow) {
  const stored = parseFraction(m.averageFps);
  const rate = stored.den ? stored.num / stored.den : 0;
  if (!m.captureFps || !(rate > 0)) return null;
  if (m.captureFps <= 1.1 * rate && m.captureFps >= rate / 1.1) return null;
  return m.captureFps;
}

const CAPTURE_RATE_VARIABLE =
  'This clip was filmed in slow motion or as a time-lapse and stored at a varying rate, so real times cannot be read from it. Upload the original file, or reject the request.';
const CAPTURE_RATE_UNTRUSTED =
  'This clip declares a filming rate no phone films at, so real times cannot be read from it. Upload the original file, or reject the request.';

/** The frame changes as read by the current rule; null when not read, or read by the rule before decision 241. */
export function currentFrameChanges(m: Pick<MediaRow, 'repeatedFrames'>): FrameChanges | null {
  const stored = m.repeatedFrames;
  return stored && !Array.isArray(stored) && stored.rule === 3 ? stored : null;
}

/**
 * The timeline a measurement is computed on: real seconds. A clip filmed at 240 fps and stored at 30
 * plays 8 times slower than life; its times are scaled back by the declared capture rate (decision 198),
 * and a time-lapse filmed at 20 and stored at 30 is scaled forward the same way (issue 49).
 */
export function timelineOf(m: MediaRow): Timeline {
  const fps = parseFraction(m.variableFrameRate ? m.averageFps : m.nominalFps);
  if (m.captureFps !== null && !(m.captureFps >= CAPTURE_FPS_MIN && m.captureFps <= CAPTURE_FPS_MAX))
    throw badRequest(CAPTURE_RATE_UNTRUSTED, { videoId: CAPTURE_RATE_UNTRUSTED });
  const capture = captureRate(m);
  if (capture && m.variableFrameRate)
    throw badRequest(CAPTURE_RATE_VARIABLE, { videoId: CAPTURE_RATE_VARIABLE });
  const scale = capture ? fps.num / fps.den / capture : 1;
  const changes = currentFrameChanges(m);
  return {
    times: fileTimes(m).map((t) => t * scale),
    fps,
    vfr: m.variableFrameRate,
    repeats: changes?.repeats ?? [],
    // Frame changes that could not be read: any still frame may be a repeat of one (decision 241).
    quiet: changes?.quiet ?? [[1, Math.max(1, m.frameCount - 1)]],
    repeatRun: changes ? changes.repeatRun : 1,
    captureFps: capture,
  };
}

/** Videos whose frames could not be counted alike by decoding: not decoded again on every preview. */
const repeatsUnreadable = new Set<number>();

/** Media probed before the current rule for repeated frames (decision 241): read them once now, from the file. */
export async function withRepeats(
  db: DbOrTx,
  storage: Storage,
  video: typeof videos.$inferSelect,
  m: MediaRow,
) {
  if (m.status !== 'ready' || currentFrameChanges(m) !== null || repeatsUnreadable.has(m.videoId)) return m;
  const key = m.workingKey ?? video.storageKey;
  if (!key) return m;
  const found = await withLocalCopy(storage, key, (file) =>
    frameChanges(
      file,
      { width: m.width ?? 0, height: m.height ?? 0 },
      m.frameCount,
      undefined,
      m.frameTicks ?? undefined,
    ),
  );
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
