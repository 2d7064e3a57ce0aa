import { and, desc, eq, sql } from 'drizzle-orm';
import { VIDEO_URL_TTL_SECONDS, type Video, type VideoList } from '../../../contract/videos';
import type { Db, DbOrTx } from '../../db/client';
import { positions, videos } from '../../db/schema';
import { enqueueJob } from '../../lib/jobs';
import { afterTimeId, decodeCursor, exactTime, isTimeIdKey, toPage } from '../../lib/pagination';
import { badRequest, notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import type { UserRow } from '../../db/schema';
import { changeablePlayer, viewablePlayer } from '../players';

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
    removeOn: v.removeAfter ? v.removeAfter.toISOString() : null,
  };
}

/** One keyset page of a player's videos, newest first (decision 063); the stats always cover every video. */
export async function listVideos(
  db: Db,
  storage: Storage,
  user: UserRow,
  playerId: number,
  page: { cursor?: string; limit: number },
): Promise<{ body: VideoList; next: string | null }> {
  await viewablePlayer(db, user, playerId);
  const after = decodeCursor(page.cursor, isTimeIdKey);
  const rows = await db
    .select({ v: videos, positionKey: positions.key, at: exactTime(videos.createdAt) })
    .from(videos)
    .leftJoin(positions, eq(positions.id, videos.positionId))
    .where(and(eq(videos.playerId, playerId), afterTimeId(videos.createdAt, videos.id, after, 'desc')))
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(page.limit + 1);
  const { items, next } = toPage(rows, page.limit, (r) => [r.at, r.v.id]);
  const ready = sql`${videos.status} = 'ready'`;
  const [stats] = await db
    .select({
      highestSpeed: sql<string | null>`max(${videos.maxSpeed}) filter (where ${ready})`,
      highestIgaScore: sql<string | null>`max(${videos.igaScore}) filter (where ${ready})`,
      totalVideos: sql<number>`count(*)::int`,
      readyVideos: sql<number>`(count(*) filter (where ${ready}))::int`,
    })
    .from(videos)
    .where(eq(videos.playerId, playerId));
  const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    next,
    body: {
      videos: items.map(({ v, positionKey }) => toVideoDto(storage, v, positionKey)),
      stats: {
        highestSpeed: num(stats?.highestSpeed),
        highestIgaScore: num(stats?.highestIgaScore),
        totalVideos: stats?.totalVideos ?? 0,
        readyVideos: stats?.readyVideos ?? 0,
      },
    },
  };
}

/** Checks the upload's player and position before any byte is stored (or after, when the fields came late). */
export async function checkUploadTarget(
  db: DbOrTx,
  user: UserRow,
  playerId: number,
  positionId: number | null,
) {
  // Analysts read every player to do their work, but a family's library holds only what the family (or an admin) adds.
  const player = await changeablePlayer(
    db,
    user,
    playerId,
    "Only the player's family can upload videos to this library",
  );
  if (
    positionId !== null &&
    positionId !== player.primaryPositionId &&
    positionId !== player.secondaryPositionId
  ) {
    throw badRequest("Position must be the player's primary or secondary position", {
      positionId: "Position must be the player's primary or secondary position",
    });
  }
  return player;
}

/** Records an uploaded file as pending and queues its processing in the same transaction. */
export async function recordUpload(
  db: Db,
  storage: Storage,
  input: { playerId: number; positionId: number | null; key: string },
) {
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
    await enqueueJob(tx, VIDEO_JOB, { videoId: row.id });
    const [pos] = input.positionId
      ? await tx.select({ key: positions.key }).from(positions).where(eq(positions.id, input.positionId))
      : [];
    return toVideoDto(storage, row, pos?.key ?? null);
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
export const keyFromPath = (p: string) =>
  p
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/^\/?files\//, '')
    .replace(/^\//, '')
    .split('?')[0] ?? '';
