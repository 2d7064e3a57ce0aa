import { and, eq, sql } from 'drizzle-orm';
import { VIDEO_URL_TTL_SECONDS, type Video, type VideoList } from '../../../contract/videos';
import type { Db, DbOrTx } from '../../db/client';
import { columnsOf, preparedArrays } from '../../db/array-rows';
import { players, playerVideoStats, positions, videos } from '../../db/schema';
import { enqueueJob } from '../../lib/jobs';
import { decodeCursor, firstAndAfter, isTimeIdKey, toPage } from '../../lib/pagination';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import type { UserRow } from '../../db/schema';
import { assertReadable, canChangePlayer, changeablePlayer, positionKeys, viewablePlayer } from '../players';

type VideoRow = typeof videos.$inferSelect;
export const VIDEO_JOB = 'video.process';

/** The columns a video's answer is made of: what the library reads (not the file's path, size, error or update time). */
const LISTED = [
  'id',
  'playerId',
  'name',
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
    name: v.name,
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

/** The columns a video's answer is made of, read from the library's rows after the owner's fields. */
const listedColumns = columnsOf(videos, LISTED);
/** The owner's row carries the player's owner and the library's stats; each video's row, the listed columns. */
const OWNER_FIELDS = 5;
const CREATED = OWNER_FIELDS + listedColumns.indexOf('createdAt');
const ID = OWNER_FIELDS + listedColumns.indexOf('id');
/** The other kind of row's fields, left empty. */
const nulls = (n: number) => sql.raw(Array.from({ length: n }, () => 'null').join(', '));

/**
 * The library in one statement (decisions 215, 223): first a row of the player's owner, for the access check,
 * and the library's stats (kept by triggers, migration 0033), then the page's videos, newest first. A missing
 * player gives no owner row. The owner's fields travel once rather than on every video's row, and a video's
 * position key comes from the kept positions rather than a join: the page's cost is its rows.
 */
const libraryStatements = firstAndAfter(videos.createdAt, videos.id, 'desc', (cursor) =>
  preparedArrays<{ playerId: number; limit: number; at?: string; id?: number }>(sql`
    select * from (
      select p.user_id, s.highest_speed, s.highest_iga_score, coalesce(s.total_videos, 0),
        coalesce(s.ready_videos, 0), ${nulls(listedColumns.count)}
      from ${players} p left join ${playerVideoStats} s on s.player_id = p.id
      where p.id = ${sql.placeholder('playerId')}
      union all
      (select ${nulls(OWNER_FIELDS)}, ${listedColumns.select}
      from ${videos}
      where ${and(eq(videos.playerId, sql.placeholder('playerId')), cursor)}
      order by ${videos.createdAt} desc, ${videos.id} desc limit ${sql.placeholder('limit')})
    ) library
    order by ${sql.raw(String(CREATED + 1))} desc nulls first, ${sql.raw(String(ID + 1))} desc`),
);

/** One keyset page of a player's videos, newest first (decision 063); the stats always cover every video. */
export async function listVideos(
  db: Db,
  storage: Storage,
  user: UserRow,
  playerId: number,
  page: { cursor?: string; limit: number },
): Promise<{ body: VideoList; next: string | null }> {
  const after = decodeCursor(page.cursor, isTimeIdKey);
  const limit = page.limit + 1;
  const rows = after
    ? await libraryStatements.after(db)({ playerId, limit, at: after[0], id: after[1] })
    : await libraryStatements.first(db)({ playerId, limit });
  const owner = rows[0] && rows[0][CREATED] === null ? rows[0] : undefined;
  assertReadable(user, owner ? { userId: owner[0] as number } : undefined);
  const listed = rows.slice(1);
  // The creation time as PostgreSQL prints it (microseconds) is the cursor's key.
  const { items, next } = toPage(listed, page.limit, (r) => [r[CREATED] as string, Number(r[ID])]);
  const found = items.map((r) => listedColumns.read(r, OWNER_FIELDS));
  const keys = await positionKeys(
    db,
    found.map((v) => v.positionId),
  );
  const num = (v: unknown) => (v === null ? null : Number(v));
  return {
    next,
    body: {
      videos: found.map((v) =>
        toVideoDto(storage, v, v.positionId === null ? null : (keys.get(v.positionId) ?? null)),
      ),
      stats: {
        highestSpeed: num(owner![1]),
        highestIgaScore: num(owner![2]),
        totalVideos: Number(owner![3]),
        readyVideos: Number(owner![4]),
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
  input: { playerId: number; positionId: number | null; name: string | null; key: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(videos)
      .values({
        playerId: input.playerId,
        positionId: input.positionId,
        name: input.name,
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

const VIDEO_NOT_FOUND = 'Video not found';

/**
 * Names a clip (decision 259): the player's family or an admin. A clip the user may not even watch is 404, as a
 * missing one; one they only watch (an analyst) is 403.
 */
export async function renameVideo(
  db: Db,
  storage: Storage,
  user: UserRow,
  id: number,
  name: string,
): Promise<Video> {
  const [video] = await db.select({ playerId: videos.playerId }).from(videos).where(eq(videos.id, id));
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  const player = await viewablePlayer(db, user, video.playerId).catch(() => {
    throw notFound(VIDEO_NOT_FOUND);
  });
  if (!canChangePlayer(user, player)) throw forbidden("Only the player's family can rename its videos");
  const [row] = await db.update(videos).set({ name }).where(eq(videos.id, id)).returning();
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  const keys = await positionKeys(db, [row.positionId]);
  return toVideoDto(storage, row, row.positionId === null ? null : (keys.get(row.positionId) ?? null));
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
