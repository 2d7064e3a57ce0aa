import { and, eq, isNull } from 'drizzle-orm';
import {
  checkoutReturnType,
  isPurchasable,
  planButtonLabel,
  type CheckoutInput,
} from '../../../contract/billing';
import { planAmounts } from '../../../contract/analysis-kinds';
import { grantsInWords } from '../../../contract/credit-names';
import type { Db } from '../../db/client';
import { plans, users } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from '../../lib/payments';
import { fullName } from '../../lib/names';
import { findApplicableReferral, holdReferralDiscount } from '../referrals';
import { customerColumn } from './provider-ids';
import { currentSubscription, planPriceCents } from './plans.service';
import { setCancelAtPeriodEnd } from './subscriptions.service';

interface CheckoutDeps {
  db: Db;
  payments: PaymentProvider;
  appUrl: string;
}

/** The user's customer at the provider, created once; a concurrent second creation loses and is not used. */
async function ensureCustomer(deps: CheckoutDeps, user: UserRow) {
  const live = deps.payments.livemode;
  const existing = live ? user.providerCustomerIdLive : user.providerCustomerId;
  if (existing) return existing;
  const created = await deps.payments.createCustomer({
    email: user.email,
    name: fullName(user),
    userId: user.id,
  });
  const col = customerColumn(live);
  await deps.db
    .update(users)
    .set(live ? { providerCustomerIdLive: created } : { providerCustomerId: created })
    .where(and(eq(users.id, user.id), isNull(col)));
  const [row] = await deps.db.select({ id: col }).from(users).where(eq(users.id, user.id));
  return row.id!;
}

const REFUSED = {
  'Current Plan': 'You are already subscribed to this plan.',
  'Not Available': 'This plan is not available with your current subscription.',
} as const;

/** Starts a Checkout Session for a plan (mode subscription) or product (mode payment) and returns its URL. */
export async function startCheckout(deps: CheckoutDeps, user: UserRow, input: CheckoutInput) {
  const [plan] = await deps.db
    .select()
    .from(plans)
    .where(and(eq(plans.id, input.planId), eq(plans.isActive, true)));
  if (!plan) throw new AppError('NOT_FOUND', 'Plan not found');
  const live = deps.payments.livemode;
  const current = plan.type === 'subscription' ? await currentSubscription(deps.db, user.id, live) : null;
  const label = planButtonLabel(
    plan,
    current && { planName: current.plan.name, cancelAtPeriodEnd: current.sub.cancelAtPeriodEnd },
  );
  if (!isPurchasable(label)) throw new AppError('CONFLICT', REFUSED[label]);

  const type = checkoutReturnType(plan.type);
  const successUrl = `${deps.appUrl}/subscriptions?success=true&type=${type}`;
  const cancelUrl = `${deps.appUrl}/subscriptions?canceled=true&type=${type}`;
  // Renewing the plan that is set to end means keeping it, not buying a second one.
  if (label === 'Renew' && current) {
    await setCancelAtPeriodEnd(deps, user.id, current.providerId, false);
    return { url: successUrl };
  }

  const found = await findApplicableReferral(deps.db, input.promoCode, user, live);
  const hold = found ? await holdReferralDiscount(deps.db, deps.payments, user.id, found.id) : null;
  const referral = hold ? found : null;
  const metadata: Record<string, string> = {
    userId: String(user.id),
    planId: String(plan.id),
    planKey: plan.key,
  };
  if (referral) metadata.referralCode = referral.code;
  if (plan.type === 'subscription' && current) metadata.replacesSubscription = current.providerId;

  const session = await deps.payments
    .createCheckoutSession({
      mode: plan.type === 'subscription' ? 'subscription' : 'payment',
      customerId: await ensureCustomer(deps, user),
      customerEmail: user.email,
      price: {
        planKey: plan.key,
        name: plan.name,
        // Each balance named for what it buys (issue 52, decision 248): a speed credit also pays for a 40.
        description: [plan.description, grantsInWords(planAmounts(plan))].filter(Boolean).join(' '),
        unitAmountCents: planPriceCents(plan),
        interval: plan.type === 'subscription' ? 'year' : null,
        priceId: live ? plan.providerPriceIdLive : plan.providerPriceId,
      },
      successUrl,
      cancelUrl,
      clientReferenceId: String(user.id),
      metadata,
      promotionCodeId: referral?.promotionCodeId ?? null,
    })
    .catch(async (err) => {
      await hold?.release();
      throw err;
    });
  await hold?.bind(session.id);
  return { url: session.url };
}
