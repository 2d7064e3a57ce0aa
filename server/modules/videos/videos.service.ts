import { and, desc, eq } from 'drizzle-orm';
import { VIDEO_URL_TTL_SECONDS, type Video, type VideoList } from '../../../contract/videos';
import type { Db, DbOrTx } from '../../db/client';
import { positions, videos } from '../../db/schema';
import { enqueueJob } from '../../lib/jobs';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import type { UserRow } from '../../plugins/session';
import { viewablePlayer } from '../analysis/access';

type VideoRow = typeof videos.$inferSelect;
export const VIDEO_JOB = 'video.process';

export function toVideoDto(storage: Storage, v: VideoRow, positionKey: string | null): Video {
  return {
    id: v.id,
    playerId: v.playerId,
    url: v.status === 'ready' && v.storageKey ? storage.url(v.storageKey, VIDEO_URL_TTL_SECONDS) : null,
    thumbnail: v.thumbnail ? storage.url(v.thumbnail) : null,
    status: v.status,
    maxSpeed: v.maxSpeed,
    maxSpeedPlusMinus: v.maxSpeedPlusMinus,
    methodLabel: v.methodLabel,
    igaScore: v.igaScore,
    distance: v.distance,
    avgTransition: v.avgTransition,
    durationSeconds: v.durationSeconds,
    positionId: v.positionId,
    positionKey,
    season: v.season ?? v.createdAt.getFullYear(),
    analysisRequestId: v.analysisRequestId,
    createdAt: v.createdAt.toISOString(),
  };
}

export async function listVideos(db: Db, storage: Storage, user: UserRow, playerId: number): Promise<VideoList> {
  await viewablePlayer(db, user, playerId);
  const rows = await db
    .select({ v: videos, positionKey: positions.key })
    .from(videos)
    .leftJoin(positions, eq(positions.id, videos.positionId))
    .where(eq(videos.playerId, playerId))
    .orderBy(desc(videos.createdAt), desc(videos.id));
  const list = rows.map(({ v, positionKey }) => toVideoDto(storage, v, positionKey));
  const ready = list.filter((v) => v.status === 'ready');
  const best = (xs: (number | null)[]) => xs.reduce<number | null>((m, x) => (x !== null && (m === null || x > m) ? x : m), null);
  return {
    videos: list,
    stats: {
      highestSpeed: best(ready.map((v) => v.maxSpeed)),
      highestIgaScore: best(ready.map((v) => v.igaScore)),
      totalVideos: list.length,
      readyVideos: ready.length,
    },
  };
}

/** Checks the upload's player and position before any byte is stored (or after, when the fields came late). */
export async function checkUploadTarget(db: DbOrTx, user: UserRow, playerId: number, positionId: number | null) {
  const player = await viewablePlayer(db, user, playerId);
  // Analysts read every player to do their work, but a family's library holds only what the family (or an admin) adds.
  if (player.userId !== user.id && user.role !== 'admin') {
    throw forbidden("Only the player's family can upload videos to this library");
  }
  if (positionId !== null && positionId !== player.primaryPositionId && positionId !== player.secondaryPositionId) {
    throw badRequest("Position must be the player's primary or secondary position", {
      positionId: "Position must be the player's primary or secondary position",
    });
  }
  return player;
}

/** Records an uploaded file as pending and queues its processing in the same transaction. */
export async function recordUpload(db: Db, storage: Storage, input: { playerId: number; positionId: number | null; key: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(videos)
      .values({
        playerId: input.playerId,
        positionId: input.positionId,
        url: `/files/${input.key}`,
        storageKey: input.key,
        status: 'pending',
        season: new Date().getFullYear(),
      })
      .returning();
    await enqueueJob(tx, VIDEO_JOB, { videoId: row!.id });
    const [pos] = input.positionId
      ? await tx.select({ key: positions.key }).from(positions).where(eq(positions.id, input.positionId))
      : [];
    return toVideoDto(storage, row!, pos?.key ?? null);
  });
}

/** A video the user may watch, with its stored file. */
export async function viewableVideo(db: Db, user: UserRow, where: { id?: number; key?: string }) {
  const cond = where.id !== undefined ? eq(videos.id, where.id) : eq(videos.storageKey, where.key ?? '');
  const [video] = await db.select().from(videos).where(and(cond));
  if (!video || !video.storageKey) throw notFound('Video not found');
  await viewablePlayer(db, user, video.playerId).catch(() => {
    throw notFound('Video not found');
  });
  return video as VideoRow & { storageKey: string };
}

/** `/files/videos/x.mp4?expires=..` or `videos/x.mp4` -> `videos/x.mp4` */
export const keyFromPath = (p: string) => p.replace(/^https?:\/\/[^/]+/, '').replace(/^\/?files\//, '').replace(/^\//, '').split('?')[0] ?? '';
