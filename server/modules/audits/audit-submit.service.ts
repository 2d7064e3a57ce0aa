import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUDIT_ALREADY_DONE, SAME_ANALYST, auditAgrees, type Audit } from '../../../contract/audits';
import type { MeasurementField } from '../../../contract/measurements';
import type { Db } from '../../db/client';
import { analysisRequests, measurementAudits, players, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import type { UserRow } from '../../db/schema';
import { measuredValue, receiptById, releaseHeld, storeStills, type ReceiptData } from '../measurements';

type AuditRow = typeof measurementAudits.$inferSelect;
const nameOf = (u: Pick<UserRow, 'firstName' | 'lastName' | 'username'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

async function auditById(db: Db, id: number) {
  const [a] = await db.select().from(measurementAudits).where(eq(measurementAudits.id, id));
  if (!a) throw notFound('Audit not found');
  return a;
}

/**
 * The second analyst's blind measurement: the same computation and quality rules as a completion.
 * Within the combined bounds the result is 'agreed'; beyond them 'flagged' for an admin (decision 115).
 */
export async function submitAudit(
  app: FastifyInstance,
  user: UserRow,
  auditId: number,
  field: MeasurementField,
): Promise<Audit> {
  const a = await auditById(app.db, auditId);
  if (a.excludedAnalystId === user.id) throw forbidden(SAME_ANALYST);
  if (a.status !== 'pending') throw conflict(AUDIT_ALREADY_DONE);
  const [r] = await app.db.select().from(analysisRequests).where(eq(analysisRequests.id, a.requestId));
  if (!r) throw notFound('Audit not found');
  const m = await measuredValue(app.db, app.storage, field, r.playerId);
  const stillKeys = await storeStills(
    app.storage,
    m.video,
    m.media,
    m.result.marks.map((x) => x.frameIndex),
  );
  const agrees = auditAgrees(
    { speed: a.originalSpeed, plusMinus: a.originalPlusMinus },
    { speed: m.maxSpeed, plusMinus: m.result.plusMinus },
  );
  const auditData: Pick<ReceiptData, 'landmark' | 'measurement' | 'override'> & {
    videoId: number;
    sourceSha256: string;
  } = {
    landmark: m.result.landmark,
    measurement: m.result,
    override: m.override,
    videoId: m.video.id,
    sourceSha256: m.media.sha256,
  };
  const [done] = await app.db
    .update(measurementAudits)
    .set({
      status: agrees ? 'agreed' : 'flagged',
      auditorId: user.id,
      auditorName: nameOf(user),
      auditSpeed: m.maxSpeed,
      auditPlusMinus: m.result.plusMinus,
      auditMethodLabel: m.result.methodLabel,
      auditData,
      auditStillKeys: stillKeys,
      submittedAt: new Date(),
    })
    .where(and(eq(measurementAudits.id, auditId), eq(measurementAudits.status, 'pending')))
    .returning();
  if (!done) {
    await Promise.all(stillKeys.map((k) => app.storage.remove(k).catch(() => undefined)));
    throw conflict(AUDIT_ALREADY_DONE);
  }
  // A held result that a second analyst measured alike is confirmed: now it is verified (decision 198).
  if (agrees) await app.db.transaction((tx) => releaseHeld(tx, a.requestId));
  return toAudit(app.db, done);
}

export async function toAudit(db: Db, a: AuditRow): Promise<Audit> {
  const [r] = await db
    .select({ first: players.firstName, last: players.lastName, method: analysisRequests.methodLabel })
    .from(analysisRequests)
    .innerJoin(players, eq(players.id, analysisRequests.playerId))
    .where(eq(analysisRequests.id, a.requestId));
  const receipt = a.originalReceiptId ? await receiptById(db, a.originalReceiptId) : undefined;
  const orig = receipt && { name: receipt.analystName, method: receipt.methodLabel, data: receipt.data };
  const [first] =
    !orig && a.excludedAnalystId
      ? await db.select().from(users).where(eq(users.id, a.excludedAnalystId))
      : [];
  const submitted = a.auditSpeed !== null && a.auditPlusMinus !== null;
  const difference = submitted ? Math.round(Math.abs(a.originalSpeed - a.auditSpeed!) * 10) / 10 : null;
  return {
    id: a.id,
    requestId: a.requestId,
    status: a.status,
    playerName: r ? `${r.first} ${r.last}` : '',
    original: {
      speed: a.originalSpeed,
      plusMinus: a.originalPlusMinus,
      methodLabel: orig?.method ?? r?.method ?? null,
      analystName: orig?.name ?? (first ? nameOf(first) : null),
    },
    audit: submitted
      ? {
          speed: a.auditSpeed!,
          plusMinus: a.auditPlusMinus!,
          methodLabel: a.auditMethodLabel,
          analystName: a.auditorName,
        }
      : null,
    difference,
    markDifferences: submitted && orig ? markDifferences(orig.data, a.auditData) : null,
    withinBounds: submitted
      ? auditAgrees(
          { speed: a.originalSpeed, plusMinus: a.originalPlusMinus },
          { speed: a.auditSpeed!, plusMinus: a.auditPlusMinus! },
        )
      : null,
    confirmed: a.confirmed,
    createdAt: a.createdAt.toISOString(),
  };
}

export { auditById };

type Marked = { measurement?: { marks?: { frameIndex: number; yardLine: number }[] } } | null;
/** How far the two analysts' marks of the same yard lines are apart, in frames: their judgement compared. */
function markDifferences(original: unknown, audit: unknown) {
  const theirs = new Map(
    ((audit as Marked)?.measurement?.marks ?? []).map((m) => [m.yardLine, m.frameIndex]),
  );
  return ((original as Marked)?.measurement?.marks ?? []).flatMap((m) => {
    const auditFrame = theirs.get(m.yardLine);
    if (auditFrame === undefined) return [];
    return [
      {
        yardLine: m.yardLine,
        originalFrame: m.frameIndex,
        auditFrame,
        frames: Math.abs(auditFrame - m.frameIndex),
      },
    ];
  });
}
