import type { Cents } from '../../../../contract/money';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../app-error';
import type { EventSender } from './events';
import { newId, nowSeconds, type TestEvent } from './shapes';
import { testStore } from './store';

export interface TestPaymentState {
  paymentIntentId: string;
  chargeId: string;
  amountCents: Cents;
  amountRefundedCents: Cents;
  disputeStatus: string | null;
}

/** A Charge as Stripe sends it in charge.refunded (API 2026-10-28: refunds are not expanded). */
function chargeObject(pi: any) {
  return {
    id: String(pi.latest_charge),
    object: 'charge',
    amount: pi.amount,
    amount_captured: pi.amount,
    amount_refunded: 0,
    captured: true,
    currency: pi.currency,
    customer: pi.customer,
    disputed: false,
    livemode: false,
    metadata: pi.metadata ?? {},
    paid: true,
    payment_intent: pi.id,
    payment_method_details: pi.payment_method_details,
    refunded: false,
    status: 'succeeded',
    created: pi.created,
  };
}

/**
 * Refunds and disputes for the built-in test mode, so the path Stripe takes (charge.refunded,
 * charge.dispute.*) can be exercised end to end. Events go through the same outbox and webhook.
 */
export function createReversals(db: Db, sender: EventSender) {
  /** The charge a completed checkout session paid (its first invoice's, for a plan), created on first use. */
  async function chargeOf(tx: Tx, sessionId: string) {
    const s = await testStore.get(tx, sessionId, 'checkout_session', { lock: true });
    if (!s) throw new AppError('NOT_FOUND', 'Checkout session not found');
    if (s.status !== 'complete') throw new AppError('CONFLICT', 'This checkout session has not been paid.');
    let piId: string | null = s.payment_intent;
    if (!piId && s.invoice) {
      const inv = await testStore.get(tx, s.invoice, 'invoice');
      piId = inv?.payments?.data?.[0]?.payment?.payment_intent ?? null;
    }
    const pi = piId ? await testStore.get(tx, piId, 'payment_intent', { lock: true }) : null;
    if (!pi) throw new AppError('NOT_FOUND', 'Payment not found');
    let charge = await testStore.get(tx, pi.latest_charge, 'charge', { lock: true });
    if (!charge) {
      charge = chargeObject(pi);
      await testStore.insert(tx, charge.id, 'charge', charge);
    }
    const dispute = charge.dispute
      ? await testStore.get(tx, charge.dispute, 'dispute', { lock: true })
      : null;
    return { charge, dispute };
  }

  const stateOf = (charge: any, dispute: any): TestPaymentState => ({
    paymentIntentId: charge.payment_intent,
    chargeId: charge.id,
    amountCents: charge.amount,
    amountRefundedCents: charge.amount_refunded,
    disputeStatus: dispute?.status ?? null,
  });

  async function run(sessionId: string, change: (tx: Tx, charge: any, dispute: any) => Promise<TestEvent[]>) {
    const events = await db.transaction(async (tx) => {
      const { charge, dispute } = await chargeOf(tx, sessionId);
      return change(tx, charge, dispute);
    });
    await sender.deliverAll(events);
    return state(sessionId);
  }

  async function state(sessionId: string): Promise<TestPaymentState | null> {
    try {
      return await db.transaction(async (tx) => {
        const { charge, dispute } = await chargeOf(tx, sessionId);
        return stateOf(charge, dispute);
      });
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  }

  /** Like POST /v1/refunds: the whole remaining amount unless an amount is given. */
  const refund = (sessionId: string, amountCents?: Cents) =>
    run(sessionId, async (tx, charge, dispute) => {
      if (dispute) throw new AppError('CONFLICT', 'A disputed payment cannot be refunded.');
      const remaining = charge.amount - charge.amount_refunded;
      if (remaining <= 0) throw new AppError('CONFLICT', 'This payment has already been fully refunded.');
      const value = amountCents ?? remaining;
      if (value > remaining) {
        throw new AppError('VALIDATION_ERROR', `Refund amount must be at most ${remaining} cents.`, {
          amountCents: `Refund amount must be at most ${remaining} cents.`,
        });
      }
      const re = {
        id: newId('re'),
        object: 'refund',
        amount: value,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        currency: charge.currency,
        status: 'succeeded',
        created: nowSeconds(),
        livemode: false,
      };
      await testStore.insert(tx, re.id, 'refund', re);
      charge.amount_refunded += value;
      charge.refunded = charge.amount_refunded >= charge.amount;
      await testStore.save(tx, charge.id, charge);
      return [
        await sender.record(tx, 'refund.created', re),
        await sender.record(tx, 'charge.refunded', charge, {
          amount_refunded: charge.amount_refunded - value,
        }),
      ];
    });

  /** The cardholder's bank opens a chargeback: Stripe withdraws the disputed amount at once. */
  const openDispute = (sessionId: string) =>
    run(sessionId, async (tx, charge, dispute) => {
      if (dispute) throw new AppError('CONFLICT', 'This payment is already disputed.');
      if (charge.refunded) throw new AppError('CONFLICT', 'A fully refunded payment cannot be disputed.');
      const dp = {
        id: newId('du'),
        object: 'dispute',
        amount: charge.amount - charge.amount_refunded,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        currency: charge.currency,
        reason: 'fraudulent',
        status: 'needs_response',
        is_charge_refundable: false,
        metadata: {},
        created: nowSeconds(),
        livemode: false,
        evidence_details: {
          due_by: nowSeconds() + 7 * 24 * 3600,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
      };
      await testStore.insert(tx, dp.id, 'dispute', dp);
      charge.disputed = true;
      charge.dispute = dp.id;
      await testStore.save(tx, charge.id, charge);
      return [
        await sender.record(tx, 'charge.dispute.created', dp),
        await sender.record(tx, 'charge.dispute.funds_withdrawn', dp),
      ];
    });

  /** The bank decides: won reinstates the funds, lost keeps them withdrawn. */
  const closeDispute = (sessionId: string, outcome: 'won' | 'lost') =>
    run(sessionId, async (tx, _charge, dispute) => {
      if (!dispute) throw new AppError('CONFLICT', 'This payment has no dispute to close.');
      if (dispute.status === 'won' || dispute.status === 'lost')
        throw new AppError('CONFLICT', 'This dispute is already closed.');
      const previous = { status: dispute.status };
      dispute.status = outcome;
      await testStore.save(tx, dispute.id, dispute);
      const events = [await sender.record(tx, 'charge.dispute.closed', dispute, previous)];
      if (outcome === 'won') events.push(await sender.record(tx, 'charge.dispute.funds_reinstated', dispute));
      return events;
    });

  return { refund, openDispute, closeDispute, state };
}
