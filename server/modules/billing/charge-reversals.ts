import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chargeStates, creditTransactions } from '../../db/schema';
import type { StripeEventLike } from '../../lib/payments';
import { idOf } from '../../lib/payments/normalize';
import { grantCredits, type LedgerType } from '../credits/credits.service';
import { resolveUserId } from './provider-ids';

/** Dispute states in which the card network has taken the money back (decision 061). */
const FUNDS_WITHDRAWN = ['needs_response', 'under_review', 'lost', 'appeal_needs_response', 'appeal_under_review'];
const CLOSED = ['won', 'lost', 'warning_closed', 'prevented'];

type State = typeof chargeStates.$inferSelect;
type Grant = typeof creditTransactions.$inferSelect;

interface ChargeFacts {
  chargeId: string;
  paymentIntentId: string | null;
  customerId: string | null;
  metadata: Record<string, unknown>;
  amount: number;
  amountRefunded: number;
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
export function targetTaken(s: Pick<State, 'amount' | 'amountRefunded' | 'disputeStatus'>, grant: Pick<Grant, 'amount' | 'igaAmount'>) {
  const full = { credits: Math.max(grant.amount, 0), iga: Math.max(grant.igaAmount, 0) };
  if (s.disputeStatus && FUNDS_WITHDRAWN.includes(s.disputeStatus)) return { ...full, cause: 'dispute' as const };
  const share = s.amount > 0 ? Math.min(s.amountRefunded / s.amount, 1) : 0;
  return { credits: Math.ceil(full.credits * share), iga: Math.ceil(full.iga * share), cause: 'refund' as const };
}

/** A dispute event replaces the stored state only when it is newer; at the same second a closing state wins. */
function disputePatch(s: State, d: DisputeFacts | null) {
  if (!d) return {};
  const stored = s.disputeEventAt?.getTime() ?? -Infinity;
  const at = d.at.getTime();
  const newer = at > stored || (at === stored && CLOSED.includes(d.status) && !CLOSED.includes(s.disputeStatus ?? ''));
  if (!newer) return {};
  return { disputeId: d.id, disputeStatus: d.status, disputeAmount: d.amount, disputeReason: d.reason, disputeEventAt: d.at };
}

/** The purchase or plan invoice a payment intent paid for; the grant keeps the intent in a column (test keys) or its metadata. */
async function findGrant(tx: Tx, userId: number | null, paymentIntentId: string | null): Promise<Grant | null> {
  if (!paymentIntentId) return null;
  const [g] = await tx
    .select()
    .from(creditTransactions)
    .where(and(
      inArray(creditTransactions.type, ['purchase', 'subscription_grant']),
      or(eq(creditTransactions.stripePaymentIntentId, paymentIntentId), sql`${creditTransactions.metadata}->>'paymentIntent' = ${paymentIntentId}`),
      userId ? eq(creditTransactions.userId, userId) : undefined,
    ))
    .orderBy(asc(creditTransactions.id))
    .limit(1);
  return g ?? null;
}

const LABEL: Record<'payment_refund' | 'dispute' | 'dispute_reversal', string> = {
  payment_refund: 'Payment refunded',
  dispute: 'Payment disputed (chargeback)',
  dispute_reversal: 'Dispute closed in our favour: credits restored',
};

/**
 * Folds one refund or dispute event into the charge's row (locked), then moves the balance by the
 * difference between what should be taken back now and what already was. Replays, reordering and
 * partial refunds therefore converge on one state; the balance may go below zero.
 */
async function fold(tx: Tx, event: StripeEventLike, c: ChargeFacts, dispute: DisputeFacts | null): Promise<string> {
  const live = event.livemode;
  await tx.insert(chargeStates)
    .values({ chargeId: c.chargeId, paymentIntentId: c.paymentIntentId, livemode: live, currency: c.currency ?? 'usd' })
    .onConflictDoNothing({ target: chargeStates.chargeId });
  const [s] = await tx.select().from(chargeStates).where(eq(chargeStates.chargeId, c.chargeId)).for('update');
  const paymentIntentId = s!.paymentIntentId ?? c.paymentIntentId;
  const metaUser = await resolveUserId(tx, { metaUserId: c.metadata.userId, customerId: c.customerId, live });
  const grant = s!.grantId
    ? ((await tx.select().from(creditTransactions).where(eq(creditTransactions.id, s!.grantId)))[0] ?? null)
    : ((await findGrant(tx, metaUser, paymentIntentId)) ?? (metaUser ? await findGrant(tx, null, paymentIntentId) : null));
  const next = {
    ...s!,
    paymentIntentId,
    userId: grant?.userId ?? s!.userId ?? metaUser,
    grantId: grant?.id ?? null,
    amount: Math.max(s!.amount, c.amount),
    amountRefunded: Math.max(s!.amountRefunded, c.amountRefunded),
    ...disputePatch(s!, dispute),
  };
  let outcome = 'recorded: no matching purchase';
  if (grant?.userId) {
    const target = targetTaken(next, grant);
    const dc = target.credits - s!.creditsTaken;
    const di = target.iga - s!.igaTaken;
    outcome = 'no change';
    if (dc !== 0 || di !== 0) {
      const type: LedgerType = dc + di < 0 ? 'dispute_reversal' : target.cause === 'dispute' ? 'dispute' : 'payment_refund';
      // Money that moved with this row, for the billing history: refunded now, withdrawn or reinstated by the dispute.
      const moneyCents = type === 'payment_refund' ? -(next.amountRefunded - s!.amountRefunded)
        : type === 'dispute' ? -(next.disputeAmount || next.amount) : (next.disputeAmount || next.amount);
      await grantCredits(tx, {
        userId: grant.userId, credits: -dc, igaCredits: -di, type, planId: grant.planId,
        idempotencyKey: `charge:${c.chargeId}:${event.id}`,
        description: `${LABEL[type]}: ${grant.description ?? 'purchase'}`,
        metadata: {
          chargeId: c.chargeId, paymentIntent: paymentIntentId, eventId: event.id, grantId: grant.id, disputeId: next.disputeId,
          disputeStatus: next.disputeStatus, amount: next.amount, amountRefunded: next.amountRefunded, livemode: live, moneyCents,
        },
      });
      outcome = type === 'dispute_reversal' ? 'credits restored' : 'credits taken back';
    }
    next.creditsTaken = target.credits;
    next.igaTaken = target.iga;
  }
  const { chargeId, createdAt, updatedAt, ...values } = next;
  await tx.update(chargeStates).set(values).where(eq(chargeStates.chargeId, chargeId));
  return outcome;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** charge.refunded: the Charge carries the cumulative amount_refunded. */
export function onChargeRefunded(tx: Tx, event: StripeEventLike) {
  const ch = event.data.object as any;
  return fold(tx, event, {
    chargeId: String(ch.id), paymentIntentId: idOf(ch.payment_intent), customerId: idOf(ch.customer),
    metadata: ch.metadata ?? {}, amount: num(ch.amount), amountRefunded: num(ch.amount_refunded), currency: ch.currency ?? null,
  }, null);
}

/** charge.dispute.created / .updated / .closed: the Dispute names its charge and payment intent. */
export function onDispute(tx: Tx, event: StripeEventLike) {
  const dp = event.data.object as any;
  const chargeId = idOf(dp.charge);
  if (!chargeId) return Promise.resolve('ignored: dispute without a charge');
  return fold(tx, event, {
    chargeId, paymentIntentId: idOf(dp.payment_intent), customerId: null, metadata: dp.metadata ?? {},
    amount: 0, amountRefunded: 0, currency: dp.currency ?? null,
  }, { id: String(dp.id), status: String(dp.status), amount: num(dp.amount), reason: dp.reason ?? null, at: new Date(event.created * 1000) });
}
