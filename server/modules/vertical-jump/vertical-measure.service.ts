import { eq } from 'drizzle-orm';
import { MeasurementError } from '../../../contract/measurement-math';
import { QUALITY_REJECT_REASON } from '../../../contract/measurements';
import { computeVertical } from '../../../contract/vertical-jump-math';
import {
  verticalMeasurementSchema,
  type VerticalMeasurement,
  type VerticalPreview,
} from '../../../contract/vertical-jump';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { ensureMedia, readyMedia, timelineOf, withRepeats } from '../videos';

const NOT_THIS_PLAYER = "The video must be one of this player's library videos";

/**
 * The one computation behind the workbench's live figures, the completion and the tests: the file's frame
 * times (with the repeated frames of decision 241) and the two marks give the height and its bound.
 */
export async function timeVertical(db: Db, storage: Storage, input: VerticalMeasurement, playerId?: number) {
  const [video] = await db.select().from(videos).where(eq(videos.id, input.videoId));
  if (!video) throw notFound('Video not found');
  if (playerId !== undefined && video.playerId !== playerId)
    throw badRequest(NOT_THIS_PLAYER, { videoId: NOT_THIS_PLAYER });
  const media = await withRepeats(db, storage, video, readyMedia(await ensureMedia(db, storage, video)));
  const timeline = timelineOf(media);
  try {
    const result: VerticalPreview = { videoId: video.id, ...computeVertical(timeline, input) };
    return { video, media, times: timeline.times, marks: input, result };
  } catch (err) {
    if (err instanceof MeasurementError) throw badRequest(err.message, { [err.field]: err.message });
    throw err;
  }
}
export type TimedVertical = Awaited<ReturnType<typeof timeVertical>>;

/** The completion's `measurement` part: JSON text checked against the contract. */
export function parseVerticalField(text: string): VerticalMeasurement {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('The measurement must be JSON: { videoId, takeoffFrame, landingFrame }', {
      measurement: 'The measurement must be JSON',
    });
  }
  const parsed = verticalMeasurementSchema.safeParse(json);
  if (!parsed.success) {
    const msg = parsed.error.issues[0].message;
    throw badRequest(msg, { measurement: msg });
  }
  return parsed.data;
}

/** A clip that cannot give a verified vertical jump is not stored: the analyst rejects it instead. */
export function assertVerifiable(t: TimedVertical) {
  if (t.result.qualityProblems.length === 0) return;
  const msg = `${t.result.qualityProblems.join(' ')} Reject the request with the reason '${QUALITY_REJECT_REASON}'.`;
  throw badRequest(msg, { measurement: msg });
}
