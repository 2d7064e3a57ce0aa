import { creditFields } from '../../../contract/analysis-kinds';
import { and, eq } from 'drizzle-orm';
import type { BillingAccount, CheckoutPreview } from '../../../contract/billing-history';
import { planButtonLabel } from '../../../contract/billing';
import { formatCents } from '../../../contract/money';
import type { Db } from '../../db/client';
import { plans, users } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from '../../lib/payments';
import { currentSubscription, planPriceCents } from './plans.service';

interface AccountDeps {
  db: Db;
  payments: PaymentProvider;
  appUrl: string;
  supportEmail: string;
}

const customerOf = (deps: AccountDeps, u: UserRow) =>
  deps.payments.livemode ? u.providerCustomerIdLive : u.providerCustomerId;

/** What the family actually has, for Payment details: balances, a real subscription or none, where to get help. */
export async function billingAccount(deps: AccountDeps, user: UserRow): Promise<BillingAccount> {
  const [u] = await deps.db.select().from(users).where(eq(users.id, user.id));
  const current = await currentSubscription(deps.db, user.id, deps.payments.livemode);
  return {
    ...(creditFields(u.creditBalances) as { credits: number; igaCredits: number }),
    negativeBalance: Object.values(u.creditBalances).some((n) => n < 0),
    hasSubscription: Boolean(current),
    supportEmail: deps.supportEmail,
    portalAvailable: deps.payments.kind === 'stripe' && Boolean(customerOf(deps, u)),
    provider: deps.payments.kind,
  };
}

/** A Stripe customer portal session that returns to the profile. */
export async function portalSession(deps: AccountDeps, user: UserRow) {
  const customerId = customerOf(deps, user);
  if (deps.payments.kind !== 'stripe' || !deps.payments.createPortalSession) {
    throw new AppError(
      'CONFLICT',
      'The Stripe customer portal is available only when Stripe keys are configured.',
    );
  }
  if (!customerId)
    throw new AppError('NOT_FOUND', 'You have no payments yet, so there is nothing to manage in the portal.');
  return deps.payments.createPortalSession({ customerId, returnUrl: `${deps.appUrl}/profile` });
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * What paying for a plan will do, shown before the payment page (decision 064): the full price is
 * charged now, an upgraded plan ends at once, and the credits it already granted stay.
 */
export async function checkoutPreview(
  deps: AccountDeps,
  user: UserRow,
  planId: number,
): Promise<CheckoutPreview> {
  const [plan] = await deps.db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.isActive, true)));
  if (!plan) throw new AppError('NOT_FOUND', 'Plan not found');
  const current =
    plan.type === 'subscription' ? await currentSubscription(deps.db, user.id, deps.payments.livemode) : null;
  const label = planButtonLabel(
    plan,
    current && { planName: current.plan.name, cancelAtPeriodEnd: current.sub.cancelAtPeriodEnd },
  );
  if (label === 'Current Plan') throw new AppError('CONFLICT', 'You are already subscribed to this plan.');
  if (label === 'Not Available')
    throw new AppError('CONFLICT', 'This plan is not available with your current subscription.');
  const renew = label === 'Renew';
  const chargeCents = renew ? 0 : planPriceCents(plan);
  const replaces =
    current && !renew
      ? { planName: current.plan.name, periodEnd: day(current.sub.currentPeriodEnd), creditsKept: true }
      : null;
  const credits = renew ? 0 : plan.maxSpeedVideosPerYear;
  const igaCredits = renew ? 0 : plan.igaPerYear;
  const gets = `${credits} Max Speed and ${igaCredits} IGA credits`;
  const summary = renew
    ? `Your ${plan.name} plan will keep renewing; nothing is charged now.`
    : replaces
      ? `You will be charged ${formatCents(chargeCents)} now for ${plan.name} and receive ${gets}. Your ${replaces.planName} plan ends as soon as the payment succeeds; there is no refund for its remaining time, and the credits it already gave you stay in your account.`
      : `You will be charged ${formatCents(chargeCents)} now${plan.type === 'subscription' ? ', then yearly' : ''}, and receive ${gets}.`;
  return {
    planName: plan.name,
    chargeCents,
    interval: plan.interval,
    credits,
    igaCredits,
    replaces,
    summary,
  };
}
