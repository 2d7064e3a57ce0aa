import type Stripe from 'stripe';

/**
 * The Stripe objects the webhook reads, typed by the `stripe` package, plus the fields of API versions
 * before 2025-03 that the package's current types no longer list: an endpoint delivers events in the
 * API version it was created with, so both shapes arrive (decision 174).
 */
type Ref<T> = string | T | null;

export type WebhookCheckoutSession = Stripe.Checkout.Session;
export type WebhookCharge = Stripe.Charge & { invoice?: Ref<Stripe.Invoice> };
export type WebhookRefund = Stripe.Refund;
export type WebhookDispute = Stripe.Dispute;

export type WebhookInvoiceLine = Stripe.InvoiceLineItem & { price?: Ref<Stripe.Price> };
export type WebhookInvoice = Omit<Stripe.Invoice, 'lines'> & {
  lines?: { data: WebhookInvoiceLine[] };
  subscription?: Ref<Stripe.Subscription>;
  payment_intent?: Ref<Stripe.PaymentIntent>;
  charge?: Ref<Stripe.Charge>;
  subscription_details?: { metadata?: Stripe.Metadata | null } | null;
};

/** A subscription in either shape: periods on the subscription (before 2025-03) or on its items. */
export type WebhookSubscription = Stripe.Subscription & {
  current_period_start?: number | null;
  current_period_end?: number | null;
};
