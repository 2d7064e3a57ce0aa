import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ACTIVE_SUBSCRIPTION_STATUSES, plans, subscriptions, users } from '../../db/schema';

/** Test-mode and live-mode ids live in separate columns, as the catalogue keeps them. */
export const customerColumn = (live: boolean) =>
  live ? users.providerCustomerIdLive : users.providerCustomerId;
export const subscriptionColumn = (live: boolean) =>
  live ? subscriptions.providerSubscriptionIdLive : subscriptions.providerSubscriptionId;

const positiveInt = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Our user for a provider object: the userId we put in its metadata, else the customer we created. */
export async function resolveUserId(
  db: DbOrTx,
  a: { metaUserId?: unknown; customerId?: string | null; live: boolean },
) {
  const id = positiveInt(a.metaUserId);
  if (id) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (u) return u.id;
  }
  if (!a.customerId) return null;
  const [byCustomer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(customerColumn(a.live), a.customerId));
  return byCustomer?.id ?? null;
}

/** Our plan: the planId in metadata, else the provider price (configured, or our inline `price_va_<key>`). */
export async function resolvePlan(db: DbOrTx, a: { metaPlanId?: unknown; priceId?: string | null }) {
  const id = positiveInt(a.metaPlanId);
  if (id) {
    const [p] = await db.select().from(plans).where(eq(plans.id, id));
    if (p) return p;
  }
  if (!a.priceId) return null;
  const key = a.priceId.startsWith('price_va_') ? a.priceId.slice('price_va_'.length) : null;
  const [p] = await db
    .select()
    .from(plans)
    .where(
      or(
        eq(plans.providerPriceId, a.priceId),
        eq(plans.providerPriceIdLive, a.priceId),
        key ? eq(plans.key, key) : sql`false`,
      ),
    );
  return p ?? null;
}

/** hasActiveSubscription follows the subscriptions' statuses, recomputed after every change. */
export async function refreshActiveFlag(db: DbOrTx, userId: number | null) {
  if (!userId) return;
  await db
    .update(users)
    .set({
      hasActiveSubscription: sql`exists (select 1 from ${subscriptions} where ${and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ACTIVE_SUBSCRIPTION_STATUSES),
      )})`,
    })
    .where(eq(users.id, userId));
}
