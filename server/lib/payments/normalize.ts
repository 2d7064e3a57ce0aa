import type Stripe from 'stripe';
import type { ProviderSubscription } from './types';

/**
 * What the normalizers read of a subscription and an invoice, in every API version's shape (decision
 * 174). The `stripe` package's objects, the webhook's typed objects and the test-mode provider's
 * objects all satisfy these; a field an API version leaves out is optional.
 */
type IdRef = string | { id: string } | null;
interface SubscriptionFields {
  id: string;
  status: string;
  customer?: IdRef;
  cancel_at_period_end?: boolean | null;
  current_period_start?: number | null;
  current_period_end?: number | null;
  ended_at?: number | null;
  metadata?: Stripe.Metadata | null;
  livemode?: boolean;
  items?: {
    data: { current_period_start?: number | null; current_period_end?: number | null; price?: IdRef }[];
  };
  plan?: IdRef;
}
interface InvoiceLineFields {
  metadata?: Stripe.Metadata | null;
  price?: IdRef;
  pricing?: { price_details?: { price?: IdRef } | null } | null;
}
interface InvoiceFields {
  subscription?: IdRef;
  payment_intent?: IdRef;
  parent?: {
    subscription_details?: { subscription?: IdRef; metadata?: Stripe.Metadata | null } | null;
  } | null;
  subscription_details?: { metadata?: Stripe.Metadata | null } | null;
  lines?: { data: InvoiceLineFields[] };
  payments?: { data: { payment?: { payment_intent?: IdRef } | null }[] };
}

const date = (s: unknown) => (typeof s === 'number' ? new Date(s * 1000) : null);
const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String(v.id) : null;

/** Reads a subscription in either shape: periods on the subscription (before 2025-03) or on its items. */
export function normalizeSubscription(s: SubscriptionFields): ProviderSubscription {
  const item = s.items?.data?.[0];
  return {
    id: String(s.id),
    customerId: idOf(s.customer),
    status: String(s.status),
    cancelAtPeriodEnd: Boolean(s.cancel_at_period_end),
    currentPeriodStart: date(s.current_period_start ?? item?.current_period_start),
    currentPeriodEnd: date(s.current_period_end ?? item?.current_period_end),
    endedAt: date(s.ended_at),
    metadata: { ...(s.metadata ?? {}) },
    priceId: idOf(item?.price) ?? idOf(s.plan),
    livemode: Boolean(s.livemode),
  };
}

/** The subscription an invoice belongs to, in the old (invoice.subscription) or new (invoice.parent) shape. */
export function invoiceSubscriptionId(inv: InvoiceFields): string | null {
  return idOf(inv.parent?.subscription_details?.subscription) ?? idOf(inv.subscription);
}

/** Our userId/planId travel as subscription metadata, which Stripe copies onto each invoice. */
export function invoiceMetadata(inv: InvoiceFields): Record<string, string> {
  return {
    ...(inv.lines?.data?.[0]?.metadata ?? {}),
    ...(inv.subscription_details?.metadata ?? {}),
    ...(inv.parent?.subscription_details?.metadata ?? {}),
  };
}

export function invoicePriceId(inv: InvoiceFields): string | null {
  const line = inv.lines?.data?.[0];
  return idOf(line?.pricing?.price_details?.price) ?? idOf(line?.price);
}

export function invoicePaymentIntentId(inv: InvoiceFields): string | null {
  return idOf(inv.payment_intent) ?? idOf(inv.payments?.data?.[0]?.payment?.payment_intent);
}

export { idOf };
