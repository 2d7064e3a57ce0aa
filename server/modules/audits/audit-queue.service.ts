import { randomInt } from 'node:crypto';
import { and, asc, eq, ne, or, isNull } from 'drizzle-orm';
import { findAnalysisKind } from '../../../contract/analysis-kinds';
import type { AuditItem } from '../../../contract/audits';
import type { Db } from '../../db/client';
import { analysisRequests, measurementAudits, players, positions } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { latestReceipt } from '../measurements';
import { auditRatePercent } from './audit-settings';

/**
 * After a max-speed request completes (or is held) with a receipt: with the admin's probability (always
 * when held) it goes back to the queue as an audit that its own analyst can never take (decision 115). `draw` is for tests.
 */
export async function maybeQueueAudit(
  db: Db,
  requestId: number,
  draw: () => number = () => randomInt(0, 10_000) / 100,
) {
  const [r] = await db.select().from(analysisRequests).where(eq(analysisRequests.id, requestId));
  if (
    !r ||
    (r.status !== 'completed' && r.status !== 'held') ||
    findAnalysisKind(r.requestType)?.resultField !== 'maxSpeed' ||
    r.maxSpeed === null
  )
    return null;
  const receipt = await latestReceipt(db, requestId);
  if (!receipt) return null;
  // A held result always gets its second analyst (decision 198); others by the admin's rate.
  if (r.status !== 'held' && draw() >= (await auditRatePercent(db))) return null;
  const [audit] = await db
    .insert(measurementAudits)
    .values({
      requestId,
      excludedAnalystId: r.analystId ?? receipt.analystId,
      originalReceiptId: receipt.id,
      originalSpeed: r.maxSpeed,
      originalPlusMinus: r.maxSpeedPlusMinus ?? receipt.plusMinus,
    })
    .onConflictDoNothing()
    .returning();
  return audit ?? null;
}

/** Pending audits this analyst may take: never one of their own results. Nothing of the first result is sent. */
export async function auditQueue(db: Db, user: UserRow): Promise<AuditItem[]> {
  const rows = await db
    .select({ a: measurementAudits, r: analysisRequests, p: players, positionName: positions.name })
    .from(measurementAudits)
    .innerJoin(analysisRequests, eq(analysisRequests.id, measurementAudits.requestId))
    .innerJoin(players, eq(players.id, analysisRequests.playerId))
    .leftJoin(positions, eq(positions.id, analysisRequests.positionId))
    .where(
      and(
        eq(measurementAudits.status, 'pending'),
        or(isNull(measurementAudits.excludedAnalystId), ne(measurementAudits.excludedAnalystId, user.id)),
      ),
    )
    .orderBy(asc(measurementAudits.createdAt), asc(measurementAudits.id))
    .limit(200);
  return rows.map(({ a, r, p, positionName }) => ({
    auditId: a.id,
    id: r.id,
    requestType: r.requestType,
    season: r.season,
    status: r.status,
    createdAt: a.createdAt.toISOString(),
    playerId: p.id,
    playerFirstName: p.firstName,
    playerLastName: p.lastName,
    playerLevel: p.level,
    positionId: r.positionId,
    positionName: positionName ?? null,
    hudlUrl: r.hudlUrl,
    startTime: r.startTime,
    notes: null,
    sourceVideoId: r.sourceVideoId,
  }));
}
