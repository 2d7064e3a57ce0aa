import type { Cents } from '../../../contract/money';
import type { ProviderSubscription } from './types';

/**
 * The app's own payment events (decision 202). A provider adapter (stripe-events.ts) turns each
 * verified webhook into one of these; the billing module switches over these only, so Stripe's
 * vocabulary and object shapes stop at server/lib/payments/.
 */
export interface PaymentEventEnvelope {
  /** The provider's event id: recorded with the event's effects, so a redelivery changes nothing. */
  id: string;
  /** The provider's own name for the event, kept in the events table and the logs. */
  providerType: string;
  /** Epoch seconds when the provider created it: a later refund or dispute state replaces an earlier one. */
  created: number;
  /** Live keys moved real money; test and live ids are kept apart. */
  livemode: boolean;
  /** The body as received, recorded with the id for support and for events that arrive out of order. */
  payload: unknown;
}

type Metadata = Record<string, string>;

/** A hosted checkout finished: paid, free (a 100% discount), or still awaiting an asynchronous payment. */
export interface CheckoutCompleted {
  type: 'checkout.completed';
  sessionId: string;
  mode: 'payment' | 'subscription' | 'setup';
  payment: 'paid' | 'free' | 'pending';
  customerId: string | null;
  clientReferenceId: string | null;
  /** Ours, set when the session was opened: userId, planId, referralCode, replacesSubscription. */
  metadata: Metadata;
  paymentIntentId: string | null;
  subscriptionId: string | null;
  amountTotalCents: Cents | null;
}

/** A subscription invoice was paid: the first year or a renewal. */
export interface InvoicePaid {
  type: 'invoice.paid';
  invoiceId: string;
  subscriptionId: string | null;
  customerId: string | null;
  metadata: Metadata;
  priceId: string | null;
  /** The provider's reason, kept on the grant; `renewal` is what the app reads of it. */
  billingReason: string | null;
  renewal: boolean;
  /** The payment that paid it, when the payload names one (older API versions, or an expanded list). */
  paymentIntentId: string | null;
  chargeId: string | null;
  amountPaidCents: Cents | null;
}

/** The payment behind an invoice became known (it may arrive before or after the invoice). */
export interface InvoicePaymentLinked {
  type: 'invoice.payment_linked';
  invoiceId: string | null;
  paymentIntentId: string | null;
  chargeId: string | null;
}

/** A subscription was created, changed or ended; the snapshot is used when the provider cannot be asked. */
export interface SubscriptionChanged {
  type: 'subscription.changed';
  subscription: ProviderSubscription;
}

/** What a charge event says of the charge; the fields other events lack are null or zero. */
interface ChargeFields {
  chargeId: string;
  paymentIntentId: string | null;
  metadata: Metadata;
  currency: string | null;
}

/** A charge was refunded, in whole or in part: the cumulative amount refunded so far. */
export interface PaymentRefunded extends ChargeFields {
  type: 'payment.refunded';
  customerId: string | null;
  /** The invoice the charge paid, as API versions before 2025-03 name it. */
  invoiceId: string | null;
  amountCents: Cents;
  refundedCents: Cents;
}

/** One refund was created or changed state (succeeded, pending, failed, canceled). */
export interface RefundChanged extends Omit<ChargeFields, 'chargeId'> {
  type: 'refund.changed';
  refundId: string;
  chargeId: string | null;
  amountCents: Cents;
  status: string;
}

/** A chargeback was opened, changed or closed. */
export interface DisputeChanged extends Omit<ChargeFields, 'chargeId'> {
  type: 'dispute.changed';
  disputeId: string;
  chargeId: string | null;
  amountCents: Cents;
  status: string;
  reason: string | null;
}

/** Anything else the provider sends: recorded, answered, and otherwise left alone. */
export interface IgnoredEvent {
  type: 'ignored';
}

export type PaymentEventBody =
  | CheckoutCompleted
  | InvoicePaid
  | InvoicePaymentLinked
  | SubscriptionChanged
  | PaymentRefunded
  | RefundChanged
  | DisputeChanged
  | IgnoredEvent;

export type PaymentEvent = PaymentEventEnvelope & PaymentEventBody;
