import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Plan } from '../../../contract/billing';
import { centsFromDollars, dollarsFromCents, type Cents } from '../../../contract/money';
import type { DbOrTx } from '../../db/client';
import { ACTIVE_SUBSCRIPTION_STATUSES, plans, subscriptions } from '../../db/schema';

type PlanRow = typeof plans.$inferSelect;

/** A plan's price in cents: the one reading of the numeric(10,2) `price_usd` column (decision 201). */
export const planPriceCents = (p: Pick<PlanRow, 'priceUsd'>): Cents => centsFromDollars(p.priceUsd);

const toPlan = (p: PlanRow): Plan => ({
  id: p.id,
  key: p.key,
  name: p.name,
  description: p.description,
  type: p.type,
  stars: p.stars,
  rank: p.rank,
  priceUsd: dollarsFromCents(planPriceCents(p)),
  priceCents: planPriceCents(p),
  interval: p.interval,
  maxSpeedVideosPerYear: p.maxSpeedVideosPerYear,
  igaPerYear: p.igaPerYear,
  videoStorageLimit: p.videoStorageLimit,
  features: p.features,
  stripePriceId: p.providerPriceId,
  stripePriceIdLive: p.providerPriceIdLive,
});

/** Subscription plans by rank, then one-time products by rank. */
export async function listPlans(db: DbOrTx) {
  const rows = await db
    .select()
    .from(plans)
    .where(eq(plans.isActive, true))
    .orderBy(desc(plans.type), asc(plans.rank));
  return rows.map(toPlan);
}

/** The user's current subscription (the active one ending last) with its plan. */
export async function currentSubscription(db: DbOrTx, userId: number, live: boolean) {
  const [row] = await db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ACTIVE_SUBSCRIPTION_STATUSES)))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  if (!row) return null;
  const providerId = live ? row.sub.providerSubscriptionIdLive : row.sub.providerSubscriptionId;
  return providerId ? { ...row, providerId } : null;
}
