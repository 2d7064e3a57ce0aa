import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { creditTransactions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export type CreditKind = 'max_speed' | 'iga';

/**
 * Spends one credit inside the caller's transaction. The balance check and the decrement are one
 * UPDATE, so concurrent requests can never overspend; the CHECK (credits >= 0) is the last guard.
 */
export async function spendCredit(tx: Tx, userId: number, kind: CreditKind, ref: { analysisRequestId?: number; description?: string } = {}) {
  const column = kind === 'iga' ? users.igaCredits : users.credits;
  const [row] = await tx
    .update(users)
    .set(kind === 'iga' ? { igaCredits: sql`${users.igaCredits} - 1` } : { credits: sql`${users.credits} - 1` })
    .where(and(eq(users.id, userId), gte(column, 1)))
    .returning({ id: users.id });
  if (!row) {
    throw new AppError(
      'INSUFFICIENT_CREDITS',
      kind === 'iga'
        ? 'You need at least 1 IGA credit to request an IGA score analysis. Please purchase credits.'
        : 'You need at least 1 speed analysis credit to request a speed analysis. Please purchase credits.',
    );
  }
  await tx.insert(creditTransactions).values({
    userId,
    amount: kind === 'max_speed' ? -1 : 0,
    igaAmount: kind === 'iga' ? -1 : 0,
    type: 'spend',
    description: ref.description ?? (kind === 'iga' ? 'IGA score analysis request' : 'Max speed analysis request'),
    metadata: ref.analysisRequestId ? { analysisRequestId: ref.analysisRequestId } : null,
  });
}

/**
 * Adds credits exactly once per idempotency key (a webhook event, a refund of one request).
 * Returns false when the key was already used, changing nothing.
 */
export async function grantCredits(
  tx: Tx,
  g: {
    userId: number;
    credits: number;
    igaCredits: number;
    idempotencyKey: string;
    type: 'purchase' | 'subscription_grant' | 'refund' | 'admin_adjust';
    description: string;
    planId?: number | null;
    stripePaymentIntentId?: string | null;
    metadata?: Record<string, unknown>;
  },
): Promise<boolean> {
  const [inserted] = await tx
    .insert(creditTransactions)
    .values({
      userId: g.userId,
      amount: g.credits,
      igaAmount: g.igaCredits,
      type: g.type,
      description: g.description,
      planId: g.planId ?? null,
      stripePaymentIntentId: g.stripePaymentIntentId ?? null,
      idempotencyKey: g.idempotencyKey,
      metadata: g.metadata ?? null,
    })
    .onConflictDoNothing({ target: creditTransactions.idempotencyKey })
    .returning({ id: creditTransactions.id });
  if (!inserted) return false;
  await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${g.credits}`, igaCredits: sql`${users.igaCredits} + ${g.igaCredits}` })
    .where(eq(users.id, g.userId));
  return true;
}
