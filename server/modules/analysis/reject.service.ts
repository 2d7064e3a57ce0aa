import { analysisKind } from '../../../contract/analysis-kinds';
import { and, eq } from 'drizzle-orm';
import type { RejectInput } from '../../../contract/analysis-forms';
import type { Db } from '../../db/client';
import { analysisRequests } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import type { UserRow } from '../../db/schema';
import { grantCredits } from '../credits';
import { ALREADY_PROCESSED } from '../measurements';

/**
 * Rejects a pending request and returns its credit. Only one call can move it out of pending, and the
 * refund's idempotency key guards the ledger as well, so a repeated or racing reject refunds once.
 */
export async function rejectRequest(db: Db, analyst: UserRow, id: number, input: RejectInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(analysisRequests)
      .set({
        status: 'rejected',
        analystId: analyst.id,
        rejectionReason: input.reason,
        analystComment: input.comment,
        completedAt: new Date(),
      })
      .where(and(eq(analysisRequests.id, id), eq(analysisRequests.status, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: analysisRequests.id })
        .from(analysisRequests)
        .where(eq(analysisRequests.id, id));
      throw exists ? conflict(ALREADY_PROCESSED) : notFound('Analysis request not found');
    }
    const refunded =
      row.userId !== null &&
      (await grantCredits(tx, {
        userId: row.userId,
        amounts: { [analysisKind(row.requestType).credit.key]: 1 },
        idempotencyKey: `refund:analysis:${row.id}`,
        type: 'refund',
        description: `Refund for rejected ${analysisKind(row.requestType).requestNoun} #${row.id}`,
        metadata: { analysisRequestId: row.id, reason: input.reason },
      }));
    const [final] = refunded
      ? await tx
          .update(analysisRequests)
          .set({ creditRefunded: true })
          .where(eq(analysisRequests.id, row.id))
          .returning()
      : [row];
    return { request: final, refunded };
  });
}
