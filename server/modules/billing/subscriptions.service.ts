import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Subscription } from '../../../contract/billing';
import type { Db } from '../../db/client';
import { ACTIVE_SUBSCRIPTION_STATUSES, plans, subscriptions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from '../../lib/payments';
import { planPriceCents } from './plans.service';
import { subscriptionColumn } from './provider-ids';
import { syncSubscription } from './subscription-sync';

interface SubscriptionDeps {
  db: Db;
  payments: PaymentProvider;
}

type Row = { sub: typeof subscriptions.$inferSelect; plan: typeof plans.$inferSelect | null };

function toSubscription({ sub, plan }: Row, live: boolean): Subscription {
  return {
    id: (live ? sub.providerSubscriptionIdLive : sub.providerSubscriptionId)!,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    current_period_end: sub.currentPeriodEnd ? Math.floor(sub.currentPeriodEnd.getTime() / 1000) : null,
    ended_at: sub.endedAt ? Math.floor(sub.endedAt.getTime() / 1000) : null,
    plan: {
      id: plan
        ? ((live ? plan.providerPriceIdLive : plan.providerPriceId) ?? `price_va_${plan.key}`)
        : 'unknown',
      amount: plan ? planPriceCents(plan) : 0,
      interval: plan?.interval ?? 'year',
      product: { name: plan?.name ?? 'Subscription' },
    },
  };
}

function ownerRows(db: Db, userId: number, live: boolean) {
  const col = subscriptionColumn(live);
  return db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), isNotNull(col)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

export async function listSubscriptions(deps: SubscriptionDeps, userId: number) {
  const live = deps.payments.livemode;
  const rows = await ownerRows(deps.db, userId, live);
  const note = live
    ? 'Subscriptions are billed yearly through Stripe.'
    : 'Test mode: subscriptions are simulated and no real charges are made.';
  return { data: rows.map((r) => toSubscription(r, live)), note };
}

/** Another user's subscription answers exactly like one that does not exist. */
async function ownedRow(deps: SubscriptionDeps, userId: number, providerId: string) {
  const [row] = await deps.db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptionColumn(deps.payments.livemode), providerId), eq(subscriptions.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'Subscription not found');
  return row;
}

/** Cancel at period end (true) or reactivate (false); the provider's answer is written back at once. */
export async function setCancelAtPeriodEnd(
  deps: SubscriptionDeps,
  userId: number,
  providerId: string,
  cancel: boolean,
) {
  const row = await ownedRow(deps, userId, providerId);
  if (!ACTIVE_SUBSCRIPTION_STATUSES.includes(row.sub.status)) {
    throw new AppError(
      'CONFLICT',
      cancel
        ? 'Only an active subscription can be canceled.'
        : 'Only an active subscription can be reactivated.',
    );
  }
  if (row.sub.cancelAtPeriodEnd !== cancel) {
    const updated = await deps.payments.setCancelAtPeriodEnd(providerId, cancel);
    await deps.db.transaction((tx) => syncSubscription(tx, updated));
  }
  return toSubscription(await ownedRow(deps, userId, providerId), deps.payments.livemode);
}
