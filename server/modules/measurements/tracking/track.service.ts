import { and, eq } from 'drizzle-orm';
import type { RefitTrackInput, StartTrackInput, Track, TrackResult } from '../../../../contract/tracking';
import type { Db } from '../../../db/client';
import { jobs } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/app-error';
import { enqueueLongJob, progressWriter } from '../../../lib/jobs';
import type { Storage } from '../../../lib/storage';
import { videoMedia, withUprightClip } from './job-clip';
import { confirmRadius, fitTrack, trackVerdict, type ClickNeeded, type Timing } from './fit-result';
import { trackClip, type RawTrack } from './track-clip';

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
  if (done && payload.failure) return { id: job.id, status: 'failed', progress: 1, error: payload.failure };
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
    const tracked = payload.raw.frames.find((f) => f.frameIndex === ask.frameIndex)!;
    const same = Math.hypot(click.x - tracked.x, click.y - tracked.y) <= confirmRadius(payload.raw, ask);
    if (ask.kind === 'confirm' && same) {
      const confirmed = [...(payload.confirmed ?? []), ask.frameIndex];
      const result = fitTrack(payload.raw, payload.timing);
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

/** The job: decode, find the lines, follow the player, fit; progress written as it goes. */
export function trackJobHandlers(db: Db, storage: Storage) {
  return {
    [TRACK_JOB]: async (raw: unknown, job: { id: number }) => {
      const payload = raw as TrackPayload;
      const progress = progressWriter(db, job.id, { ...payload }, 0.05);
      let timing: Timing | undefined;
      const track = await withUprightClip(db, storage, payload.videoId, (clip, timeline) => {
        timing = { frameTimes: timeline.times, fps: timeline.fps, vfr: timeline.vfr };
        const seconds = timeline.times.length ? timeline.times[timeline.times.length - 1] : undefined;
        // A question answered tracks the clip again from every click: the frames decoded for the track
        // before it are read again (decision 333).
        return trackClip({
          ...clip,
          reuse: `video ${payload.videoId} ${clip.key}`,
          seconds,
          seeds: payload.seeds,
          onProgress: progress.onProgress,
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
        result,
        ...settle(track, result, confirmed, payload.ended ?? []),
      };
      await db.update(jobs).set({ payload: done }).where(eq(jobs.id, job.id));
    },
  };
}
