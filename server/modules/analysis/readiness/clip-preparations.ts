import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ClipReadiness } from '../../../../contract/readiness';
import type { DbOrTx } from '../../../db/client';
import { analysisRequests, videos } from '../../../db/schema';
import { inQueue } from '../queue.service';

/**
 * Work a kind can do on a clip before anyone asks for its result (decision 344), registered by the kind's
 * module as its clip check is: queued once the clip is found ready for the kind, so an analyst's request
 * later reads it instead of waiting for it.
 */
export type ClipPreparation = (db: DbOrTx, videoId: number) => Promise<unknown>;

/**
 * Of these clips, the ones whose preparation is neither queued, running nor current (decision 347): none was
 * ever queued (a clip uploaded before the kind had one), it was purged with the finished jobs, or an older
 * version of the kind's code made it (a release). A preparation that failed is not among them: it is not
 * tried again every hour.
 */
export type PreparationMissing = (db: DbOrTx, videoIds: number[]) => Promise<number[]>;

const preparations = new Map<string, { prepare: ClipPreparation; missing?: PreparationMissing }>();

/**
 * A kind's preparation of a clip ready for it; with `missing`, the clips of its requests in the analysts'
 * queue get it again where they lack it (`prepareQueuedClips`). Answers its removal.
 */
export function registerClipPreparation(
  key: string,
  prepare: ClipPreparation,
  missing?: PreparationMissing,
): () => void {
  if (preparations.has(key)) throw new Error(`Analysis kind '${key}' already has a clip preparation`);
  preparations.set(key, { prepare, missing });
  return () => preparations.delete(key);
}

/**
 * Queues the preparations of the kinds a clip was found ready for (in the caller's transaction), where the
 * kind says it is missing: a clip checked again (decision 350) keeps what its first check prepared.
 */
export async function prepareClip(db: DbOrTx, videoId: number, readiness: ClipReadiness) {
  for (const [key, kind] of Object.entries(readiness.kinds)) {
    const prepared = preparations.get(key);
    if (!kind.ready || !prepared) continue;
    if (prepared.missing && (await prepared.missing(db, [videoId])).length === 0) continue;
    await prepared.prepare(db, videoId);
  }
}

/**
 * The clips of the requests in the analysts' queue (pending, or held for an analyst by the re-check) get their
 * kind's preparation where it is missing (decision 347), so the analyst's first track reads it: a request made
 * on a clip uploaded before its kind had one, a clip whose preparation was purged with the finished jobs
 * (`RETENTION_JOB_DAYS`) while its request waited, or every queued clip after a release that changed the
 * kind's code. Run when a request is made on a library clip (`videoIds`: that clip), and by the hourly
 * housekeeping of every instance (all of the queue). Answers how many preparations it queued.
 */
export async function prepareQueuedClips(db: DbOrTx, videoIds?: number[]) {
  const kinds = [...preparations].filter(([, p]) => p.missing);
  if (!kinds.length || videoIds?.length === 0) return 0;
  const r = analysisRequests;
  const rows = await db
    .selectDistinct({ videoId: r.sourceVideoId, kind: r.requestType })
    .from(r)
    .innerJoin(videos, eq(videos.id, r.sourceVideoId))
    .where(
      and(
        inQueue,
        isNotNull(r.sourceVideoId),
        eq(videos.status, 'ready'),
        inArray(
          r.requestType,
          kinds.map(([key]) => key),
        ),
        videoIds ? inArray(r.sourceVideoId, videoIds) : undefined,
      ),
    );
  let queued = 0;
  for (const [key, { prepare, missing }] of kinds) {
    const ids = [...new Set(rows.filter((row) => row.kind === key).map((row) => row.videoId!))];
    if (!ids.length) continue;
    for (const id of await missing!(db, ids)) {
      await prepare(db, id);
      queued += 1;
    }
  }
  return queued;
}
