import { eq } from 'drizzle-orm';
import { holdReasons } from '../../../contract/measurement-checks';
import { MeasurementError, computeMeasurement, roundTenth } from '../../../contract/measurement-math';
import {
  OVERRIDE_REASON_REQUIRED,
  measurementFieldSchema,
  type MeasurementField,
  type MeasurementResult,
  type PreviewInput,
} from '../../../contract/measurements';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { ensureMedia, readyMedia, timelineOf, withRepeats, type MediaRow } from '../videos';

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

/** The `measurement` multipart field: JSON text checked against the contract. */
export function parseMeasurementField(text: string | undefined): MeasurementField {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw badRequest('The measurement must be JSON: { videoId, landmark, marks }', {
      measurement: 'The measurement must be JSON',
    });
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
  field: MeasurementField,
  playerId: number,
  typed?: string,
): Promise<MeasuredValue> {
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
