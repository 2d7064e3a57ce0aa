import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chargeStates, creditTransactions } from '../../db/schema';
import type {
  DisputeChanged,
  PaymentEventEnvelope,
  PaymentRefunded,
  RefundChanged,
} from '../../lib/payments';
import { grantCredits, type LedgerType } from '../credits';
import { findGrant, unmatchedCharges } from './charge-grant';
import { foldRefund, netRefunded, type RefundFacts, type RefundMap } from './refund-states';
import { resolveUserId } from './provider-ids';

/** Dispute states in which the card network has taken the money back (decision 061). */
const FUNDS_WITHDRAWN = [
  'needs_response',
  'under_review',
  'lost',
  'appeal_needs_response',
  'appeal_under_review',
];
const CLOSED = ['won', 'lost', 'warning_closed', 'prevented'];

type State = typeof chargeStates.$inferSelect;
type Grant = typeof creditTransactions.$inferSelect;

interface ChargeFacts {
  chargeId: string;
  paymentIntentId: string | null;
  customerId: string | null;
  /** The invoice a charge paid, as API versions before 2025-03 name it on the Charge. */
  invoiceId: string | null;
  metadata: Record<string, unknown>;
  amount: number;
  /** The cumulative amount refunded a payment.refunded event reports; 0 from other events. */
  reportedRefunded: number;
  currency: string | null;
}

interface DisputeFacts {
  id: string;
  status: string;
  amount: number;
  reason: string | null;
  at: Date;
}

/** What the charge should have taken back by now, per kind: all of it while disputed or lost, else the refunded share, rounded up. */
function targetTaken(
  s: Pick<State, 'amount' | 'amountRefunded' | 'disputeStatus'>,
  grant: Pick<Grant, 'amounts'>,
) {
  // The charge state counts what it took back of the first two kinds (credits_taken, iga_taken).
  const full = {
    credits: Math.max(grant.amounts.max_speed ?? 0, 0),
    iga: Math.max(grant.amounts.iga ?? 0, 0),
  };
  if (s.disputeStatus && FUNDS_WITHDRAWN.includes(s.disputeStatus))
    return { ...full, cause: 'dispute' as const };
  const share = s.amount > 0 ? Math.min(s.amountRefunded / s.amount, 1) : 0;
  return {
    credits: Math.ceil(full.credits * share),
    iga: Math.ceil(full.iga * share),
    cause: 'refund' as const,
  };
}

/** A dispute event replaces the stored state only when it is newer; at the same second a closing state wins. */
function disputePatch(s: State, d: DisputeFacts | null) {
  if (!d) return {};
  const stored = s.disputeEventAt?.getTime() ?? -Infinity;
  const at = d.at.getTime();
  const newer =
    at > stored || (at === stored && CLOSED.includes(d.status) && !CLOSED.includes(s.disputeStatus ?? ''));
  if (!newer) return {};
  return {
    disputeId: d.id,
    disputeStatus: d.status,
    disputeAmount: d.amount,
    disputeReason: d.reason,
    disputeEventAt: d.at,
  };
}

const LABEL: Record<'payment_refund' | 'refund_reversal' | 'dispute' | 'dispute_reversal', string> = {
  payment_refund: 'Payment refunded',
  refund_reversal: 'Refund failed: credits restored',
  dispute: 'Payment disputed (chargeback)',
  dispute_reversal: 'Dispute closed in our favour: credits restored',
};

/**
 * Folds one refund or dispute event into the charge's row (locked), then moves the balance by the
 * difference between what should be taken back now and what already was. Replays, reordering and
 * partial refunds therefore converge on one state; the balance may go below zero.
 */
async function fold(
  tx: Tx,
  event: PaymentEventEnvelope,
  c: ChargeFacts,
  change: { dispute?: DisputeFacts; refund?: RefundFacts } = {},
): Promise<string> {
  const live = event.livemode;
  await tx
    .insert(chargeStates)
    .values({
      chargeId: c.chargeId,
      paymentIntentId: c.paymentIntentId,
      livemode: live,
      currency: c.currency ?? 'usd',
    })
    .onConflictDoNothing({ target: chargeStates.chargeId });
  const [s] = await tx.select().from(chargeStates).where(eq(chargeStates.chargeId, c.chargeId)).for('update');
  const paymentIntentId = s.paymentIntentId ?? c.paymentIntentId;
  const keys = { paymentIntentId, chargeId: c.chargeId, invoiceId: c.invoiceId };
  const metaUser = await resolveUserId(tx, { metaUserId: c.metadata.userId, customerId: c.customerId, live });
  const grant = s.grantId
    ? ((await tx.select().from(creditTransactions).where(eq(creditTransactions.id, s.grantId)))[0] ?? null)
    : ((await findGrant(tx, metaUser, keys)) ?? (metaUser ? await findGrant(tx, null, keys) : null));
  const prevRefunds = (s.refunds ?? {}) as RefundMap;
  // Rows written before refunds were tracked one by one kept the reported amount in amount_refunded.
  const legacy = s.refundedReported === 0 && Object.keys(prevRefunds).length === 0 ? s.amountRefunded : 0;
  const disputed = disputePatch(s, change.dispute ?? null);
  const next = {
    ...s,
    paymentIntentId,
    userId: grant?.userId ?? s.userId ?? metaUser,
    grantId: grant?.id ?? null,
    amount: Math.max(s.amount, c.amount),
    refundedReported: Math.max(s.refundedReported, legacy, c.reportedRefunded),
    refunds: change.refund ? foldRefund(prevRefunds, change.refund) : prevRefunds,
    ...disputed,
  };
  next.amountRefunded = netRefunded(next);
  let outcome = 'recorded: no matching purchase';
  if (grant?.userId) {
    const target = targetTaken(next, grant);
    const dc = target.credits - s.creditsTaken;
    const di = target.iga - s.igaTaken;
    outcome = 'no change';
    if (dc !== 0 || di !== 0) {
      const restoring = dc + di < 0;
      const type: LedgerType = restoring
        ? Object.keys(disputed).length > 0
          ? 'dispute_reversal'
          : 'refund_reversal'
        : target.cause === 'dispute'
          ? 'dispute'
          : 'payment_refund';
      // Refunded money already acted on: none while the charge's amount was unknown (nothing could be taken then).
      const refundedBefore = s.amount > 0 ? s.amountRefunded : 0;
      // Money that moved with this row, for the billing history: refunded now or given back, withdrawn or reinstated by the dispute.
      const moneyCents =
        type === 'payment_refund' || type === 'refund_reversal'
          ? -(next.amountRefunded - refundedBefore)
          : type === 'dispute'
            ? -(next.disputeAmount || next.amount)
            : next.disputeAmount || next.amount;
      await grantCredits(tx, {
        userId: grant.userId,
        amounts: { max_speed: -dc, iga: -di },
        type,
        planId: grant.planId,
        idempotencyKey: `charge:${c.chargeId}:${event.id}`,
        description: `${LABEL[type]}: ${grant.description ?? 'purchase'}`,
        metadata: {
          chargeId: c.chargeId,
          paymentIntent: paymentIntentId,
          eventId: event.id,
          grantId: grant.id,
          disputeId: next.disputeId,
          disputeStatus: next.disputeStatus,
          amount: next.amount,
          amountRefunded: next.amountRefunded,
          livemode: live,
          moneyCents,
          ...(change.refund ? { refundId: change.refund.id, refundStatus: change.refund.status } : {}),
        },
      });
      outcome = restoring ? 'credits restored' : 'credits taken back';
    }
    next.creditsTaken = target.credits;
    next.igaTaken = target.iga;
  }
  const { chargeId, createdAt: _createdAt, updatedAt: _updatedAt, ...values } = next;
  await tx.update(chargeStates).set(values).where(eq(chargeStates.chargeId, chargeId));
  return outcome;
}

/** A charge refunded in whole or in part: the charge carries the cumulative amount refunded. */
export function onChargeRefunded(tx: Tx, event: PaymentEventEnvelope & PaymentRefunded) {
  return fold(tx, event, {
    chargeId: event.chargeId,
    paymentIntentId: event.paymentIntentId,
    customerId: event.customerId,
    invoiceId: event.invoiceId,
    metadata: event.metadata,
    amount: event.amountCents,
    reportedRefunded: event.refundedCents,
    currency: event.currency,
  });
}

/** One refund and its status (decision 121). */
export function onRefund(tx: Tx, event: PaymentEventEnvelope & RefundChanged) {
  if (!event.chargeId) return Promise.resolve('ignored: refund without a charge');
  return fold(
    tx,
    event,
    {
      chargeId: event.chargeId,
      paymentIntentId: event.paymentIntentId,
      customerId: null,
      invoiceId: null,
      metadata: event.metadata,
      amount: 0,
      reportedRefunded: 0,
      currency: event.currency,
    },
    { refund: { id: event.refundId, amount: event.amountCents, status: event.status, at: event.created } },
  );
}

/** A chargeback opened, changed or closed: the dispute names its charge and payment intent. */
export function onDispute(tx: Tx, event: PaymentEventEnvelope & DisputeChanged) {
  if (!event.chargeId) return Promise.resolve('ignored: dispute without a charge');
  return fold(
    tx,
    event,
    {
      chargeId: event.chargeId,
      paymentIntentId: event.paymentIntentId,
      customerId: null,
      invoiceId: null,
      metadata: event.metadata,
      amount: 0,
      reportedRefunded: 0,
      currency: event.currency,
    },
    {
      dispute: {
        id: event.disputeId,
        status: event.status,
        amount: event.amountCents,
        reason: event.reason,
        at: new Date(event.created * 1000),
      },
    },
  );
}

/** A grant just became known for a payment: refunds and disputes recorded before it now take back what it granted. */
export async function refoldUnmatched(
  tx: Tx,
  event: PaymentEventEnvelope,
  k: { paymentIntentId: string | null; chargeId: string | null },
) {
  let moved = 0;
  for (const s of await unmatchedCharges(tx, k)) {
    const outcome = await fold(tx, event, {
      chargeId: s.chargeId,
      paymentIntentId: s.paymentIntentId,
      customerId: null,
      invoiceId: null,
      metadata: {},
      amount: 0,
      reportedRefunded: 0,
      currency: s.currency,
    });
    if (outcome.startsWith('credits')) moved++;
  }
  return moved;
}
