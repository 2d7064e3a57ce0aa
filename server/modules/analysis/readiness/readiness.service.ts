import { eq } from 'drizzle-orm';
import { analysisKind } from '../../../../contract/analysis-kinds';
import {
  CLIP_STILL_CHECKING,
  clipKinds,
  clipNotReadyMessage,
  type ClipReadiness,
} from '../../../../contract/readiness';
import type { Db } from '../../../db/client';
import { videos } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { JobHandlers } from '../../../lib/jobs';
import type { Storage } from '../../../lib/storage';
import {
  READINESS_JOB,
  alreadyChecked,
  recordReadiness,
  readinessState,
  saveReadiness,
  type ReadinessPayload,
} from '../../videos';
import { clipFacts } from './clip-facts';
import { prepareClip } from './clip-preparations';
import { kindCheck } from './kind-checks';

/** Checks a processed clip for every kind measured from a clip (decision 247). */
async function checkClip(
  db: Db,
  storage: Storage,
  video: typeof videos.$inferSelect,
): Promise<ClipReadiness> {
  const facts = await clipFacts(db, storage, video);
  return {
    kinds: Object.fromEntries(
      clipKinds().map((k) => {
        const problems = kindCheck(k.key)(facts);
        return [k.key, { ready: problems.length === 0, problems }];
      }),
    ),
  };
}

/** The `readiness-check` job: the result is kept in the job's payload (no column of its own). */
export const readinessJobHandlers = (db: Db, storage: Storage): JobHandlers => ({
  [READINESS_JOB]: async (payload: ReadinessPayload, job) => {
    const [video] = await db.select().from(videos).where(eq(videos.id, payload.videoId));
    if (!video || video.status !== 'ready' || (await alreadyChecked(db, video.id))) return;
    const result = await checkClip(db, storage, video);
    await db.transaction(async (tx) => {
      await saveReadiness(tx, job.id, { videoId: video.id, result });
      await prepareClip(tx, video.id, result);
    });
  },
});

/**
 * The readiness of a request's clip for its kind, before any credit is looked at: a clip that cannot give
 * the kind's result is refused with 422 CLIP_NOT_READY and its problems. A clip whose check has not run yet
 * is checked now, in the request, as a clip stored before probing is probed when first measured; one still
 * being processed answers 409 and the web asks again.
 */
export async function assertClipReady(db: Db, storage: Storage, videoId: number, requestType: string) {
  if (!clipKinds().some((k) => k.key === requestType)) return;
  const [video] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (!video) return;
  if (video.status === 'pending') throw new AppError('CONFLICT', CLIP_STILL_CHECKING);
  const state = await readinessState(db, video);
  let readiness: ClipReadiness;
  if ('result' in state) readiness = state.result;
  else {
    readiness = await checkClip(db, storage, video);
    await db.transaction(async (tx) => {
      await recordReadiness(tx, video.id, readiness);
      await prepareClip(tx, video.id, readiness);
    });
  }
  const found = readiness.kinds[requestType];
  if (!found || found.ready) return;
  const err = new AppError('CLIP_NOT_READY', clipNotReadyMessage(analysisKind(requestType).label), {
    videoId: found.problems[0] ?? clipNotReadyMessage(analysisKind(requestType).label),
  });
  err.details = { problems: found.problems };
  throw err;
}
