import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { creditTransactions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type CreditKind = 'max_speed' | 'iga';

/** Text of the 402 while a refund or dispute has left a balance below zero (decision 061). */
function negativeBalanceMessage(b: { credits: number; igaCredits: number }) {
  const owed = [
    b.credits < 0 ? `Max Speed ${b.credits}` : null,
    b.igaCredits < 0 ? `IGA ${b.igaCredits}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return `Your balance is below zero after a refund or chargeback (${owed}). New analysis requests are paused until it is settled: buy a package on the Plans page or contact support.`;
}

/**
 * Spends one credit inside the caller's transaction. The balance check and the decrement are one
 * UPDATE, so concurrent requests can never overspend. A balance below zero (a refunded or disputed
 * payment, decision 061) blocks every request, of either kind, until it is settled.
 */
export async function spendCredit(
  tx: Tx,
  userId: number,
  kind: CreditKind,
  ref: { analysisRequestId?: number; description?: string } = {},
) {
  const column = kind === 'iga' ? users.igaCredits : users.credits;
  const [row] = await tx
    .update(users)
    .set(
      kind === 'iga' ? { igaCredits: sql`${users.igaCredits} - 1` } : { credits: sql`${users.credits} - 1` },
    )
    .where(and(eq(users.id, userId), gte(column, 1), gte(users.credits, 0), gte(users.igaCredits, 0)))
    .returning({ id: users.id });
  if (!row) {
    const [b] = await tx
      .select({ credits: users.credits, igaCredits: users.igaCredits })
      .from(users)
      .where(eq(users.id, userId));
    if (b && (b.credits < 0 || b.igaCredits < 0))
      throw new AppError('NEGATIVE_BALANCE', negativeBalanceMessage(b));
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
    description:
      ref.description ?? (kind === 'iga' ? 'IGA score analysis request' : 'Max speed analysis request'),
    metadata: ref.analysisRequestId ? { analysisRequestId: ref.analysisRequestId } : null,
  });
}

export type LedgerType =
  | 'purchase'
  | 'subscription_grant'
  | 'refund'
  | 'admin_adjust'
  /** credits taken back because the payment was refunded */
  | 'payment_refund'
  /** credits given back because a refund failed or was canceled */
  | 'refund_reversal'
  /** credits taken back because the payment was disputed */
  | 'dispute'
  /** credits restored because a dispute was won (or an inquiry closed) */
  | 'dispute_reversal';

/**
 * Adds (or, with negative amounts, takes back) credits exactly once per idempotency key (a webhook
 * event, a refund of one request). Returns false when the key was already used, changing nothing.
 */
export async function grantCredits(
  tx: Tx,
  g: {
    userId: number;
    credits: number;
    igaCredits: number;
    idempotencyKey: string;
    type: LedgerType;
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
    .set({
      credits: sql`${users.credits} + ${g.credits}`,
      igaCredits: sql`${users.igaCredits} + ${g.igaCredits}`,
    })
    .where(eq(users.id, g.userId));
  return true;
}
