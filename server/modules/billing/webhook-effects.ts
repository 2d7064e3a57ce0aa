import { planAmounts } from '../../../contract/analysis-kinds';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { referrals, subscriptions, users } from '../../db/schema';
import {
  recordedInvoicePayment,
  type CheckoutCompleted,
  type InvoicePaid,
  type InvoicePaymentLinked,
  type PaymentEvent,
  type PaymentEventEnvelope,
  type ProviderSubscription,
} from '../../lib/payments';
import { grantCredits } from '../credits';
import { linkInvoiceGrant } from './charge-grant';
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

async function markReferralUsed(tx: Tx, code: string, userId: number) {
  await tx
    .update(referrals)
    .set({ status: 'used', receiverId: sql`coalesce(${referrals.receiverId}, ${userId})` })
    .where(and(eq(referrals.referralCode, code), inArray(referrals.status, ['pending', 'registered'])));
}

/** A paid Checkout Session: one-time products grant here (keyed by the session), plans sync their subscription. */
async function onCheckoutCompleted(tx: Tx, s: PaymentEventEnvelope & CheckoutCompleted, ctx: EventContext) {
  const live = s.livemode;
  const meta = s.metadata;
  const customerId = s.customerId;
  const userId = await resolveUserId(tx, {
    metaUserId: meta.userId ?? s.clientReferenceId,
    customerId,
    live,
  });
  if (!userId) return 'ignored: no matching user';
  if (customerId) {
    const col = customerColumn(live);
    await tx
      .update(users)
      .set(live ? { providerCustomerIdLive: customerId } : { providerCustomerId: customerId })
      .where(and(eq(users.id, userId), isNull(col)));
  }
  if (s.payment === 'pending') return 'awaiting payment';
  if (meta.referralCode) await markReferralUsed(tx, String(meta.referralCode), userId);

  if (s.mode === 'payment') {
    const plan = await resolvePlan(tx, { metaPlanId: meta.planId });
    if (!plan) return 'ignored: no matching plan';
    const paymentIntent = s.paymentIntentId;
    const granted = await grantCredits(tx, {
      userId,
      amounts: planAmounts(plan),
      idempotencyKey: `checkout:${s.sessionId}`,
      type: 'purchase',
      description: `Purchase: ${plan.name}`,
      planId: plan.id,
      providerPaymentIntentId: live ? null : paymentIntent,
      // The ledger's metadata keeps its first names (amountTotal: cents) for the rows already written.
      metadata: {
        checkoutSessionId: s.sessionId,
        paymentIntent,
        amountTotal: s.amountTotalCents,
        livemode: live,
      },
    });
    if (granted) await refoldUnmatched(tx, s, { paymentIntentId: paymentIntent, chargeId: null });
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
async function onInvoicePaid(tx: Tx, inv: PaymentEventEnvelope & InvoicePaid, ctx: EventContext) {
  const live = inv.livemode;
  const subId = inv.subscriptionId;
  if (!subId) return 'ignored: not a subscription invoice';
  if (ctx.subscription) await syncSubscription(tx, ctx.subscription);
  const meta = inv.metadata;
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptionColumn(live), subId));
  const userId =
    (await resolveUserId(tx, { metaUserId: meta.userId, customerId: inv.customerId, live })) ?? row?.userId;
  const plan =
    (await resolvePlan(tx, { metaPlanId: meta.planId, priceId: inv.priceId })) ??
    (row?.planId ? await resolvePlan(tx, { metaPlanId: row.planId }) : null);
  if (!userId || !plan) return 'ignored: no matching user or plan';
  // From 2025-03 the payload names no payment; the payment's own event, delivered earlier, may have.
  const earlier =
    inv.paymentIntentId || inv.chargeId ? null : await recordedInvoicePayment(tx, inv.invoiceId);
  const paymentIntent = inv.paymentIntentId ?? earlier?.paymentIntentId ?? null;
  const chargeId = inv.chargeId ?? earlier?.chargeId ?? null;
  const granted = await grantCredits(tx, {
    userId,
    amounts: planAmounts(plan),
    idempotencyKey: `invoice:${inv.invoiceId}`,
    type: 'subscription_grant',
    description: `${plan.name} plan${inv.renewal ? ' renewal' : ''}`,
    planId: plan.id,
    providerPaymentIntentId: live ? null : paymentIntent,
    metadata: {
      invoiceId: inv.invoiceId,
      subscriptionId: subId,
      billingReason: inv.billingReason,
      paymentIntent,
      chargeId,
      livemode: live,
      amountPaid: inv.amountPaidCents,
    },
  });
  if (granted) await refoldUnmatched(tx, inv, { paymentIntentId: paymentIntent, chargeId });
  return granted ? 'credits granted' : 'credits already granted';
}

/** The payment that paid a plan invoice (API 2025-03 on), added to its grant (decision 122). */
async function onInvoicePaymentLinked(tx: Tx, event: PaymentEventEnvelope & InvoicePaymentLinked) {
  if (!event.invoiceId) return 'ignored: no invoice';
  const grantId = await linkInvoiceGrant(tx, event.invoiceId, event);
  if (!grantId) return 'recorded: invoice not granted yet';
  const moved = await refoldUnmatched(tx, event, event);
  return moved > 0 ? 'payment linked: credits taken back' : 'payment linked';
}

/** The one switch over payment events: the app's own names, never a provider's (decision 202). */
export async function applyEvent(tx: Tx, event: PaymentEvent, ctx: EventContext): Promise<string> {
  switch (event.type) {
    case 'checkout.completed':
      return onCheckoutCompleted(tx, event, ctx);
    case 'invoice.paid':
      return onInvoicePaid(tx, event, ctx);
    case 'invoice.payment_linked':
      return onInvoicePaymentLinked(tx, event);
    case 'subscription.changed':
      if (ctx.subscription) await syncSubscription(tx, ctx.subscription);
      return 'subscription synced';
    case 'payment.refunded':
      return onChargeRefunded(tx, event);
    case 'refund.changed':
      return onRefund(tx, event);
    case 'dispute.changed':
      return onDispute(tx, event);
    case 'ignored':
      return 'ignored';
  }
}
