import { randomBytes } from 'node:crypto';
import type { TestCheckoutSession } from '../../../../contract/billing';
import type { Db } from '../../../db/client';
import { AppError } from '../../app-error';
import type { CreateCheckoutParams } from '../types';
import { nowSeconds } from './shapes';
import { testStore } from './store';

const SESSION_TTL_SECONDS = 24 * 60 * 60;

/** Checkout sessions of the built-in test mode: opened by the app, shown on the hosted page. */
export function createCheckoutSessions(db: Db, appUrl: string) {
  async function create(p: CreateCheckoutParams) {
    let percentOff = 0;
    let discount: { coupon: string; promotion_code: string } | null = null;
    if (p.promotionCodeId) {
      const promo = await testStore.get(db, p.promotionCodeId, 'promotion_code');
      if (
        !promo ||
        !promo.active ||
        promo.times_redeemed >= promo.max_redemptions ||
        promo.expires_at < nowSeconds()
      ) {
        throw new AppError('VALIDATION_ERROR', 'This promotion code is invalid or has expired.');
      }
      const coupon = await testStore.get(db, promo.promotion.coupon, 'coupon');
      percentOff = coupon?.percent_off ?? 0;
      discount = { coupon: promo.promotion.coupon, promotion_code: promo.id };
    }
    const subtotal = p.price.unitAmountCents;
    const amountDiscount = Math.round((subtotal * percentOff) / 100);
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const created = nowSeconds();
    const url = `${appUrl}/checkout/test/${id}`;
    await testStore.insert(db, id, 'checkout_session', {
      id,
      object: 'checkout.session',
      mode: p.mode,
      status: 'open',
      payment_status: 'unpaid',
      customer: p.customerId,
      customer_email: p.customerEmail,
      client_reference_id: p.clientReferenceId,
      metadata: p.metadata,
      currency: 'usd',
      amount_subtotal: subtotal,
      amount_total: subtotal - amountDiscount,
      total_details: { amount_discount: amountDiscount, amount_shipping: 0, amount_tax: 0 },
      discounts: discount ? [discount] : [],
      subscription: null,
      invoice: null,
      payment_intent: null,
      success_url: p.successUrl,
      cancel_url: p.cancelUrl,
      url,
      created,
      expires_at: created + SESSION_TTL_SECONDS,
      livemode: false,
      _va: { price: p.price, attempts: [] },
    });
    return { id, url };
  }

  async function expire(id: string) {
    return db.transaction(async (tx) => {
      const s = await testStore.get(tx, id, 'checkout_session', { lock: true });
      if (!s) return 'expired' as const;
      if (s.status === 'complete') return 'complete' as const;
      if (s.status === 'open') {
        s.status = 'expired';
        s.expires_at = Math.min(s.expires_at, nowSeconds() - 1);
        await testStore.save(tx, id, s);
      }
      return 'expired' as const;
    });
  }

  async function describe(id: string): Promise<TestCheckoutSession | null> {
    const s = await testStore.get(db, id, 'checkout_session');
    if (!s) return null;
    const expired = s.status === 'open' && s.expires_at < nowSeconds();
    const code = s.discounts[0]
      ? (await testStore.get(db, s.discounts[0].promotion_code, 'promotion_code'))?.code
      : null;
    return {
      id: s.id,
      status: expired ? 'expired' : s.status,
      mode: s.mode,
      productName: s._va.price.name,
      description: s._va.price.description,
      interval: s._va.price.interval,
      currency: s.currency,
      amountSubtotalCents: s.amount_subtotal,
      amountDiscountCents: s.total_details.amount_discount,
      amountTotalCents: s.amount_total,
      promotionCode: code ?? null,
      customerEmail: s.customer_email,
      cancelUrl: s.cancel_url,
      successUrl: s.status === 'complete' ? s.success_url : null,
    };
  }

  return { create, expire, describe };
}
