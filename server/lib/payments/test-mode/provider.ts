import { randomBytes } from 'node:crypto';
import type { TestCheckoutSession } from '../../../../contract/billing';
import type { Db } from '../../../db/client';
import { AppError } from '../../app-error';
import { normalizeSubscription } from '../normalize';
import type { DeliverEvent, PaymentProvider, ProviderSubscription } from '../types';
import { createEventSender, type EventLog } from './events';
import { createPayments } from './payments';
import { createReversals, type TestPaymentState } from './reversals';
import { createCheckoutSessions } from './sessions';
import { newId, nowSeconds, type TestSubscription } from './shapes';
import { testStore } from './store';

export interface TestModeProvider extends PaymentProvider {
  readonly kind: 'test-mode';
  describeSession(id: string): Promise<TestCheckoutSession | null>;
  /** The hosted page's Pay button: charges the card, then delivers the events. Returns the success URL. */
  pay(sessionId: string, cardNumber: string): Promise<{ redirectUrl: string }>;
  /** Like advancing a Stripe test clock to the end of the period: renews, or ends a cancelling subscription. */
  advanceToPeriodEnd(subscriptionId: string): Promise<void>;
  /** Renews or ends every subscription whose period has ended. */
  renewDue(now?: Date): Promise<number>;
  redeliverFailed(): Promise<number>;
  events(): Promise<{ id: string; type: string; data: { object: any } }[]>;
  /** Refunds a paid session's charge (all that remains, or `amountCents`) and delivers charge.refunded. */
  refund(sessionId: string, amountCents?: number): Promise<TestPaymentState | null>;
  /** Opens a chargeback on a paid session's charge (charge.dispute.created). */
  openDispute(sessionId: string): Promise<TestPaymentState | null>;
  closeDispute(sessionId: string, outcome: 'won' | 'lost'): Promise<TestPaymentState | null>;
  paymentState(sessionId: string): Promise<TestPaymentState | null>;
}

export function createTestModeProvider(o: {
  db: Db;
  appUrl: string;
  secret: string;
  deliver: DeliverEvent;
  log: EventLog;
}): TestModeProvider {
  const { db } = o;
  const sender = createEventSender(o);
  const payments = createPayments(db, sender);
  const reversals = createReversals(db, sender);
  const sessions = createCheckoutSessions(db, o.appUrl);

  async function changeSubscription(
    id: string,
    change: (s: TestSubscription) => { type: string; previous: Record<string, unknown> } | null,
  ) {
    const events = await db.transaction(async (tx) => {
      const sub = await testStore.get<TestSubscription>(tx, id, 'subscription', { lock: true });
      if (!sub) throw new AppError('NOT_FOUND', 'Subscription not found');
      const what = change(sub);
      if (!what) return [];
      await testStore.save(tx, id, sub);
      return [await sender.record(tx, what.type, sub, what.previous)];
    });
    await sender.deliverAll(events);
    const after = await testStore.get<TestSubscription>(db, id, 'subscription');
    if (!after) throw new AppError('NOT_FOUND', 'Subscription not found');
    return normalizeSubscription(after);
  }

  return {
    kind: 'test-mode',
    livemode: false,

    async createCustomer({ email, name, userId }) {
      const id = newId('cus', 7);
      await testStore.insert(db, id, 'customer', {
        id,
        object: 'customer',
        email,
        name,
        metadata: { userId: String(userId) },
        created: nowSeconds(),
        livemode: false,
      });
      return id;
    },

    createCheckoutSession: (p) => sessions.create(p),
    expireCheckoutSession: (id) => sessions.expire(id),
    describeSession: (id) => sessions.describe(id),

    pay: (sessionId, cardNumber) => payments.pay(sessionId, cardNumber),

    async retrieveSubscription(id): Promise<ProviderSubscription | null> {
      const sub = await testStore.get(db, id, 'subscription');
      return sub ? normalizeSubscription(sub) : null;
    },

    setCancelAtPeriodEnd: (id, cancel) =>
      changeSubscription(id, (s) => {
        if (s.status === 'canceled') throw new AppError('CONFLICT', 'This subscription has already ended.');
        if (s.cancel_at_period_end === cancel) return null;
        const previous = {
          cancel_at_period_end: s.cancel_at_period_end,
          cancel_at: s.cancel_at,
          canceled_at: s.canceled_at,
        };
        s.cancel_at_period_end = cancel;
        s.cancel_at = cancel ? s.items.data[0].current_period_end : null;
        s.canceled_at = cancel ? nowSeconds() : null;
        return { type: 'customer.subscription.updated', previous };
      }),

    async cancelNow(id) {
      const sub = await testStore.get<TestSubscription>(db, id, 'subscription');
      if (!sub || sub.status === 'canceled') return;
      await changeSubscription(id, (s) => {
        if (s.status === 'canceled') return null;
        const previous = { status: s.status };
        s.status = 'canceled';
        s.canceled_at = s.canceled_at ?? nowSeconds();
        s.ended_at = nowSeconds();
        return { type: 'customer.subscription.deleted', previous };
      });
    },

    async createReferralDiscount({ code, percentOff, expiresAt, metadata }) {
      const couponId = randomBytes(4).toString('hex').toUpperCase();
      const promotionCodeId = newId('promo', 8);
      const redeemBy = Math.floor(expiresAt.getTime() / 1000);
      await db.transaction(async (tx) => {
        await testStore.insert(tx, couponId, 'coupon', {
          id: couponId,
          object: 'coupon',
          percent_off: percentOff,
          duration: 'once',
          max_redemptions: 1,
          times_redeemed: 0,
          redeem_by: redeemBy,
          valid: true,
          metadata,
          created: nowSeconds(),
          livemode: false,
        });
        await testStore.insert(tx, promotionCodeId, 'promotion_code', {
          id: promotionCodeId,
          object: 'promotion_code',
          code,
          promotion: { type: 'coupon', coupon: couponId },
          active: true,
          max_redemptions: 1,
          times_redeemed: 0,
          expires_at: redeemBy,
          metadata,
          created: nowSeconds(),
          livemode: false,
        });
      });
      return { couponId, promotionCodeId };
    },

    advanceToPeriodEnd: (id) => payments.cycle(id),
    renewDue: (now) => payments.renewDue(now ?? new Date()),
    redeliverFailed: () => sender.redeliverFailed(),
    events: () => sender.all(),
    refund: (id, amountCents) => reversals.refund(id, amountCents),
    openDispute: (id) => reversals.openDispute(id),
    closeDispute: (id, outcome) => reversals.closeDispute(id, outcome),
    paymentState: (id) => reversals.state(id),
  };
}
