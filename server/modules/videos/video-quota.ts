import { Transform } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  plans,
  players,
  subscriptions,
  users,
  videoMedia,
  videos,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { recordUpload } from './videos.service';

/** Plans give their videoStorageLimit in GB (binary, as VIDEO_MAX_BYTES's "2 GB"). */
export const GB = 1024 ** 3;

const gb = (bytes: number) => `${(bytes / GB).toFixed(bytes >= 10 * GB ? 0 : 1)} GB`;
const storageFull = (q: Quota) =>
  new AppError(
    'STORAGE_QUOTA_EXCEEDED',
    `Your video storage is full: ${gb(q.used)} of ${gb(q.limit)} used. Upgrade your plan for more storage.`,
  );
export const noRoomFor = (q: Quota, bytes?: number) =>
  new AppError(
    'STORAGE_QUOTA_EXCEEDED',
    `This video${bytes ? ` (${gb(bytes)})` : ''} does not fit in your video storage: ${gb(Math.max(0, q.limit - q.used))} of ${gb(q.limit)} is free. Upgrade your plan for more storage.`,
  );

export interface Quota {
  used: number;
  limit: number;
}

/**
 * A family's storage: the largest of the base allowance (families without a plan, decision 131) and the
 * videoStorageLimit of every running subscription; used = the bytes of every video in its players'
 * libraries, counted from the videos table (the probe's size for rows stored before sizes were kept).
 */
async function familyQuota(db: DbOrTx, familyId: number, baseBytes: number): Promise<Quota> {
  const [plan] = await db
    .select({ gb: sql<number | null>`max(${plans.videoStorageLimit})` })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(eq(subscriptions.userId, familyId), inArray(subscriptions.status, ACTIVE_SUBSCRIPTION_STATUSES)),
    );
  const [sum] = await db
    .select({
      bytes: sql<
        string | number
      >`coalesce(sum(coalesce(${videos.sizeBytes}, ${videoMedia.sizeBytes}, 0)), 0)`,
    })
    .from(videos)
    .innerJoin(players, eq(players.id, videos.playerId))
    .leftJoin(videoMedia, eq(videoMedia.videoId, videos.id))
    .where(eq(players.userId, familyId));
  return { used: Number(sum?.bytes ?? 0), limit: Math.max(baseBytes, Number(plan?.gb ?? 0) * GB) };
}

/** Before any byte is stored: a full family is refused at once; otherwise the bytes still free. */
export async function roomLeft(db: DbOrTx, familyId: number, baseBytes: number) {
  const q = await familyQuota(db, familyId, baseBytes);
  if (q.used >= q.limit) throw storageFull(q);
  return { free: q.limit - q.used, quota: q };
}

/** Passes bytes through until more than `max` went by, then fails with `err` (the store removes its partial file). */
export function capBytes(max: number, err: () => Error) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > max) cb(err());
      else cb(null, chunk);
    },
  });
}

/**
 * Records a stored upload only if it fits. The family's user row is locked first, so two uploads
 * finishing at once are counted one after the other: the second sees the first's row and is refused
 * (its file is then removed by the caller). On PGlite, which runs one query at a time, the lock is a no-op.
 */
export async function recordUploadWithinQuota(
  db: Db,
  storage: Storage,
  baseBytes: number,
  input: {
    familyId: number | null;
    playerId: number;
    positionId: number | null;
    name: string | null;
    key: string;
    size: number;
  },
) {
  return db.transaction(async (tx) => {
    if (input.familyId !== null) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, input.familyId)).for('update');
      const q = await familyQuota(tx, input.familyId, baseBytes);
      if (q.used + input.size > q.limit) throw noRoomFor(q, input.size);
    }
    // A savepoint inside this transaction: the row and its processing job commit with the lock held.
    const video = await recordUpload(tx, storage, input);
    await tx.update(videos).set({ sizeBytes: input.size }).where(eq(videos.id, video.id));
    return video;
  });
}
