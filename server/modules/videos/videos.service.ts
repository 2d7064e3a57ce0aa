import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { VIDEO_URL_TTL_SECONDS, type Video, type VideoList } from '../../../contract/videos';
import type { Db, DbOrTx } from '../../db/client';
import { players, playerVideoStats, positions, videos } from '../../db/schema';
import { enqueueJob } from '../../lib/jobs';
import { decodeCursor, isTimeIdKey, toPage } from '../../lib/pagination';
import { badRequest, notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import type { UserRow } from '../../db/schema';
import { assertReadable, changeablePlayer, viewablePlayer } from '../players';

type VideoRow = typeof videos.$inferSelect;
export const VIDEO_JOB = 'video.process';

/** The columns a video's answer is made of: what the library reads (not the file's path, size, error or update time). */
const LISTED = [
  'id',
  'playerId',
  'storageKey',
  'thumbnail',
  'status',
  'maxSpeed',
  'maxSpeedPlusMinus',
  'methodLabel',
  'igaScore',
  'distance',
  'avgTransition',
  'durationSeconds',
  'positionId',
  'season',
  'analysisRequestId',
  'createdAt',
  'removeAfter',
] as const satisfies readonly (keyof VideoRow)[];
type ListedVideo = Pick<VideoRow, (typeof LISTED)[number]>;

export function toVideoDto(storage: Storage, v: ListedVideo, positionKey: string | null): Video {
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

/**
 * The listed columns, to read them from a statement of our own as Drizzle would (each column's own
 * decoder), and the select list that names them (fewer fields per row: PGlite copies each one).
 */
const listedColumns = LISTED.map((key) => [key, getTableColumns(videos)[key]] as const);
const listedSelect = sql.raw(listedColumns.map(([, col]) => `v."${col.name}"`).join(', '));

function videoFromRow(raw: Record<string, unknown>): ListedVideo {
  const out: Record<string, unknown> = {};
  for (const [key, col] of listedColumns) {
    const value = raw[col.name];
    out[key] = value === null || value === undefined ? null : col.mapFromDriverValue(value);
  }
  return out as ListedVideo;
}

type LibraryRow = Record<string, unknown> & {
  x_owner: number;
  x_highest_speed: string | null;
  x_highest_iga: string | null;
  x_total: number;
  x_ready: number;
  x_position_key: string | null;
  x_at: string | null;
};

/**
 * One keyset page of a player's videos, newest first (decision 063); the stats always cover every video.
 * One statement (decision 215): the player's owner for the access check, the library's stats (kept by triggers,
 * migration 0033) and the page, so a library answers in one round trip whatever its size; a missing player
 * gives no row.
 */
export async function listVideos(
  db: Db,
  storage: Storage,
  user: UserRow,
  playerId: number,
  page: { cursor?: string; limit: number },
): Promise<{ body: VideoList; next: string | null }> {
  const after = decodeCursor(page.cursor, isTimeIdKey);
  const cursor = after ? sql`and (v.created_at, v.id) < (${after[0]}::timestamptz, ${after[1]})` : sql``;
  const result = await db.execute<LibraryRow>(sql`
    with owner as (
      select p.user_id as x_owner, s.highest_speed as x_highest_speed, s.highest_iga_score as x_highest_iga,
        coalesce(s.total_videos, 0) as x_total, coalesce(s.ready_videos, 0) as x_ready
      from ${players} p left join ${playerVideoStats} s on s.player_id = p.id where p.id = ${playerId}),
    page as (
      select ${listedSelect}, pos.key as x_position_key, v.created_at::text as x_at
      from ${videos} v left join ${positions} pos on pos.id = v.position_id
      where v.player_id = ${playerId} ${cursor}
      order by v.created_at desc, v.id desc limit ${page.limit + 1})
    select owner.*, page.* from owner left join page on true
    order by page.created_at desc, page.id desc`);
  const rows = result.rows;
  assertReadable(user, rows[0] ? { userId: rows[0].x_owner } : undefined);
  const listed = rows.filter((r) => r.x_at !== null);
  const { items, next } = toPage(listed, page.limit, (r) => [r.x_at!, Number(r.id)]);
  const stats = rows[0];
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return {
    next,
    body: {
      videos: items.map((r) => toVideoDto(storage, videoFromRow(r), r.x_position_key)),
      stats: {
        highestSpeed: num(stats.x_highest_speed),
        highestIgaScore: num(stats.x_highest_iga),
        totalVideos: stats.x_total,
        readyVideos: stats.x_ready,
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
