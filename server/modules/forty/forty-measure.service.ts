import { eq } from 'drizzle-orm';
import { computeForty } from '../../../contract/forty-math';
import { fortyMeasurementSchema, type FortyMeasurement, type FortyPreview } from '../../../contract/forty';
import { MeasurementError } from '../../../contract/measurement-math';
import { QUALITY_REJECT_REASON } from '../../../contract/measurements';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { ensureMedia, readyMedia, timelineOf, withRepeats } from '../videos';

const NOT_THIS_PLAYER = "The video must be one of this player's library videos";

/** The one computation behind the workbench's live figures, the completion and the tests. */
export async function timeForty(db: Db, storage: Storage, input: FortyMeasurement, playerId?: number) {
  const [video] = await db.select().from(videos).where(eq(videos.id, input.videoId));
  if (!video) throw notFound('Video not found');
  if (playerId !== undefined && video.playerId !== playerId)
    throw badRequest(NOT_THIS_PLAYER, { videoId: NOT_THIS_PLAYER });
  const media = await withRepeats(db, storage, video, readyMedia(await ensureMedia(db, storage, video)));
  const timeline = timelineOf(media);
  try {
    const result: FortyPreview = { videoId: video.id, ...computeForty(timeline, input) };
    return { video, media, times: timeline.times, marks: input, result };
  } catch (err) {
    if (err instanceof MeasurementError) throw badRequest(err.message, { [err.field]: err.message });
    throw err;
  }
}
export type TimedForty = Awaited<ReturnType<typeof timeForty>>;

/** The completion's `measurement` part: JSON text checked against the contract. */
export function parseFortyField(text: string): FortyMeasurement {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('The measurement must be JSON: { videoId, startFrame, finishFrame, lines }', {
      measurement: 'The measurement must be JSON',
    });
  }
  const parsed = fortyMeasurementSchema.safeParse(json);
  if (!parsed.success) {
    const msg = parsed.error.issues[0].message;
    throw badRequest(msg, { measurement: msg });
  }
  return parsed.data;
}

/** A clip that cannot give a verified 40 is not stored: the analyst rejects it instead. */
export function assertVerifiable(t: TimedForty) {
  if (t.result.qualityProblems.length === 0) return;
  const msg = `${t.result.qualityProblems.join(' ')} Reject the request with the reason '${QUALITY_REJECT_REASON}'.`;
  throw badRequest(msg, { measurement: msg });
}
