import { z } from 'zod';
import { ID_MAX } from './constants';
import { nonNegativeCentsSchema } from './money';

const PLAN_TYPES = ['subscription', 'one_time'] as const;
type PlanType = (typeof PLAN_TYPES)[number];

/** Subscription plans from lowest to highest; one-time products have no rank among them. */
const PLAN_RANK = ['Economy', 'Basic', 'Standard', 'Premium'] as const;

export const planSchema = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(PLAN_TYPES),
  stars: z.number(),
  rank: z.number(),
  /** The specification's field, in dollars; derived from `priceCents`, which every screen formats. */
  priceUsd: z.number(),
  priceCents: nonNegativeCentsSchema,
  interval: z.string().nullable(),
  maxSpeedVideosPerYear: z.number(),
  igaPerYear: z.number(),
  videoStorageLimit: z.number(),
  features: z.array(z.string()),
  stripePriceId: z.string().nullable(),
  stripePriceIdLive: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;
export const plansResponseSchema = z.array(planSchema);

export const stripeConfigSchema = z.object({
  isTestMode: z.boolean(),
  /** 'test-mode' is the built-in provider (no Stripe account); 'stripe' is the real SDK. */
  provider: z.enum(['test-mode', 'stripe']),
  publishableKey: z.string().nullable(),
});

export const checkoutBodySchema = z.object({
  planId: z.coerce
    .number({ error: 'Please choose a plan' })
    .int('Please choose a plan')
    .positive('Please choose a plan')
    .max(ID_MAX, 'Please choose a plan'),
  promoCode: z.string().trim().max(100).nullish(),
});
export type CheckoutInput = z.infer<typeof checkoutBodySchema>;
export const checkoutResponseSchema = z.object({ url: z.string() });

/** The success/cancel return of the specification: type=one-time for products, payment for plans. */
export const checkoutReturnType = (planType: PlanType) => (planType === 'one_time' ? 'one-time' : 'payment');

/** A subscription as the payment provider shows it (the shape the profile tab reads). */
export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  current_period_end: z.number().nullable(),
  /** Epoch seconds when an ended subscription stopped (an upgrade ends the old plan early); null while it runs. */
  ended_at: z.number().nullable().optional(),
  plan: z.object({
    id: z.string(),
    /** The specification's (and Stripe's) field: cents. */
    amount: nonNegativeCentsSchema,
    interval: z.string(),
    product: z.object({ name: z.string() }),
  }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionsResponseSchema = z.object({ data: z.array(subscriptionSchema), note: z.string() });
export const subscriptionParamsSchema = z.object({ id: z.string().min(1).max(255) });
export const subscriptionActionResponseSchema = z.object({
  message: z.string(),
  subscription: subscriptionSchema,
});

export type PlanButtonLabel =
  'Purchase' | 'Subscribe' | 'Upgrade' | 'Renew' | 'Current Plan' | 'Not Available';

export interface CurrentSubscription {
  planName: string;
  cancelAtPeriodEnd: boolean;
}

const rankOf = (name: string) => PLAN_RANK.indexOf(name as (typeof PLAN_RANK)[number]);

/**
 * The plan button rule of the specification, shared so the server refuses exactly what the page
 * disables. A cancelling subscription still counts as the current plan (Renew); every other plan
 * then reads Subscribe, which is the only way the spec's Renew rule can ever apply.
 */
export function planButtonLabel(
  plan: { type: PlanType; name: string },
  current: CurrentSubscription | null,
): PlanButtonLabel {
  if (plan.type === 'one_time') return 'Purchase';
  if (current?.planName === 'Premium') return plan.name === 'Premium' ? 'Current Plan' : 'Not Available';
  if (!current) return 'Subscribe';
  if (current.planName === plan.name) return current.cancelAtPeriodEnd ? 'Renew' : 'Current Plan';
  if (current.cancelAtPeriodEnd) return 'Subscribe';
  return rankOf(plan.name) > rankOf(current.planName) ? 'Upgrade' : 'Not Available';
}

export const isPurchasable = (label: PlanButtonLabel) =>
  label !== 'Current Plan' && label !== 'Not Available';

/** Feature lines that repeat a credit line ("10 Max Speed ...", "5 IGA ...") are hidden on the card. */
export const isCreditFeatureLine = (line: string) => /\b\d+\s+(max\s*speed|iga)\b/i.test(line);

// ---- Built-in test-mode checkout (the hosted payment page) ----

export const testCheckoutParamsSchema = z.object({ sessionId: z.string().min(1).max(200) });

export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  mode: z.enum(['payment', 'subscription']),
  productName: z.string(),
  description: z.string(),
  interval: z.string().nullable(),
  currency: z.string(),
  amountSubtotalCents: nonNegativeCentsSchema,
  amountDiscountCents: nonNegativeCentsSchema,
  amountTotalCents: nonNegativeCentsSchema,
  promotionCode: z.string().nullable(),
  customerEmail: z.string().nullable(),
  cancelUrl: z.string(),
  successUrl: z.string().nullable(),
});
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>;

export const testPayResponseSchema = z.object({ status: z.literal('complete'), redirectUrl: z.string() });

/** The cards the test-mode banner lists (Stripe's own test numbers). */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

// ---- Webhook diagnostics ----

export const webhookDebugSchema = z.object({
  config: z.object({
    mode: z.enum(['TEST', 'LIVE']),
    provider: z.enum(['test-mode', 'stripe']),
    hasWebhookSecret: z.boolean(),
    webhookSecretSource: z.enum(['environment', 'generated']),
  }),
  environment: z.object({
    env: z.record(z.string(), z.boolean()),
    mountedSecrets: z.record(z.string(), z.boolean()),
    error: z.string().nullable(),
  }),
  endpoints: z.array(
    z.object({ method: z.string(), path: z.string(), url: z.string(), description: z.string() }),
  ),
  events: z.object({
    handled: z.array(z.string()),
    recent: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        livemode: z.boolean(),
        processedAt: z.string().nullable(),
      }),
    ),
  }),
});
export type WebhookDebug = z.infer<typeof webhookDebugSchema>;

export const webhookTestResultSchema = z.object({
  ok: z.boolean(),
  results: z.array(
    z.object({ name: z.string(), passed: z.boolean(), status: z.number(), detail: z.string() }),
  ),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

export const webhookTestBodyResponseSchema = z.object({
  contentType: z.string().nullable(),
  bytes: z.number(),
  sha256: z.string(),
  rawBodyPreserved: z.boolean(),
  json: z.unknown().nullable(),
});

/** What our webhook answers Stripe (and the diagnostics page). */
export const webhookAckSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  outcome: z.string(),
});
