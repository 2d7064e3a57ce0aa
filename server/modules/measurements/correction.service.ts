import { and, asc, eq } from 'drizzle-orm';
import { findAnalysisKind, kindOfResultField } from '../../../contract/analysis-kinds';
import type { MeasurementField } from '../../../contract/measurements';
import type { Tx } from '../../db/client';
import { analysisRequests, igaSubmetrics, leaderboard, submetrics, videos } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { recordLeaderboardResult } from '../leaderboard';
import { measuredValue } from './measure.service';
import { insertReceipt, storeReceiptStills } from './receipt.service';

const ONLY_COMPLETED_SPEED = 'Only a completed max-speed request can be corrected';

/** The kind whose result is the request's `maxSpeed`: what a correction changes and ranks again. */
const SPEED = kindOfResultField('maxSpeed');

/**
 * A correction of a completed Max Speed: a new receipt revision (earlier ones stay readable), the
 * request, its video and the player's leaderboard rows follow the new value.
 */
export async function correctMeasurement(
  app: FastifyInstance,
  analyst: UserRow,
  requestId: number,
  field: MeasurementField,
) {
  const [request] = await app.db.select().from(analysisRequests).where(eq(analysisRequests.id, requestId));
  if (!request) throw notFound('Analysis request not found');
  // A correction is a new revision of a measurement receipt.
  const kind = findAnalysisKind(request.requestType);
  if (request.status !== 'completed' || kind?.resultField !== 'maxSpeed')
    throw badRequest(ONLY_COMPLETED_SPEED);
  const m = await measuredValue(app.db, app.storage, field, request.playerId);
  // A tracked value keeps the window's drawn stills on its new revision too (issue 31).
  const stillKeys = await storeReceiptStills(app.storage, m);
  try {
    return await app.db.transaction(async (tx) => {
      const receipt = await insertReceipt(tx, {
        requestId,
        season: request.season,
        positionId: request.positionId,
        analyst,
        m,
        stillKeys,
      });
      const measured = {
        maxSpeed: m.maxSpeed,
        maxSpeedPlusMinus: m.result.plusMinus,
        methodLabel: m.result.methodLabel,
      };
      await tx
        .update(analysisRequests)
        .set({ ...measured, overrideReason: m.override?.reason ?? null, sourceVideoId: m.video.id })
        .where(eq(analysisRequests.id, requestId));
      await tx.update(videos).set(measured).where(eq(videos.analysisRequestId, requestId));
      const [ms] = await tx.select({ id: submetrics.id }).from(submetrics).where(eq(submetrics.key, 'MS'));
      if (ms) {
        await tx
          .update(igaSubmetrics)
          .set({ value: m.maxSpeed })
          .where(and(eq(igaSubmetrics.analysisRequestId, requestId), eq(igaSubmetrics.submetricId, ms.id)));
      }
      await recomputePlayerSpeed(tx, request.playerId);
      return receipt;
    });
  } catch (err) {
    await Promise.all(stillKeys.map((k) => app.storage.remove(k).catch(() => undefined)));
    throw err;
  }
}

/** A corrected value may be lower: the player's max-speed rows are rebuilt from their completed requests. */
export async function recomputePlayerSpeed(tx: Tx, playerId: number) {
  await tx
    .delete(leaderboard)
    .where(and(eq(leaderboard.playerId, playerId), eq(leaderboard.metricType, SPEED.leaderboardMetric)));
  const done = await tx
    .select()
    .from(analysisRequests)
    .where(
      and(
        eq(analysisRequests.playerId, playerId),
        eq(analysisRequests.requestType, SPEED.key),
        eq(analysisRequests.status, 'completed'),
      ),
    )
    .orderBy(asc(analysisRequests.completedAt), asc(analysisRequests.id));
  for (const r of done) await recordRequestSpeed(tx, r);
}

/** A verified max-speed request's value, bound and method onto the leaderboard. */
export async function recordRequestSpeed(tx: Tx, r: typeof analysisRequests.$inferSelect) {
  if (r.maxSpeed === null) return;
  await recordLeaderboardResult(tx, {
    playerId: r.playerId,
    metricType: SPEED.leaderboardMetric,
    value: r.maxSpeed,
    season: r.season,
    positionId: r.positionId,
    plusMinus: r.maxSpeedPlusMinus,
    methodLabel: r.methodLabel,
  });
}
