import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../app-error';
import { cardOutcome } from './cards';
import type { EventSender } from './events';
import {
  addYear,
  invoiceObject,
  nowSeconds,
  paymentIntentObject,
  publicSession,
  subscriptionObject,
  type TestEvent,
  type TestSubscription,
} from './shapes';
import { testStore } from './store';

type Declined = { declined: { code: string; message: string } };

/** Charging cards and renewing subscriptions for the built-in test mode. */
export function createPayments(db: Db, sender: EventSender) {
  async function redeemPromotion(tx: Tx, promotionCodeId: string) {
    const promo = await testStore.get(tx, promotionCodeId, 'promotion_code', { lock: true });
    if (!promo || promo.times_redeemed >= promo.max_redemptions) {
      throw new AppError('PAYMENT_ERROR', 'This promotion code has already been redeemed.');
    }
    promo.times_redeemed += 1;
    promo.active = promo.times_redeemed < promo.max_redemptions;
    await testStore.save(tx, promo.id, promo);
    const coupon = await testStore.get(tx, promo.promotion.coupon, 'coupon', { lock: true });
    if (coupon) await testStore.save(tx, coupon.id, { ...coupon, times_redeemed: coupon.times_redeemed + 1 });
  }

  async function charge(tx: Tx, s: any, card: { brand: string; last4: string }): Promise<TestEvent[]> {
    const events: TestEvent[] = [];
    const discount = s.discounts[0] ?? null;
    if (discount) await redeemPromotion(tx, discount.promotion_code);
    const pi = paymentIntentObject({
      amount: s.amount_total,
      customer: s.customer,
      metadata: s.metadata,
      card,
    });
    await testStore.insert(tx, pi.id, 'payment_intent', pi);
    s.status = 'complete';
    s.payment_status = 'paid';
    if (s.mode === 'subscription') {
      const sub = subscriptionObject({
        customer: s.customer,
        price: s._va.price,
        metadata: s.metadata,
        start: nowSeconds(),
        discount,
      });
      const inv = invoiceObject({
        sub,
        billingReason: 'subscription_create',
        amountDiscount: s.total_details.amount_discount,
        paymentIntent: pi.id,
      });
      sub.latest_invoice = inv.id;
      await testStore.insert(tx, sub.id, 'subscription', sub);
      await testStore.insert(tx, inv.id, 'invoice', inv);
      s.subscription = sub.id;
      s.invoice = inv.id;
      events.push(await sender.record(tx, 'customer.subscription.created', sub));
      events.push(await sender.record(tx, 'checkout.session.completed', publicSession(s)));
      events.push(await sender.record(tx, 'invoice.paid', inv));
      events.push(await sender.record(tx, 'invoice.payment_succeeded', inv));
    } else {
      s.payment_intent = pi.id;
      events.push(await sender.record(tx, 'checkout.session.completed', publicSession(s)));
      events.push(await sender.record(tx, 'payment_intent.succeeded', pi));
    }
    await testStore.save(tx, s.id, s);
    return events;
  }

  async function pay(sessionId: string, cardNumber: string) {
    const outcome = cardOutcome(cardNumber);
    const result = await db.transaction(
      async (tx): Promise<Declined | { events: TestEvent[]; redirectUrl: string }> => {
        const s = await testStore.get(tx, sessionId, 'checkout_session', { lock: true });
        if (!s) throw new AppError('NOT_FOUND', 'Checkout session not found');
        if (s.status === 'complete')
          throw new AppError('CONFLICT', 'This checkout session is already complete.');
        if (s.expires_at < nowSeconds()) throw new AppError('CONFLICT', 'This checkout session has expired.');
        if (!outcome.ok) {
          s._va.attempts.push({
            at: nowSeconds(),
            code: outcome.code,
            decline_code: outcome.declineCode ?? null,
          });
          s.last_payment_error = {
            code: outcome.code,
            decline_code: outcome.declineCode,
            message: outcome.message,
          };
          await testStore.save(tx, s.id, s);
          return { declined: { code: outcome.code, message: outcome.message } };
        }
        return { events: await charge(tx, s, outcome), redirectUrl: s.success_url };
      },
    );
    if ('declined' in result)
      throw new AppError('PAYMENT_ERROR', result.declined.message, { cardNumber: result.declined.message });
    await sender.deliverAll(result.events);
    return { redirectUrl: result.redirectUrl };
  }

  /** One billing cycle: a cancelling subscription ends; any other is charged for another year. */
  async function cycle(id: string) {
    const events = await db.transaction(async (tx) => {
      const sub = await testStore.get<TestSubscription>(tx, id, 'subscription', { lock: true });
      if (!sub) throw new AppError('NOT_FOUND', 'Subscription not found');
      if (sub.status !== 'active') return [];
      const item = sub.items.data[0];
      if (sub.cancel_at_period_end) {
        sub.status = 'canceled';
        sub.ended_at = item.current_period_end;
        await testStore.save(tx, id, sub);
        return [await sender.record(tx, 'customer.subscription.deleted', sub, { status: 'active' })];
      }
      const previous = {
        items: {
          data: [
            { current_period_start: item.current_period_start, current_period_end: item.current_period_end },
          ],
        },
      };
      item.current_period_start = item.current_period_end;
      item.current_period_end = addYear(item.current_period_end);
      sub.discounts = [];
      const pi = paymentIntentObject({
        amount: item.price.unit_amount,
        customer: sub.customer,
        metadata: sub.metadata,
        card: { brand: 'visa', last4: '4242' },
      });
      const inv = invoiceObject({
        sub,
        billingReason: 'subscription_cycle',
        amountDiscount: 0,
        paymentIntent: pi.id,
      });
      sub.latest_invoice = inv.id;
      await testStore.insert(tx, pi.id, 'payment_intent', pi);
      await testStore.insert(tx, inv.id, 'invoice', inv);
      await testStore.save(tx, id, sub);
      return [
        await sender.record(tx, 'customer.subscription.updated', sub, previous),
        await sender.record(tx, 'invoice.paid', inv),
        await sender.record(tx, 'invoice.payment_succeeded', inv),
      ];
    });
    await sender.deliverAll(events);
  }

  async function renewDue(now: Date) {
    const t = Math.floor(now.getTime() / 1000);
    const due = (await testStore.find<TestSubscription>(db, 'subscription', { status: 'active' })).filter(
      (s) => s.items.data[0].current_period_end <= t,
    );
    for (const s of due) await cycle(s.id);
    return due.length;
  }

  return { pay, cycle, renewDue };
}
