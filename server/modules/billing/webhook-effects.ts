import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { referrals, subscriptions, users } from '../../db/schema';
import { idOf, invoiceMetadata, invoicePaymentIntentId, invoicePriceId, invoiceSubscriptionId } from '../../lib/payments/normalize';
import type { ProviderSubscription, StripeEventLike } from '../../lib/payments';
import { grantCredits } from '../credits/credits.service';
import { onChargeRefunded, onDispute } from './charge-reversals';
import { customerColumn, refreshActiveFlag, resolvePlan, resolveUserId, subscriptionColumn } from './provider-ids';
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
async function onCheckoutCompleted(tx: Tx, s: any, live: boolean, ctx: EventContext) {
  const meta = s.metadata ?? {};
  const customerId = idOf(s.customer);
  const userId = await resolveUserId(tx, { metaUserId: meta.userId ?? s.client_reference_id, customerId, live });
  if (!userId) return 'ignored: no matching user';
  if (customerId) {
    const col = customerColumn(live);
    await tx.update(users).set(live ? { stripeCustomerIdLive: customerId } : { stripeCustomerId: customerId })
      .where(and(eq(users.id, userId), isNull(col)));
  }
  if (!PAID.includes(s.payment_status)) return 'awaiting payment';
  if (meta.referralCode) await markReferralUsed(tx, String(meta.referralCode), userId);

  if (s.mode === 'payment') {
    const plan = await resolvePlan(tx, { metaPlanId: meta.planId });
    if (!plan) return 'ignored: no matching plan';
    const paymentIntent = idOf(s.payment_intent);
    const granted = await grantCredits(tx, {
      userId, credits: plan.maxSpeedVideosPerYear, igaCredits: plan.igaPerYear,
      idempotencyKey: `checkout:${s.id}`, type: 'purchase', description: `Purchase: ${plan.name}`, planId: plan.id,
      stripePaymentIntentId: live ? null : paymentIntent,
      metadata: { checkoutSessionId: s.id, paymentIntent, amountTotal: s.amount_total, livemode: live },
    });
    return granted ? 'credits granted' : 'credits already granted';
  }

  if (ctx.subscription) await syncSubscription(tx, ctx.subscription);
  if (meta.replacesSubscription) {
    await tx.update(subscriptions).set({ status: 'canceled', cancelAtPeriodEnd: false, endedAt: sql`coalesce(${subscriptions.endedAt}, now())` })
      .where(and(eq(subscriptionColumn(live), String(meta.replacesSubscription)), eq(subscriptions.userId, userId)));
    await refreshActiveFlag(tx, userId);
  }
  return 'subscription recorded';
}

/** Every paid subscription invoice (first year, renewals) grants the plan's credits once, keyed by the invoice. */
async function onInvoicePaid(tx: Tx, inv: any, live: boolean, ctx: EventContext) {
  const subId = invoiceSubscriptionId(inv);
  if (!subId) return 'ignored: not a subscription invoice';
  if (ctx.subscription) await syncSubscription(tx, ctx.subscription);
  const meta = invoiceMetadata(inv);
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptionColumn(live), subId));
  const userId = (await resolveUserId(tx, { metaUserId: meta.userId, customerId: idOf(inv.customer), live })) ?? row?.userId;
  const plan =
    (await resolvePlan(tx, { metaPlanId: meta.planId, priceId: invoicePriceId(inv) })) ??
    (row?.planId ? await resolvePlan(tx, { metaPlanId: row.planId }) : null);
  if (!userId || !plan) return 'ignored: no matching user or plan';
  const renewal = inv.billing_reason === 'subscription_cycle';
  const paymentIntent = invoicePaymentIntentId(inv);
  const granted = await grantCredits(tx, {
    userId, credits: plan.maxSpeedVideosPerYear, igaCredits: plan.igaPerYear,
    idempotencyKey: `invoice:${inv.id}`, type: 'subscription_grant',
    description: `${plan.name} plan${renewal ? ' renewal' : ''}`, planId: plan.id,
    stripePaymentIntentId: live ? null : paymentIntent,
    metadata: {
      invoiceId: inv.id, subscriptionId: subId, billingReason: inv.billing_reason ?? null, paymentIntent, livemode: live,
      amountPaid: typeof inv.amount_paid === 'number' ? inv.amount_paid : null,
    },
  });
  return granted ? 'credits granted' : 'credits already granted';
}

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
];

export async function applyEvent(tx: Tx, event: StripeEventLike, ctx: EventContext): Promise<string> {
  const obj = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return onCheckoutCompleted(tx, obj, event.livemode, ctx);
    case 'invoice.paid':
      return onInvoicePaid(tx, obj, event.livemode, ctx);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      if (ctx.subscription) await syncSubscription(tx, ctx.subscription);
      return 'subscription synced';
    case 'charge.refunded':
      return onChargeRefunded(tx, event);
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
      return onDispute(tx, event);
    default:
      return 'ignored';
  }
}
