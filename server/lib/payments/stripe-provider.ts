import Stripe from 'stripe';
import { normalizeSubscription } from './normalize';
import type { CreateCheckoutParams, PaymentProvider } from './types';

const isMissing = (err: unknown) => (err as { code?: string })?.code === 'resource_missing';

/** The real Stripe, through its SDK; used whenever STRIPE_SECRET_KEY is set. */
export function createStripeProvider(
  secretKey: string,
  api?: { host: string; port: number; protocol: 'http' | 'https' },
): PaymentProvider {
  // `api` points the SDK at a stand-in server in tests; production always talks to api.stripe.com.
  const stripe = new Stripe(secretKey, api ? { ...api, maxNetworkRetries: 0 } : {});
  return {
    kind: 'stripe',
    livemode: /^(sk|rk)_live_/.test(secretKey),

    async createCustomer({ email, name, userId }) {
      const c = await stripe.customers.create(
        { email, name, metadata: { userId: String(userId) } },
        { idempotencyKey: `customer-user-${userId}` },
      );
      return c.id;
    },

    async createPortalSession({ customerId, returnUrl }) {
      const s = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: s.url };
    },

    async createCheckoutSession(p: CreateCheckoutParams) {
      const lineItem = p.price.priceId
        ? { price: p.price.priceId, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: p.price.unitAmountCents,
              product_data: { name: p.price.name, description: p.price.description || undefined },
              ...(p.mode === 'subscription' ? { recurring: { interval: p.price.interval ?? 'year' } } : {}),
            },
          };
      const session = await stripe.checkout.sessions.create({
        mode: p.mode,
        customer: p.customerId,
        client_reference_id: p.clientReferenceId,
        metadata: p.metadata,
        line_items: [lineItem],
        success_url: p.successUrl,
        cancel_url: p.cancelUrl,
        ...(p.promotionCodeId ? { discounts: [{ promotion_code: p.promotionCodeId }] } : {}),
        ...(p.mode === 'subscription'
          ? { subscription_data: { metadata: p.metadata } }
          : { payment_intent_data: { metadata: p.metadata } }),
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async expireCheckoutSession(id) {
      const s = await stripe.checkout.sessions.retrieve(id);
      if (s.status === 'complete') return 'complete';
      if (s.status !== 'open') return 'expired';
      try {
        await stripe.checkout.sessions.expire(id);
        return 'expired';
      } catch (err) {
        // Paid between the two calls: Stripe refuses to expire a completed session.
        const again = await stripe.checkout.sessions.retrieve(id);
        if (again.status === 'complete') return 'complete';
        if (again.status === 'expired') return 'expired';
        throw err;
      }
    },

    async retrieveSubscription(id) {
      try {
        return normalizeSubscription(await stripe.subscriptions.retrieve(id));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async setCancelAtPeriodEnd(id, cancel) {
      return normalizeSubscription(await stripe.subscriptions.update(id, { cancel_at_period_end: cancel }));
    },

    async cancelNow(id) {
      const current = await stripe.subscriptions.retrieve(id).catch((err) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!current || current.status === 'canceled' || current.status === 'incomplete_expired') return;
      await stripe.subscriptions.cancel(id);
    },

    async createReferralDiscount({ code, percentOff, expiresAt, metadata }) {
      const redeemBy = Math.floor(expiresAt.getTime() / 1000);
      const coupon = await stripe.coupons.create(
        {
          percent_off: percentOff,
          duration: 'once',
          max_redemptions: 1,
          redeem_by: redeemBy,
          metadata,
          name: `Referral ${percentOff}% off`,
        },
        { idempotencyKey: `referral-coupon-${code}` },
      );
      const promo = await stripe.promotionCodes.create(
        {
          promotion: { type: 'coupon', coupon: coupon.id },
          code,
          max_redemptions: 1,
          expires_at: redeemBy,
          metadata,
        },
        { idempotencyKey: `referral-promo-${code}` },
      );
      return { couponId: coupon.id, promotionCodeId: promo.id };
    },
  };
}
