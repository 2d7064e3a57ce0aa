import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { PaymentEvent, PaymentEventBody } from './events';
import {
  idOf,
  invoiceMetadata,
  invoicePaymentIntentId,
  invoicePriceId,
  invoiceSubscriptionId,
  normalizeSubscription,
} from './normalize';
import type {
  WebhookCharge,
  WebhookCheckoutSession,
  WebhookDispute,
  WebhookInvoice,
  WebhookRefund,
  WebhookSubscription,
} from './stripe-objects';

/** The envelope every Stripe event has; a signed body without it is refused, not ignored. */
const envelope = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number(),
  livemode: z.boolean(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const cents = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const centsOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const PAYMENT: Record<string, 'paid' | 'free'> = { paid: 'paid', no_payment_required: 'free' };

/** The charge an invoice was paid by, when the payload names it: `charge` before 2025-03, or an included `payments` list. */
function invoiceChargeId(inv: WebhookInvoice): string | null {
  return idOf(inv.charge) ?? idOf(inv.payments?.data?.[0]?.payment?.charge);
}

/** What an `invoice_payment.paid` event links: the invoice and the payment intent or charge that paid it. */
export function invoicePaymentLink(ip: Partial<Stripe.InvoicePayment> | null | undefined) {
  return {
    invoiceId: idOf(ip?.invoice),
    paymentIntentId: idOf(ip?.payment?.payment_intent),
    chargeId: idOf(ip?.payment?.charge),
  };
}

function checkout(s: WebhookCheckoutSession): PaymentEventBody {
  return {
    type: 'checkout.completed',
    sessionId: String(s.id),
    mode: s.mode === 'payment' ? 'payment' : s.mode === 'subscription' ? 'subscription' : 'setup',
    payment: PAYMENT[s.payment_status] ?? 'pending',
    customerId: idOf(s.customer),
    clientReferenceId: s.client_reference_id ?? null,
    metadata: { ...(s.metadata ?? {}) },
    paymentIntentId: idOf(s.payment_intent),
    subscriptionId: idOf(s.subscription),
    amountTotalCents: centsOrNull(s.amount_total),
  };
}

function invoicePaid(inv: WebhookInvoice): PaymentEventBody {
  return {
    type: 'invoice.paid',
    invoiceId: String(inv.id),
    subscriptionId: invoiceSubscriptionId(inv),
    customerId: idOf(inv.customer),
    metadata: invoiceMetadata(inv),
    priceId: invoicePriceId(inv),
    billingReason: inv.billing_reason ?? null,
    renewal: inv.billing_reason === 'subscription_cycle',
    paymentIntentId: invoicePaymentIntentId(inv),
    chargeId: invoiceChargeId(inv),
    amountPaidCents: centsOrNull(inv.amount_paid),
  };
}

function chargeRefunded(ch: WebhookCharge): PaymentEventBody {
  return {
    type: 'payment.refunded',
    chargeId: String(ch.id),
    paymentIntentId: idOf(ch.payment_intent),
    customerId: idOf(ch.customer),
    invoiceId: idOf(ch.invoice),
    metadata: { ...(ch.metadata ?? {}) },
    amountCents: cents(ch.amount),
    refundedCents: cents(ch.amount_refunded),
    currency: ch.currency ?? null,
  };
}

function refund(re: WebhookRefund): PaymentEventBody {
  return {
    type: 'refund.changed',
    refundId: String(re.id),
    chargeId: idOf(re.charge),
    paymentIntentId: idOf(re.payment_intent),
    metadata: { ...(re.metadata ?? {}) },
    amountCents: cents(re.amount),
    status: String(re.status),
    currency: re.currency ?? null,
  };
}

function dispute(dp: WebhookDispute): PaymentEventBody {
  return {
    type: 'dispute.changed',
    disputeId: String(dp.id),
    chargeId: idOf(dp.charge),
    paymentIntentId: idOf(dp.payment_intent),
    metadata: { ...(dp.metadata ?? {}) },
    amountCents: cents(dp.amount),
    status: String(dp.status),
    reason: dp.reason ?? null,
    currency: dp.currency ?? null,
  };
}

// Each reader names the Stripe object it expects; the envelope check has made it an object.
const READERS: Record<string, (object: any) => PaymentEventBody> = {
  'checkout.session.completed': checkout,
  'checkout.session.async_payment_succeeded': checkout,
  'invoice.paid': invoicePaid,
  'invoice_payment.paid': (ip: Stripe.InvoicePayment) => ({
    type: 'invoice.payment_linked',
    ...invoicePaymentLink(ip),
  }),
  'customer.subscription.created': (s: WebhookSubscription) => subscriptionChanged(s),
  'customer.subscription.updated': (s: WebhookSubscription) => subscriptionChanged(s),
  'customer.subscription.deleted': (s: WebhookSubscription) => subscriptionChanged(s),
  'charge.refunded': chargeRefunded,
  'charge.refund.updated': refund,
  'refund.created': refund,
  'refund.updated': refund,
  'refund.failed': refund,
  'charge.dispute.created': dispute,
  'charge.dispute.updated': dispute,
  'charge.dispute.closed': dispute,
};

function subscriptionChanged(s: WebhookSubscription): PaymentEventBody {
  return { type: 'subscription.changed', subscription: normalizeSubscription(s) };
}

/** The Stripe event types the app acts on (the webhook diagnostics list them for the dashboard's setup). */
export const STRIPE_HANDLED_EVENTS = Object.keys(READERS);

/**
 * A verified Stripe event in the app's vocabulary; an unknown type is `ignored`. Null when the body
 * is not an event at all (no id, type, time, mode or object).
 */
export function fromStripeEvent(raw: unknown): PaymentEvent | null {
  const parsed = envelope.safeParse(raw);
  if (!parsed.success) return null;
  const e = parsed.data;
  const read = READERS[e.type];
  return {
    id: e.id,
    providerType: e.type,
    created: e.created,
    livemode: e.livemode,
    payload: raw,
    ...(read ? read(e.data.object) : { type: 'ignored' as const }),
  };
}

/** A Stripe-shaped event no handler acts on, for the webhook self-test (it must be answered `ignored`). */
export function stripeSelfTestEvent(now: number) {
  return {
    id: `evt_selftest_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type: 'webhook.test',
    created: now,
    livemode: false,
    data: { object: { id: 'test', object: 'test' } },
  };
}
