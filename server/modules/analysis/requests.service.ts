import { and, eq, sql } from 'drizzle-orm';
import type { PendingRequests } from '../../../contract/analysis';
import type { AnalysisRequestBody, IgaRequestInput } from '../../../contract/analysis-forms';
import { analysisKinds, kindOfResultField } from '../../../contract/analysis-kinds';
import type { Db, Tx } from '../../db/client';
import { analysisRequests, videos } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import type { UserRow } from '../../db/schema';
import { spendCredit } from '../credits';
import { ownPlayer, viewablePlayer } from '../players';
import { prepareQueuedClips } from './readiness/clip-preparations';
import { assertClipReady } from './readiness/readiness.service';
import { toRequestDto } from './to-dto';

const VIDEO_NOT_IN_LIBRARY = "The video must be one of this player's library videos";

/**
 * Creates a request and spends one credit of its kind in the same transaction: without a credit
 * nothing is created, and concurrent requests can never spend more than the balance.
 */
export async function createAnalysisRequest(
  db: Db,
  storage: Storage,
  user: UserRow,
  input: AnalysisRequestBody,
) {
  // The clip is judged before the balance (decision 247): a family is never sent to buy a credit for a
  // clip that cannot be measured. Only the family's own player's clip is looked at.
  if (input.videoId) {
    const player = await ownPlayer(db, user, input.playerId);
    await libraryVideo(db, player.id, input.videoId);
    await assertClipReady(db, storage, input.videoId, input.requestType);
  }
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
    // A clip uploaded before its kind prepared clips, or prepared by an older version, is prepared now, before
    // an analyst opens the request (decision 347).
    if (row.sourceVideoId) await prepareQueuedClips(tx, [row.sourceVideoId]);
    return toRequestDto(row);
  });
}

/** A video of the player's own library that can still be measured (not one that failed to read). */
async function libraryVideo(tx: Tx | Db, playerId: number, videoId: number) {
  const [video] = await tx
    .select({ id: videos.id, status: videos.status })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.playerId, playerId)));
  if (!video || video.status === 'failed')
    throw badRequest(VIDEO_NOT_IN_LIBRARY, { videoId: VIDEO_NOT_IN_LIBRARY });
  return video.id;
}

export const createIgaRequest = (db: Db, storage: Storage, user: UserRow, body: IgaRequestInput) =>
  createAnalysisRequest(db, storage, user, { ...body, requestType: kindOfResultField('igaScore').key });

/** Pending requests of a player, per kind, under the specification's field names (`speed`, `iga`, ...). */
export async function pendingCounts(db: Db, user: UserRow, playerId: number) {
  await viewablePlayer(db, user, playerId);
  const rows = await db
    .select({ type: analysisRequests.requestType, n: sql<number>`count(*)`.mapWith(Number) })
    .from(analysisRequests)
    .where(and(eq(analysisRequests.playerId, playerId), eq(analysisRequests.status, 'pending')))
    .groupBy(analysisRequests.requestType);
  const counts: Record<string, number> = {};
  const byKind: Record<string, number> = {};
  let total = 0;
  for (const kind of analysisKinds()) {
    const n = rows.find((r) => r.type === kind.key)?.n ?? 0;
    total += n;
    byKind[kind.key] = n;
    for (const field of kind.pendingFields ?? []) counts[field] = n;
  }
  return { total, pendingCount: total, ...counts, byKind } as PendingRequests;
}
