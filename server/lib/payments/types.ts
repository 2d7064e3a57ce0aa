import type { Cents } from '../../../contract/money';

/** What the app asks of a payment provider; the real Stripe SDK and the built-in test mode both implement it. */
export type ProviderKind = 'test-mode' | 'stripe';
export type CheckoutMode = 'payment' | 'subscription';

export interface CheckoutPrice {
  planKey: string;
  name: string;
  description: string;
  unitAmountCents: Cents;
  interval: 'year' | null;
  /** A price configured at the provider; when absent the price is sent inline. */
  priceId: string | null;
}

export interface CreateCheckoutParams {
  mode: CheckoutMode;
  customerId: string;
  customerEmail: string;
  price: CheckoutPrice;
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string;
  metadata: Record<string, string>;
  promotionCodeId?: string | null;
}

/** A subscription reduced to what we keep, whichever Stripe API version shaped it. */
export interface ProviderSubscription {
  id: string;
  customerId: string | null;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  /** When it stopped (canceled or expired); null while it runs. */
  endedAt?: Date | null;
  metadata: Record<string, string>;
  priceId: string | null;
  livemode: boolean;
}

export interface ReferralDiscountParams {
  code: string;
  percentOff: number;
  expiresAt: Date;
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** Live keys move money; ids then go to the *_live columns. */
  readonly livemode: boolean;
  createCustomer(p: { email: string; name: string; userId: number }): Promise<string>;
  /** A Stripe customer portal session (payment method, invoices, cancellation); only the real Stripe has one. */
  createPortalSession?(p: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  createCheckoutSession(p: CreateCheckoutParams): Promise<{ id: string; url: string }>;
  /** Closes an open session so it can no longer be paid; 'complete' when it was paid already. */
  expireCheckoutSession(id: string): Promise<'expired' | 'complete'>;
  /** The provider's current state; null when it does not know the id. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Ends a subscription now; ending one already ended is not an error. */
  cancelNow(id: string): Promise<void>;
  createReferralDiscount(p: ReferralDiscountParams): Promise<{ couponId: string; promotionCodeId: string }>;
}

/** The minimum of a Stripe event the webhook reads. */
export interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  data: { object: unknown; previous_attributes?: unknown };
}

/** Hands a signed event to our webhook endpoint (the test-mode provider's "network"). */
export type DeliverEvent = (
  payload: string,
  signatureHeader: string,
) => Promise<{ statusCode: number; body: string }>;
