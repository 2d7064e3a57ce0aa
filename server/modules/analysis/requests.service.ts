import { and, eq, sql } from 'drizzle-orm';
import type { IgaRequestInput, RequestType, SpeedRequestInput } from '../../../contract/analysis';
import type { Db, Tx } from '../../db/client';
import { analysisRequests, videos } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { UserRow } from '../../db/schema';
import { spendCredit } from '../credits';
import { ownPlayer, viewablePlayer } from '../players';
import { toRequestDto } from './to-dto';

type NewRequest = {
  requestType: RequestType;
  playerId: number;
  hudlUrl: string;
  season: number;
  positionId: number;
  startTime?: string;
  notes?: string;
  videoId?: number | null;
};

const VIDEO_NOT_IN_LIBRARY = "The video must be one of this player's library videos";

/**
 * Creates a request and spends one credit of its kind in the same transaction: without a credit
 * nothing is created, and concurrent requests can never spend more than the balance.
 */
async function createRequest(db: Db, user: UserRow, input: NewRequest) {
  return db.transaction(async (tx) => {
    const player = await ownPlayer(tx, user, input.playerId);
    if (input.positionId !== player.primaryPositionId && input.positionId !== player.secondaryPositionId) {
      throw badRequest("Position must be the player's primary or secondary position", {
        positionId: "Position must be the player's primary or secondary position",
      });
    }
    const [row] = await tx
      .insert(analysisRequests)
      .values({
        playerId: player.id,
        userId: user.id,
        hudlUrl: input.hudlUrl,
        startTime: input.startTime ?? null,
        season: input.season,
        positionId: input.positionId,
        requestType: input.requestType,
        metadata: input.notes ? { notes: input.notes } : null,
        sourceVideoId: input.videoId ? await libraryVideo(tx, player.id, input.videoId) : null,
      })
      .returning();
    await spendCredit(tx, user.id, input.requestType, { analysisRequestId: row.id });
    return toRequestDto(row);
  });
}

/** A video of the player's own library that can still be measured (not one that failed to read). */
async function libraryVideo(tx: Tx, playerId: number, videoId: number) {
  const [video] = await tx
    .select({ id: videos.id, status: videos.status })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.playerId, playerId)));
  if (!video || video.status === 'failed')
    throw badRequest(VIDEO_NOT_IN_LIBRARY, { videoId: VIDEO_NOT_IN_LIBRARY });
  return video.id;
}

export const createSpeedRequest = (db: Db, user: UserRow, body: SpeedRequestInput) =>
  createRequest(db, user, { ...body, requestType: 'max_speed' });

export const createIgaRequest = (db: Db, user: UserRow, body: IgaRequestInput) =>
  createRequest(db, user, { ...body, requestType: 'iga' });

export async function pendingCounts(db: Db, user: UserRow, playerId: number) {
  await viewablePlayer(db, user, playerId);
  const [row] = await db
    .select({
      speed: sql<number>`count(*) filter (where ${analysisRequests.requestType} = 'max_speed')`.mapWith(
        Number,
      ),
      iga: sql<number>`count(*) filter (where ${analysisRequests.requestType} = 'iga')`.mapWith(Number),
    })
    .from(analysisRequests)
    .where(and(eq(analysisRequests.playerId, playerId), eq(analysisRequests.status, 'pending')));
  const speed = row?.speed ?? 0;
  const iga = row?.iga ?? 0;
  const total = speed + iga;
  return { total, pendingCount: total, iga, igaPendingCount: iga, speed, speedPendingCount: speed };
}
