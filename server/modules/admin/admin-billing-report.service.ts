import { asc, count, inArray, sql } from 'drizzle-orm';
import { SPEED_CREDIT, creditFields } from '../../../contract/analysis-kinds';
import type { BillingReport } from '../../../contract/billing-history';
import type { DbOrTx } from '../../db/client';
import { chargeStates, users } from '../../db/schema';
import { anyNegativeBalance } from '../credits';

const OPEN = [
  'needs_response',
  'under_review',
  'warning_needs_response',
  'warning_under_review',
  'appeal_needs_response',
  'appeal_under_review',
];

/** Refunds, disputes and the families whose balance a refund or chargeback left below zero (decision 061). */
export async function billingReport(db: DbOrTx): Promise<BillingReport> {
  const [r] = await db
    .select({
      refundCount: sql<number>`(count(*) filter (where ${chargeStates.amountRefunded} > 0))::int`,
      refundAmount: sql<number>`coalesce(sum(${chargeStates.amountRefunded}), 0)::int`,
      disputesOpen: sql<number>`(count(*) filter (where ${inArray(chargeStates.disputeStatus, OPEN)}))::int`,
      disputesWon: sql<number>`(count(*) filter (where ${chargeStates.disputeStatus} = 'won'))::int`,
      disputesLost: sql<number>`(count(*) filter (where ${chargeStates.disputeStatus} = 'lost'))::int`,
      disputeAmount: sql<number>`coalesce(sum(${chargeStates.disputeAmount}) filter (where ${chargeStates.disputeStatus} is not null), 0)::int`,
      creditsTaken: sql<number>`coalesce(sum(${chargeStates.creditsTaken}), 0)::int`,
      igaTaken: sql<number>`coalesce(sum(${chargeStates.igaTaken}), 0)::int`,
      unmatched: sql<number>`(count(*) filter (where ${chargeStates.grantId} is null))::int`,
    })
    .from(chargeStates);
  const negative = anyNegativeBalance;
  const [n] = await db.select({ n: count() }).from(users).where(negative);
  const rows = await db
    .select({ id: users.id, email: users.email, balances: users.creditBalances })
    .from(users)
    .where(negative)
    // The specification's `credits` balance (the speed credit) most negative first.
    .orderBy(
      asc(sql`coalesce((${users.creditBalances} ->> ${SPEED_CREDIT.key}::text)::int, 0)`),
      asc(users.id),
    )
    .limit(50);
  const list = rows.map(({ balances, ...u }) => ({
    ...u,
    ...(creditFields(balances) as { credits: number; igaCredits: number }),
  }));
  return {
    refunds: {
      count: r.refundCount,
      amountCents: r.refundAmount,
      creditsTaken: r.creditsTaken,
      igaTaken: r.igaTaken,
    },
    disputes: {
      open: r.disputesOpen,
      won: r.disputesWon,
      lost: r.disputesLost,
      amountCents: r.disputeAmount,
    },
    unmatched: r.unmatched,
    negativeBalances: list,
    negativeBalanceCount: Number(n.n),
  };
}
