import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../../db/client';
import { referrals, subscriptions, users } from '../../db/schema';
import {
  idOf,
  invoiceMetadata,
  invoicePaymentIntentId,
  invoicePriceId,
  invoiceSubscriptionId,
} from '../../lib/payments/normalize';
import type { ProviderSubscription, StripeEventLike } from '../../lib/payments';
import type { WebhookCheckoutSession, WebhookInvoice } from '../../lib/payments/stripe-objects';
import { grantCredits } from '../credits';
import {
  invoiceChargeId,
  invoicePaymentLink,
  linkInvoiceGrant,
  recordedInvoicePayment,
} from './charge-grant';
import { onChargeRefunded, onDispute, onRefund, refoldUnmatched } from './charge-reversals';
import {
  customerColumn,
  refreshActiveFlag,
  resolvePlan,
  resolveUserId,
  subscriptionColumn,
} from './provider-ids';
import { syncSubscription } from './subscription-sync';

/** What was fetched from the provider before the transaction (network calls stay outside it). */
export interface EventContext {
  subscription: ProviderSubscription | null;
}

const PAID = ['paid', 'no_payment_required'];

async function markReferralUsed(tx: Tx, code: string, userId: number) {
  await tx
    .update(referrals)
    .set({ status: 'used', receiverId: sql`coalesce(${referrals.receiverId}, ${userId})` })
    .where(and(eq(referrals.referralCode, code), inArray(referrals.status, ['pending', 'registered'])));
}

/** A paid Checkout Session: one-time products grant here (keyed by the session), plans sync their subscription. */
async function onCheckoutCompleted(tx: Tx, event: StripeEventLike, ctx: EventContext) {
  const s = event.data.object as WebhookCheckoutSession;
  const live = event.livemode;
  const meta = s.metadata ?? {};
  const customerId = idOf(s.customer);
  const userId = await resolveUserId(tx, {
    metaUserId: meta.userId ?? s.client_reference_id,
    customerId,
    live,
  });
  if (!userId) return 'ignored: no matching user';
  if (customerId) {
    const col = customerColumn(live);
    await tx
      .update(users)
      .set(live ? { stripeCustomerIdLive: customerId } : { stripeCustomerId: customerId })
      .where(and(eq(users.id, userId), isNull(col)));
  }
  if (!PAID.includes(s.payment_status)) return 'awaiting payment';
  if (meta.referralCode) await markReferralUsed(tx, String(meta.referralCode), userId);

  if (s.mode === 'payment') {
    const plan = await resolvePlan(tx, { metaPlanId: meta.planId });
    if (!plan) return 'ignored: no matching plan';
    const paymentIntent = idOf(s.payment_intent);
    const granted = await grantCredits(tx, {
      userId,
      credits: plan.maxSpeedVideosPerYear,
      igaCredits: plan.igaPerYear,
      idempotencyKey: `checkout:${s.id}`,
      type: 'purchase',
      description: `Purchase: ${plan.name}`,
      planId: plan.id,
      stripePaymentIntentId: live ? null : paymentIntent,
      metadata: { checkoutSessionId: s.id, paymentIntent, amountTotal: s.amount_total, livemode: live },
    });
    if (granted) await refoldUnmatched(tx, event, { paymentIntentId: paymentIntent, chargeId: null });
    return granted ? 'credits granted' : 'credits already granted';
  }

  if (ctx.subscription) await syncSubscription(tx, ctx.subscription);
  if (meta.replacesSubscription) {
    await tx
      .update(subscriptions)
      .set({
        status: 'canceled',
        cancelAtPeriodEnd: false,
        endedAt: sql`coalesce(${subscriptions.endedAt}, now())`,
      })
      .where(
        and(
          eq(subscriptionColumn(live), String(meta.replacesSubscription)),
          eq(subscriptions.userId, userId),
        ),
      );
    await refreshActiveFlag(tx, userId);
  }
  return 'subscription recorded';
}

/** Every paid subscription invoice (first year, renewals) grants the plan's credits once, keyed by the invoice. */
async function onInvoicePaid(tx: Tx, event: StripeEventLike, ctx: EventContext) {
  const inv = event.data.object as WebhookInvoice;
  const live = event.livemode;
  const subId = invoiceSubscriptionId(inv);
  if (!subId) return 'ignored: not a subscription invoice';
  if (ctx.subscription) await syncSubscription(tx, ctx.subscription);
  const meta = invoiceMetadata(inv);
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptionColumn(live), subId));
  const userId =
    (await resolveUserId(tx, { metaUserId: meta.userId, customerId: idOf(inv.customer), live })) ??
    row?.userId;
  const plan =
    (await resolvePlan(tx, { metaPlanId: meta.planId, priceId: invoicePriceId(inv) })) ??
    (row?.planId ? await resolvePlan(tx, { metaPlanId: row.planId }) : null);
  if (!userId || !plan) return 'ignored: no matching user or plan';
  const renewal = inv.billing_reason === 'subscription_cycle';
  // From 2025-03 the payload names no payment; an invoice_payment.paid delivered earlier may have.
  const earlier =
    invoicePaymentIntentId(inv) || invoiceChargeId(inv)
      ? null
      : await recordedInvoicePayment(tx, String(inv.id));
  const paymentIntent = invoicePaymentIntentId(inv) ?? earlier?.paymentIntentId ?? null;
  const chargeId = invoiceChargeId(inv) ?? earlier?.chargeId ?? null;
  const granted = await grantCredits(tx, {
    userId,
    credits: plan.maxSpeedVideosPerYear,
    igaCredits: plan.igaPerYear,
    idempotencyKey: `invoice:${inv.id}`,
    type: 'subscription_grant',
    description: `${plan.name} plan${renewal ? ' renewal' : ''}`,
    planId: plan.id,
    stripePaymentIntentId: live ? null : paymentIntent,
    metadata: {
      invoiceId: inv.id,
      subscriptionId: subId,
      billingReason: inv.billing_reason ?? null,
      paymentIntent,
      chargeId,
      livemode: live,
      amountPaid: typeof inv.amount_paid === 'number' ? inv.amount_paid : null,
    },
  });
  if (granted) await refoldUnmatched(tx, event, { paymentIntentId: paymentIntent, chargeId });
  return granted ? 'credits granted' : 'credits already granted';
}

/** invoice_payment.paid (API 2025-03 on): the payment that paid a plan invoice, added to its grant (decision 122). */
async function onInvoicePaymentPaid(tx: Tx, event: StripeEventLike) {
  const link = invoicePaymentLink(event.data.object as Stripe.InvoicePayment);
  if (!link.invoiceId) return 'ignored: no invoice';
  const grantId = await linkInvoiceGrant(tx, link.invoiceId, link);
  if (!grantId) return 'recorded: invoice not granted yet';
  const moved = await refoldUnmatched(tx, event, link);
  return moved > 0 ? 'payment linked: credits taken back' : 'payment linked';
}

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'invoice_payment.paid',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'charge.refund.updated',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
];

export async function applyEvent(tx: Tx, event: StripeEventLike, ctx: EventContext): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return onCheckoutCompleted(tx, event, ctx);
    case 'invoice.paid':
      return onInvoicePaid(tx, event, ctx);
    case 'invoice_payment.paid':
      return onInvoicePaymentPaid(tx, event);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      if (ctx.subscription) await syncSubscription(tx, ctx.subscription);
      return 'subscription synced';
    case 'charge.refunded':
      return onChargeRefunded(tx, event);
    case 'charge.refund.updated':
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return onRefund(tx, event);
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
      return onDispute(tx, event);
    default:
      return 'ignored';
  }
}
