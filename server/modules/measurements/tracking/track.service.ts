import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RefitTrackInput, StartTrackInput, Track, TrackResult } from '../../../../contract/tracking';
import type { Db, DbOrTx } from '../../../db/client';
import { jobs, videos } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/app-error';
import { enqueueJob, enqueueLongJob, newestVideoJob, progressWriter } from '../../../lib/jobs';
import type { Storage } from '../../../lib/storage';
import { videoMedia, withUprightClip } from './job-clip';
import {
  clickConfirms,
  familyAdvice,
  fitTrack,
  trackVerdict,
  type ClickNeeded,
  type Timing,
} from './fit-result';
import { prepareLines, trackClip, TRACKER, type PreparedLines, type RawTrack } from './track-clip';

/**
 * A track is a job of the queue (decision 210): its row holds the status, the attempts and the error, its
 * payload the request, the progress, the raw track and the fitted result. Completing a request copies the
 * result into the receipt, which is the lasting evidence.
 */
export const TRACK_JOB = 'track';

interface TrackPayload {
  videoId: number;
  seeds: StartTrackInput['seeds'];
  userId: number;
  progress: number;
  timing?: Timing;
  raw?: RawTrack;
  result?: TrackResult;
  corrections?: RefitTrackInput['corrections'];
  dropped?: RefitTrackInput['dropped'];
  /** Where the tracker stopped to ask for a click (status 'needs-click'). */
  needsClickAt?: ClickNeeded;
  /** Frames where a click confirmed the player tracked (another who looks the same ran beside him). */
  confirmed?: number[];
  /** Frames asked where the analyst answered that the player is not in view: the track ends there. */
  ended?: number[];
  /** Why the tracker cannot stand behind this track (status 'failed'; nothing can be stored from it). */
  failure?: string;
  /** Whether its last run read the clip's lines found at upload (decision 344). */
  linesAtUpload?: boolean;
}

/**
 * The clip's lens and every frame's yard lines, found when it is uploaded (decision 344): they need no click,
 * and a track reads them instead of finding them again after the analyst's click. Kept in the job's payload
 * (no table of their own: a track without them finds them itself, as before).
 */
export const TRACK_LINES_JOB = 'track-lines';

interface TrackLinesPayload {
  videoId: number;
  /** The stored file they were found on, and the tracker that found them: a track reads only its own. */
  key?: string;
  tracker?: string;
  /** Null where a track follows some of the clip's frames only (a fast or long clip: decision 301). */
  prepared?: PreparedLines | null;
}

/** Queues the finding of a clip's lines (in the caller's transaction). */
export const enqueueTrackLines = (db: DbOrTx, videoId: number) =>
  enqueueJob(db, TRACK_LINES_JOB, { videoId } satisfies TrackLinesPayload);

/**
 * Of these clips, the ones with no lines queued, being found or found by this tracker (decision 347): none was
 * ever queued, the job was purged with the finished jobs, or an older tracker found them (a track reads only
 * its own tracker's, decision 344). A job that failed counts as tried: it is not queued again every hour.
 */
export async function trackLinesMissing(db: DbOrTx, videoIds: number[]) {
  if (!videoIds.length) return [];
  const video = sql<string>`${jobs.payload}->>'videoId'`;
  const newest = await db
    .selectDistinctOn([video], {
      videoId: video,
      status: jobs.status,
      tracker: sql<string | null>`${jobs.payload}->>'tracker'`,
    })
    .from(jobs)
    .where(and(eq(jobs.type, TRACK_LINES_JOB), inArray(video, videoIds.map(String))))
    .orderBy(video, desc(jobs.id));
  const byVideo = new Map(newest.map((row) => [Number(row.videoId), row]));
  return videoIds.filter((id) => {
    const row = byVideo.get(id);
    return !row || (row.status === 'done' && row.tracker !== TRACKER.version);
  });
}

/** The lines found on the stored file `key` of a video by this tracker, if they were (else undefined). */
async function preparedLinesOf(db: Db, videoId: number, key: string) {
  const row = await newestVideoJob(db, TRACK_LINES_JOB, videoId);
  const found = row?.status === 'done' ? (row.payload as TrackLinesPayload) : undefined;
  return found?.prepared && found.key === key && found.tracker === TRACKER.version
    ? found.prepared
    : undefined;
}

const TRACK_NOT_FOUND = 'Track not found';
const SEED_OUTSIDE = 'The click must be on a frame of the video';

export async function startTrack(db: Db, storage: Storage, userId: number, input: StartTrackInput) {
  const { media } = await videoMedia(db, storage, input.videoId);
  if (input.seeds.some((s) => s.frameIndex >= media.frameCount))
    throw badRequest(SEED_OUTSIDE, { seeds: SEED_OUTSIDE });
  const payload: TrackPayload = { videoId: input.videoId, seeds: input.seeds, userId, progress: 0 };
  // At most 3 long jobs per user queued or running: a 429 past that (issue 50).
  const id = await enqueueLongJob(db, TRACK_JOB, userId, { ...payload });
  return { id, status: 'queued' as const };
}

async function trackRow(db: Db, id: number) {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.type, TRACK_JOB)));
  if (!job) throw notFound(TRACK_NOT_FOUND);
  return { job, payload: job.payload as TrackPayload };
}

export async function readTrack(db: Db, id: number): Promise<Track> {
  const { job, payload } = await trackRow(db, id);
  const done = job.status === 'done';
  if (done && payload.failure) {
    const advice = familyAdvice(payload.failure);
    return {
      id: job.id,
      status: 'failed',
      progress: 1,
      error: payload.failure,
      ...(advice ? { advice } : {}),
    };
  }
  // Between attempts a job is queued again; its last error is not the answer yet.
  return {
    id: job.id,
    status: done && payload.needsClickAt ? 'needs-click' : job.status,
    progress: done ? 1 : payload.progress,
    ...(job.status === 'failed' ? { error: job.lastError ?? 'Tracking failed' } : {}),
    ...(done && payload.needsClickAt ? { needsClickAt: payload.needsClickAt } : {}),
    ...(payload.result ? { result: payload.result } : {}),
  };
}

const settle = trackVerdict;

/** The clip's length (its last frame's time), or undefined for a clip without frames. */
const lastTime = (times: number[]) => (times.length ? times[times.length - 1] : undefined);

export async function refitTrack(db: Db, id: number, edits: RefitTrackInput) {
  const { job, payload } = await trackRow(db, id);
  if (job.status !== 'done' || !payload.raw || !payload.timing)
    throw conflict('The track is not finished yet: correct it once tracking is done');
  if (payload.failure) throw conflict(`The track failed: ${payload.failure}. Start a new one`);
  const known = new Set(payload.raw.frames.map((f) => f.frameIndex));
  const stray = [...edits.corrections.map((c) => c.frameIndex), ...edits.dropped].find((n) => !known.has(n));
  if (stray !== undefined)
    throw badRequest(`Frame ${stray} is not a frame of the video`, { corrections: SEED_OUTSIDE });
  // A frame the tracker did not follow (decision 301) has no yard lines to place a correction with.
  const skipped = new Set(payload.raw.frames.filter((f) => f.state === 'skipped').map((f) => f.frameIndex));
  const unfollowed = edits.corrections.find((c) => skipped.has(c.frameIndex));
  if (unfollowed) {
    const message = `Frame ${unfollowed.frameIndex} is not one the tracker followed (it follows this clip on every few frames): correct the player on a frame it followed`;
    throw badRequest(message, { corrections: message });
  }
  const ask = payload.needsClickAt;
  if (ask) {
    // The tracker stopped on a frame (issue 48): the click there confirms the player or resumes the track.
    const click = edits.corrections.find((c) => c.frameIndex === ask.frameIndex);
    if (!click && edits.dropped.includes(ask.frameIndex) && ask.kind === 'resume') {
      // 'The player is not in view here': the track ends where the doubt began.
      const ended = [...(payload.ended ?? []), ask.frameIndex];
      const result = payload.result ?? fitTrack(payload.raw, payload.timing);
      const next: TrackPayload = {
        ...payload,
        ended,
        ...settle(payload.raw, result, payload.confirmed ?? [], ended),
      };
      await db.update(jobs).set({ payload: next }).where(eq(jobs.id, id));
      return readTrack(db, id);
    }
    if (!click) {
      const message = `Click the player on frame ${ask.frameIndex} first: ${ask.reason}`;
      throw badRequest(message, { corrections: message });
    }
    // Judged where the fit places the player on that frame, as the workbench shows him (decision 367); the fit
    // is made once here, for a payload stored without its result, and used again below.
    const { raw, timing } = payload;
    let fitted: TrackResult | undefined;
    const fit = () => (fitted ??= fitTrack(raw, timing));
    const same = clickConfirms(payload.raw, payload.result ?? fit(), ask, click);
    if (ask.kind === 'confirm' && same) {
      const confirmed = [...(payload.confirmed ?? []), ask.frameIndex];
      const result = fit();
      const next: TrackPayload = {
        ...payload,
        result,
        confirmed,
        ...settle(payload.raw, result, confirmed, payload.ended ?? []),
      };
      await db.update(jobs).set({ payload: next }).where(eq(jobs.id, id));
      return readTrack(db, id);
    }
    // Track again from every click so far and this one (the job runs again; read it as before).
    const seeds = [...payload.seeds.filter((s) => s.frameIndex !== click.frameIndex), click].sort(
      (a, b) => a.frameIndex - b.frameIndex,
    );
    const next: TrackPayload = {
      videoId: payload.videoId,
      seeds,
      userId: payload.userId,
      progress: 0,
      confirmed: ask.kind === 'confirm' ? [ask.frameIndex] : payload.confirmed,
      ended: payload.ended,
    };
    await db
      .update(jobs)
      .set({
        payload: next,
        status: 'queued',
        attempts: 0,
        runAt: new Date(),
        lockedAt: null,
        lastError: null,
      })
      .where(eq(jobs.id, id));
    return readTrack(db, id);
  }
  const result = fitTrack(payload.raw, payload.timing, edits);
  const next: TrackPayload = {
    ...payload,
    result,
    corrections: edits.corrections,
    dropped: edits.dropped,
    ...settle(payload.raw, result, payload.confirmed ?? [], payload.ended ?? []),
  };
  await db.update(jobs).set({ payload: next }).where(eq(jobs.id, id));
  return readTrack(db, id);
}

/** Reads a finished track for the complete call: its result and what the receipt keeps of its making. */
export async function finishedTrack(db: Db, id: number, videoId: number) {
  const { job, payload } = await trackRow(db, id);
  if (payload.videoId !== videoId)
    throw badRequest('The track is of another video', { measurement: 'trackId' });
  if (job.status !== 'done' || !payload.result) throw conflict('The track is not finished yet');
  if (payload.failure) throw conflict(`The track failed: ${payload.failure}`);
  if (payload.needsClickAt)
    throw conflict(
      `The track waits for a click on frame ${payload.needsClickAt.frameIndex}: ${payload.needsClickAt.reason}`,
    );
  return {
    result: payload.result,
    seeds: payload.seeds,
    corrections: payload.corrections ?? [],
    dropped: payload.dropped ?? [],
  };
}

/**
 * The jobs: a track (decode, find the lines or read those found at upload, follow the player, fit; progress
 * written as it goes), and the finding of a clip's lines when it is uploaded.
 */
export function trackJobHandlers(db: Db, storage: Storage) {
  return {
    [TRACK_LINES_JOB]: async (raw: unknown, job: { id: number }) => {
      const payload = raw as TrackLinesPayload;
      const [video] = await db.select().from(videos).where(eq(videos.id, payload.videoId));
      if (video?.status !== 'ready') return;
      const found = await withUprightClip(db, storage, payload.videoId, async (clip, timeline) => ({
        key: clip.key,
        prepared: await prepareLines({ ...clip, seconds: lastTime(timeline.times) }),
      }));
      const done: TrackLinesPayload = { ...payload, ...found, tracker: TRACKER.version };
      await db.update(jobs).set({ payload: done }).where(eq(jobs.id, job.id));
    },
    [TRACK_JOB]: async (raw: unknown, job: { id: number }) => {
      const payload = raw as TrackPayload;
      const progress = progressWriter(db, job.id, { ...payload }, 0.05);
      let timing: Timing | undefined;
      let linesAtUpload = false;
      const track = await withUprightClip(db, storage, payload.videoId, async (clip, timeline) => {
        timing = { frameTimes: timeline.times, fps: timeline.fps, vfr: timeline.vfr };
        // A question answered tracks the clip again from every click: the frames decoded for the track
        // before it are read again (decision 333); a first track reads the lines found at upload.
        return trackClip({
          ...clip,
          reuse: `video ${payload.videoId} ${clip.key}`,
          seconds: lastTime(timeline.times),
          seeds: payload.seeds,
          onProgress: progress.onProgress,
          prepared: await preparedLinesOf(db, payload.videoId, clip.key),
          onPrepared: (used) => (linesAtUpload = used),
        });
      });
      const result = fitTrack(track, timing!);
      await progress.settled();
      const confirmed = payload.confirmed ?? [];
      const done: TrackPayload = {
        ...payload,
        progress: 1,
        timing,
        raw: track,
        linesAtUpload,
        result,
        ...settle(track, result, confirmed, payload.ended ?? []),
      };
      await db.update(jobs).set({ payload: done }).where(eq(jobs.id, job.id));
    },
  };
}
