import { eq } from 'drizzle-orm';
import { holdReasons } from '../../../contract/measurement-checks';
import {
  MeasurementError,
  computeMeasurement,
  roundTenth,
  statedSpeed,
} from '../../../contract/measurement-math';
import {
  OVERRIDE_REASON_REQUIRED,
  measurementFieldSchema,
  trackedFieldSchema,
  type MeasurementField,
  type MeasurementResult,
  type PreviewInput,
  type TrackedField,
} from '../../../contract/measurements';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { ensureMedia, readyMedia, timelineOf, withRepeats, type MediaRow } from '../videos';
import { finishedTrack } from './tracking/track.service';

export type VideoRow = typeof videos.$inferSelect;

async function videoById(db: Db, videoId: number) {
  const [video] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (!video) throw notFound('Video not found');
  return video;
}

/** The one computation behind the dialog's live figures, the complete call and the tests. */
export async function measure(db: Db, storage: Storage, input: PreviewInput, playerId?: number) {
  const video = await videoById(db, input.videoId);
  if (playerId !== undefined && video.playerId !== playerId) {
    throw badRequest("The video must be one of this player's library videos", {
      videoId: "The video must be one of this player's library videos",
    });
  }
  const media = await withRepeats(db, storage, video, readyMedia(await ensureMedia(db, storage, video)));
  try {
    const m = computeMeasurement(timelineOf(media), input.marks);
    const result: MeasurementResult = { videoId: video.id, landmark: input.landmark, ...m };
    return { video, media, result };
  } catch (err) {
    if (err instanceof MeasurementError) throw badRequest(err.message, { marks: err.message });
    throw err;
  }
}

/** The `measurement` multipart field: JSON text checked against the contract (marks, or a track). */
export function parseMeasurementField(text: string | undefined): MeasurementField | TrackedField {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw badRequest('The measurement must be JSON: { videoId, landmark, marks }', {
      measurement: 'The measurement must be JSON',
    });
  }
  if (json !== null && typeof json === 'object' && 'trackId' in json) {
    const tracked = trackedFieldSchema.safeParse(json);
    if (tracked.success) return tracked.data;
    const msg = tracked.error.issues[0].message;
    throw badRequest(msg, { measurement: msg });
  }
  const parsed = measurementFieldSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const msg = issue.path.includes('reason') ? OVERRIDE_REASON_REQUIRED : issue.message;
    throw badRequest(msg, { measurement: msg });
  }
  return parsed.data;
}

export interface MeasuredValue {
  video: VideoRow;
  media: MediaRow;
  result: MeasurementResult;
  maxSpeed: number;
  override: { maxSpeed: number; reason: string } | null;
  /** Why a second analyst confirms the value before it is shown as verified; empty when plausible. */
  held: string[];
}

/**
 * Turns a measurement into the value to store: the computed speed, or an override with its reason.
 * A video that cannot give a verified number is refused: the analyst rejects it instead.
 */
export async function measuredValue(
  db: Db,
  storage: Storage,
  field: MeasurementField | TrackedField,
  playerId: number,
  typed?: string,
): Promise<MeasuredValue> {
  if ('trackId' in field) return trackedValue(db, storage, field, playerId, typed);
  const { video, media, result } = await measure(db, storage, field, playerId);
  if (result.qualityProblems.length > 0) {
    const msg = `${result.qualityProblems.join(' ')} Reject the request with the reason 'Video quality too low'.`;
    throw badRequest(msg, { measurement: msg });
  }
  const override = field.override
    ? { maxSpeed: roundTenth(field.override.maxSpeed), reason: field.override.reason }
    : null;
  const maxSpeed = override?.maxSpeed ?? result.maxSpeed;
  if (typed !== undefined && typed.trim() !== '' && Math.abs(Number(typed) - maxSpeed) > 1e-9) {
    const msg = `Max Speed must be the measured ${result.maxSpeed.toFixed(1)} mph, or an override with a written reason`;
    throw badRequest(msg, { maxSpeed: msg });
  }
  const held = override ? holdReasons(override.maxSpeed, result.intervals) : result.holdReasons;
  return { video, media, result, maxSpeed, override, held };
}

/**
 * A tracked Max Speed (decision 210): the track's fitted value and bound. Its proposed crossings go
 * through the marks' computation too, so the receipt keeps intervals, the quality checks and the
 * plausibility holds of decision 198 apply, and a second analyst can compare with marks.
 */
async function trackedValue(
  db: Db,
  storage: Storage,
  field: TrackedField,
  playerId: number,
  typed?: string,
): Promise<MeasuredValue> {
  const track = await finishedTrack(db, field.trackId, field.videoId);
  const max = track.result.maxSpeed;
  if (!max) {
    const msg = `The track gives no Max Speed: ${track.result.problems.join('; ')}`;
    throw badRequest(msg, { measurement: msg });
  }
  // The track counts yards from the line behind the click; the marks need lines from 0 to 100.
  const lowest = Math.min(0, ...track.result.crossings.map((c) => c.yardLine));
  const shift = -lowest;
  const marks = track.result.crossings
    .map((c) => ({ frameIndex: c.frameIndex, yardLine: c.yardLine + shift }))
    .filter((m) => m.yardLine <= 100)
    .slice(0, 40);
  if (marks.length < 3) {
    const msg = 'The track crosses fewer than 3 yard lines: mark the crossings instead';
    throw badRequest(msg, { measurement: msg });
  }
  const { video, media, result } = await measure(
    db,
    storage,
    { videoId: field.videoId, landmark: 'front_foot', marks },
    playerId,
  );
  if (result.qualityProblems.length > 0) {
    const msg = `${result.qualityProblems.join(' ')} Reject the request with the reason 'Video quality too low'.`;
    throw badRequest(msg, { measurement: msg });
  }
  const stated = statedSpeed(max.mph, max.plusMinusMph);
  const mph = stated.mph;
  const first = marks[0].yardLine;
  const last = marks[marks.length - 1].yardLine;
  const tracked: MeasurementResult = {
    ...result,
    maxSpeed: mph,
    plusMinus: stated.plusMinus,
    methodLabel: track.result.method,
    profile: track.result.profile
      .map((p) => ({ yard: Math.round((p.yards + shift) * 10) / 10, mph: p.mph }))
      .filter((p, i) => i % 3 === 0 && p.yard >= first && p.yard <= last),
    window: {
      ...result.window,
      fromYard: max.fromYard + shift,
      toYard: max.toYard + shift,
      mph,
      plusMinus: stated.plusMinus,
    },
    tracked: { trackId: field.trackId, ...track },
  };
  if (typed !== undefined && typed.trim() !== '' && Math.abs(Number(typed) - mph) > 1e-9) {
    const msg = `Max Speed must be the tracked ${mph.toFixed(1)} mph`;
    throw badRequest(msg, { maxSpeed: msg });
  }
  return { video, media, result: tracked, maxSpeed: mph, override: null, held: result.holdReasons };
}
