import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceMetadata, invoiceSubscriptionId, normalizeSubscription } from './normalize';
import { createStripeProvider } from './stripe-provider';

/** A stand-in for api.stripe.com that records what the SDK sends. */
let server: Server;
const calls: { method: string; path: string; body: URLSearchParams }[] = [];
const answers: Record<string, unknown> = {
  'POST /v1/checkout/sessions': {
    id: 'cs_test_1',
    object: 'checkout.session',
    url: 'https://checkout.stripe.com/c/pay/cs_test_1',
  },
  'POST /v1/coupons': { id: 'COUPON1', object: 'coupon' },
  'POST /v1/billing_portal/sessions': {
    id: 'bps_1',
    object: 'billing_portal.session',
    url: 'https://billing.stripe.com/p/session/test_1',
  },
  'POST /v1/promotion_codes': { id: 'promo_1', object: 'promotion_code' },
  'POST /v1/subscriptions/sub_1': {
    id: 'sub_1',
    object: 'subscription',
    status: 'active',
    cancel_at_period_end: true,
    customer: 'cus_1',
    livemode: false,
    metadata: { userId: '7', planId: '3' },
    items: { data: [{ price: { id: 'price_1' }, current_period_start: 1000, current_period_end: 2000 }] },
  },
};
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = req.url!.split('?')[0];
      calls.push({ method: req.method!, path, body: new URLSearchParams(raw) });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answers[`${req.method} ${path}`] ?? {}));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const provider = () => createStripeProvider('sk_test_123', { host: '127.0.0.1', port, protocol: 'http' });

describe('the real Stripe provider', () => {
  it('is live only with a live key', () => {
    expect(provider().livemode).toBe(false);
    expect(createStripeProvider('sk_live_123').livemode).toBe(true);
  });

  it('creates a subscription Checkout Session with our metadata on the session and the subscription, and the promotion code', async () => {
    const { url } = await provider().createCheckoutSession({
      mode: 'subscription',
      customerId: 'cus_1',
      customerEmail: 'a@example.com',
      clientReferenceId: '7',
      price: {
        planKey: 'premium',
        name: 'Premium',
        description: 'All',
        unitAmountCents: 8900,
        interval: 'year',
        priceId: null,
      },
      successUrl: 'http://x/s',
      cancelUrl: 'http://x/c',
      metadata: { userId: '7', planId: '3' },
      promotionCodeId: 'promo_9',
    });
    expect(url).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    const b = calls.at(-1)!.body;
    expect(Object.fromEntries(b)).toMatchObject({
      mode: 'subscription',
      customer: 'cus_1',
      client_reference_id: '7',
      'metadata[userId]': '7',
      'metadata[planId]': '3',
      'subscription_data[metadata][userId]': '7',
      'line_items[0][price_data][unit_amount]': '8900',
      'line_items[0][price_data][recurring][interval]': 'year',
      'discounts[0][promotion_code]': 'promo_9',
    });
  });

  it('uses a configured price id when the plan has one, and payment mode for products', async () => {
    await provider().createCheckoutSession({
      mode: 'payment',
      customerId: 'cus_1',
      customerEmail: 'a@example.com',
      clientReferenceId: '7',
      price: {
        planKey: 'combo',
        name: 'Combo',
        description: '',
        unitAmountCents: 5900,
        interval: null,
        priceId: 'price_abc',
      },
      successUrl: 'http://x/s',
      cancelUrl: 'http://x/c',
      metadata: { userId: '7', planId: '9' },
    });
    expect(Object.fromEntries(calls.at(-1)!.body)).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': 'price_abc',
      'payment_intent_data[metadata][planId]': '9',
    });
  });

  it('cancels at period end and reads the answer in the new API shape', async () => {
    const sub = await provider().setCancelAtPeriodEnd('sub_1', true);
    expect(calls.at(-1)!.body.get('cancel_at_period_end')).toBe('true');
    expect(sub).toMatchObject({
      id: 'sub_1',
      cancelAtPeriodEnd: true,
      priceId: 'price_1',
      currentPeriodEnd: new Date(2000_000),
    });
  });

  it('opens a customer portal session for our customer that returns to the profile', async () => {
    const r = await provider().createPortalSession!({ customerId: 'cus_1', returnUrl: 'http://x/profile' });
    expect(r).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' });
    expect(calls.at(-1)!.path).toBe('/v1/billing_portal/sessions');
    expect(Object.fromEntries(calls.at(-1)!.body)).toEqual({
      customer: 'cus_1',
      return_url: 'http://x/profile',
    });
  });

  it('creates a once-only coupon and a promotion code named by the referral code', async () => {
    const r = await provider().createReferralDiscount({
      code: 'VAABC',
      percentOff: 20,
      expiresAt: new Date(5000_000),
      metadata: {},
    });
    expect(r).toEqual({ couponId: 'COUPON1', promotionCodeId: 'promo_1' });
    const [coupon, promo] = calls.slice(-2).map((c) => Object.fromEntries(c.body));
    expect(coupon).toMatchObject({
      percent_off: '20',
      duration: 'once',
      max_redemptions: '1',
      redeem_by: '5000',
    });
    expect(promo).toMatchObject({
      code: 'VAABC',
      'promotion[coupon]': 'COUPON1',
      'promotion[type]': 'coupon',
      max_redemptions: '1',
    });
  });
});

describe('reading Stripe objects of older API versions', () => {
  it('takes periods and the price from the subscription itself', () => {
    const s = normalizeSubscription({
      id: 'sub_o',
      status: 'past_due',
      customer: { id: 'cus_o' },
      current_period_end: 3000,
      plan: { id: 'price_o' },
    });
    expect(s).toMatchObject({
      customerId: 'cus_o',
      status: 'past_due',
      currentPeriodEnd: new Date(3000_000),
      priceId: 'price_o',
    });
  });

  it('finds the subscription and metadata of an invoice in both shapes', () => {
    expect(invoiceSubscriptionId({ subscription: 'sub_old' })).toBe('sub_old');
    expect(invoiceSubscriptionId({ parent: { subscription_details: { subscription: 'sub_new' } } })).toBe(
      'sub_new',
    );
    expect(invoiceMetadata({ subscription_details: { metadata: { userId: '1' } } })).toEqual({ userId: '1' });
  });
});
