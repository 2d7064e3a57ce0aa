import { and, eq, sql } from 'drizzle-orm';
import {
  analysisKind,
  creditKinds,
  spendDescription,
  type CreditAmounts,
} from '../../../contract/analysis-kinds';
import type { Tx } from '../../db/client';
import { creditTransactions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** Text of the 402 while a refund or dispute has left a balance below zero (decision 061). */
function negativeBalanceMessage(balances: CreditAmounts) {
  const owed = creditKinds()
    .filter((c) => (balances[c.key] ?? 0) < 0)
    .map((c) => `${c.label} ${balances[c.key]}`)
    .join(', ');
  return `Your balance is below zero after a refund or chargeback (${owed}). New analysis requests are paused until it is settled: buy a package on the Plans page or contact support.`;
}

/** True when any balance is below zero (a refunded or disputed payment, decision 061). */
export const anyNegativeBalance = sql`jsonb_path_exists(${users.creditBalances}, '$.* ? (@ < 0)')`;

const balanceOf = (creditKey: string) => sql`coalesce((${users.creditBalances} ->> ${creditKey})::int, 0)`;

/**
 * Spends one credit of the kind's balance inside the caller's transaction. The balance check and the
 * decrement are one UPDATE, so concurrent requests can never overspend. A balance below zero (a
 * refunded or disputed payment, decision 061) blocks every request, of any kind, until it is settled.
 */
export async function spendCredit(
  tx: Tx,
  userId: number,
  kindKey: string,
  ref: { analysisRequestId?: number; description?: string } = {},
) {
  const kind = analysisKind(kindKey);
  const key = kind.credit.key;
  const [row] = await tx
    .update(users)
    .set({
      creditBalances: sql`${users.creditBalances} || jsonb_build_object(${key}::text, ${balanceOf(key)} - 1)`,
    })
    .where(and(eq(users.id, userId), sql`${balanceOf(key)} >= 1`, sql`not ${anyNegativeBalance}`))
    .returning({ id: users.id });
  if (!row) {
    const [b] = await tx.select({ balances: users.creditBalances }).from(users).where(eq(users.id, userId));
    if (b && Object.values(b.balances).some((n) => n < 0))
      throw new AppError('NEGATIVE_BALANCE', negativeBalanceMessage(b.balances));
    throw new AppError('INSUFFICIENT_CREDITS', kind.credit.noCredit);
  }
  await tx.insert(creditTransactions).values({
    userId,
    amounts: { [key]: -1 },
    type: 'spend',
    description: ref.description ?? spendDescription(kind),
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
    amounts: CreditAmounts;
    idempotencyKey: string;
    type: LedgerType;
    description: string;
    planId?: number | null;
    providerPaymentIntentId?: string | null;
    metadata?: Record<string, unknown>;
  },
): Promise<boolean> {
  const amounts = Object.fromEntries(Object.entries(g.amounts).filter(([, n]) => n !== 0));
  const [inserted] = await tx
    .insert(creditTransactions)
    .values({
      userId: g.userId,
      amounts,
      type: g.type,
      description: g.description,
      planId: g.planId ?? null,
      providerPaymentIntentId: g.providerPaymentIntentId ?? null,
      idempotencyKey: g.idempotencyKey,
      metadata: g.metadata ?? null,
    })
    .onConflictDoNothing({ target: creditTransactions.idempotencyKey })
    .returning({ id: creditTransactions.id });
  if (!inserted) return false;
  await addToBalances(tx, g.userId, amounts);
  return true;
}

/** Adds each amount to its balance in one statement (no ledger row: the caller writes it). */
async function addToBalances(tx: Tx, userId: number, amounts: CreditAmounts) {
  const entries = Object.entries(amounts);
  if (entries.length === 0) return;
  const merged = entries.map(
    ([key, n]) => sql`jsonb_build_object(${key}::text, ${balanceOf(key)} + ${n}::int)`,
  );
  await tx
    .update(users)
    .set({ creditBalances: sql`${users.creditBalances} || ${sql.join(merged, sql` || `)}` })
    .where(eq(users.id, userId));
}
