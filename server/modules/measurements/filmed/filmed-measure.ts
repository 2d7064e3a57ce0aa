import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MeasurementError, type Timeline } from '../../../../contract/measurement-math';
import { QUALITY_REJECT_REASON } from '../../../../contract/measurements';
import type { Db } from '../../../db/client';
import { videos } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/app-error';
import type { Storage } from '../../../lib/storage';
import { ensureMedia, readyMedia, timelineOf, withRepeats } from '../../videos';

const NOT_THIS_PLAYER = "The video must be one of this player's library videos";

/**
 * The measurement of a kind measured from a clip's frames (decision 263): its marks' schema and its math
 * (the kind's own) on the file's frame times, with the repeated frames of decision 241. One computation
 * behind the workbench's live figures, the completion and the tests.
 */
export function filmedMeasure<M extends { videoId: number }, R extends { qualityProblems: string[] }>(kind: {
  schema: z.ZodType<M>;
  /** The marks' fields, for the message of a measurement that is not JSON: '{ videoId, takeoffFrame, landingFrame }'. */
  fields: string;
  compute: (timeline: Timeline, marks: M) => R;
}) {
  async function measure(db: Db, storage: Storage, input: M, playerId?: number) {
    const [video] = await db.select().from(videos).where(eq(videos.id, input.videoId));
    if (!video) throw notFound('Video not found');
    if (playerId !== undefined && video.playerId !== playerId)
      throw badRequest(NOT_THIS_PLAYER, { videoId: NOT_THIS_PLAYER });
    const media = await withRepeats(db, storage, video, readyMedia(await ensureMedia(db, storage, video)));
    const timeline = timelineOf(media);
    try {
      const result = { videoId: video.id, ...kind.compute(timeline, input) };
      return { video, media, times: timeline.times, marks: input, result };
    } catch (err) {
      if (err instanceof MeasurementError) throw badRequest(err.message, { [err.field]: err.message });
      throw err;
    }
  }

  /** The completion's `measurement` part: JSON text checked against the contract. */
  function parseField(text: string): M {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badRequest(`The measurement must be JSON: ${kind.fields}`, {
        measurement: 'The measurement must be JSON',
      });
    }
    const parsed = kind.schema.safeParse(json);
    if (!parsed.success) {
      const msg = parsed.error.issues[0].message;
      throw badRequest(msg, { measurement: msg });
    }
    return parsed.data;
  }

  return { measure, parseField };
}

/** A clip that cannot give a verified result is not stored: the analyst rejects it instead. */
export function assertVerifiable(t: { result: { qualityProblems: string[] } }) {
  if (t.result.qualityProblems.length === 0) return;
  const msg = `${t.result.qualityProblems.join(' ')} Reject the request with the reason '${QUALITY_REJECT_REASON}'.`;
  throw badRequest(msg, { measurement: msg });
}
