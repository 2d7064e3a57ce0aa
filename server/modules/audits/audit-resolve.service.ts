import { and, eq, inArray } from 'drizzle-orm';
import type { Audit } from '../../../contract/audits';
import type { Db } from '../../db/client';
import { analysisRequests, igaSubmetrics, measurementAudits, submetrics, videos } from '../../db/schema';
import { conflict } from '../../lib/app-error';
import type { UserRow } from '../../db/schema';
import {
  insertReceiptRevision,
  latestReceipt,
  recomputePlayerSpeed,
  releaseHeld,
  type ReceiptData,
} from '../measurements';
import { auditById, toAudit } from './audit-submit.service';

const ONLY_FLAGGED = 'Only a flagged audit waits for an admin to confirm a result';

/**
 * An admin confirms one of two disagreeing results. Confirming the audit makes it the request's value:
 * a new receipt revision from the audit's marks, and the request, its video and the leaderboard follow.
 */
export async function resolveAudit(
  db: Db,
  admin: UserRow,
  auditId: number,
  confirmed: 'original' | 'audit',
): Promise<Audit> {
  const a = await auditById(db, auditId);
  if (a.status !== 'flagged') throw conflict(ONLY_FLAGGED);
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(measurementAudits)
      .set({ status: 'resolved', confirmed, resolvedBy: admin.id, resolvedAt: new Date() })
      .where(and(eq(measurementAudits.id, auditId), eq(measurementAudits.status, 'flagged')))
      .returning();
    if (!row) throw conflict(ONLY_FLAGGED);
    if (confirmed === 'audit') await applyAuditResult(tx, row);
    // Either result, once an admin confirmed it, is verified: a held request is released (decision 198).
    await releaseHeld(tx, row.requestId);
    return row;
  });
  return toAudit(db, done);
}

async function applyAuditResult(tx: Db, a: typeof measurementAudits.$inferSelect) {
  const prev = await latestReceipt(tx, a.requestId);
  const audit = a.auditData as Pick<ReceiptData, 'landmark' | 'measurement' | 'override'> & {
    videoId: number;
  };
  const base = (prev?.data ?? {}) as ReceiptData;
  const data: ReceiptData = {
    ...base,
    landmark: audit.landmark,
    measurement: audit.measurement,
    override: audit.override,
    video: { ...base.video, videoId: audit.videoId },
  };
  await insertReceiptRevision(tx, {
    requestId: a.requestId,
    videoId: audit.videoId,
    analystId: a.auditorId,
    analystName: a.auditorName ?? 'Second analyst',
    maxSpeed: a.auditSpeed!,
    plusMinus: a.auditPlusMinus!,
    methodLabel: a.auditMethodLabel ?? '',
    overrideReason: audit.override?.reason ?? null,
    data,
    stillKeys: a.auditStillKeys ?? [],
  });
  const measured = {
    maxSpeed: a.auditSpeed!,
    maxSpeedPlusMinus: a.auditPlusMinus!,
    methodLabel: a.auditMethodLabel,
  };
  const [r] = await tx
    .update(analysisRequests)
    .set({ ...measured, overrideReason: audit.override?.reason ?? null })
    .where(eq(analysisRequests.id, a.requestId))
    .returning();
  await tx.update(videos).set(measured).where(eq(videos.analysisRequestId, a.requestId));
  const ms = await tx.select({ id: submetrics.id }).from(submetrics).where(eq(submetrics.key, 'MS'));
  if (ms.length) {
    await tx
      .update(igaSubmetrics)
      .set({ value: a.auditSpeed! })
      .where(
        and(
          eq(igaSubmetrics.analysisRequestId, a.requestId),
          inArray(
            igaSubmetrics.submetricId,
            ms.map((m) => m.id),
          ),
        ),
      );
  }
  await recomputePlayerSpeed(tx as never, r.playerId);
}
