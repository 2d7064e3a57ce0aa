import { randomBytes } from 'node:crypto';
import { formatCents } from '../../../../contract/money';
import type { CheckoutPrice } from '../types';

/** The Stripe API version whose JSON shapes the test mode imitates (the installed SDK's). */
const TEST_MODE_API_VERSION = '2026-10-28.endive';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export const newId = (prefix: string, bytes = 12) => `${prefix}_${randomBytes(bytes).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const addYear = (t: number) => t + YEAR_SECONDS;

function priceObject(p: CheckoutPrice) {
  return {
    id: p.priceId ?? `price_va_${p.planKey}`,
    object: 'price',
    active: true,
    currency: 'usd',
    // A session opened before the field was named unitAmountCents (decision 201) may still be paid.
    unit_amount: p.unitAmountCents ?? (p as { unitAmount?: number }).unitAmount,
    nickname: p.name,
    product: `prod_va_${p.planKey}`,
    recurring: p.interval ? { interval: p.interval, interval_count: 1 } : null,
    type: p.interval ? 'recurring' : 'one_time',
    livemode: false,
  };
}

export function subscriptionObject(a: {
  customer: string;
  price: CheckoutPrice;
  metadata: Record<string, string>;
  start: number;
  discount: unknown;
}) {
  const id = newId('sub');
  return {
    id,
    object: 'subscription',
    customer: a.customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null as number | null,
    canceled_at: null as number | null,
    ended_at: null as number | null,
    collection_method: 'charge_automatically',
    created: a.start,
    start_date: a.start,
    currency: 'usd',
    metadata: a.metadata,
    discounts: a.discount ? [a.discount] : [],
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          subscription: id,
          quantity: 1,
          price: priceObject(a.price),
          current_period_start: a.start,
          current_period_end: addYear(a.start),
        },
      ],
    },
    latest_invoice: null as string | null,
    livemode: false,
  };
}
export type TestSubscription = ReturnType<typeof subscriptionObject>;

export function invoiceObject(a: {
  sub: TestSubscription;
  billingReason: 'subscription_create' | 'subscription_cycle';
  amountDiscount: number;
  paymentIntent: string;
}) {
  const item = a.sub.items.data[0];
  const subtotal = item.price.unit_amount;
  const total = subtotal - a.amountDiscount;
  const details = { subscription: a.sub.id, metadata: a.sub.metadata };
  return {
    id: newId('in'),
    object: 'invoice',
    customer: a.sub.customer,
    billing_reason: a.billingReason,
    status: 'paid',
    currency: 'usd',
    subtotal,
    total,
    amount_due: total,
    amount_paid: total,
    amount_remaining: 0,
    total_discount_amounts: a.amountDiscount ? [{ amount: a.amountDiscount }] : [],
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: details },
    lines: {
      object: 'list',
      data: [
        {
          id: newId('il'),
          object: 'line_item',
          amount: subtotal,
          description: `1 × ${item.price.nickname} (at ${formatCents(subtotal)} / year)`,
          metadata: a.sub.metadata,
          period: { start: item.current_period_start, end: item.current_period_end },
          pricing: {
            type: 'price_details',
            price_details: { price: item.price.id, product: item.price.product },
          },
        },
      ],
    },
    payments: {
      object: 'list',
      data: [{ payment: { type: 'payment_intent', payment_intent: a.paymentIntent } }],
    },
    status_transitions: { paid_at: nowSeconds() },
    created: nowSeconds(),
    livemode: false,
  };
}

export function paymentIntentObject(a: {
  amount: number;
  customer: string;
  metadata: Record<string, string>;
  card: { brand: string; last4: string };
}) {
  return {
    id: newId('pi'),
    object: 'payment_intent',
    amount: a.amount,
    amount_received: a.amount,
    currency: 'usd',
    customer: a.customer,
    metadata: a.metadata,
    status: 'succeeded',
    payment_method_types: ['card'],
    latest_charge: newId('ch'),
    payment_method_details: { type: 'card', card: a.card },
    created: nowSeconds(),
    livemode: false,
  };
}

export function eventObject(type: string, object: unknown, previous?: Record<string, unknown>) {
  return {
    id: newId('evt', 16),
    object: 'event',
    api_version: TEST_MODE_API_VERSION,
    created: nowSeconds(),
    type,
    data: { object, ...(previous ? { previous_attributes: previous } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}
export type TestEvent = ReturnType<typeof eventObject>;

/** A checkout session as Stripe returns it; our private display data stays under `_va` and never leaves. */
export function publicSession<T extends { _va?: unknown }>(s: T): Omit<T, '_va'> {
  const { _va, ...rest } = s;
  return rest;
}
