import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { subscriptions } from '../../db/schema';
import type { ProviderSubscription } from '../../lib/payments';
import { refreshActiveFlag, resolvePlan, resolveUserId, subscriptionColumn } from './provider-ids';

const ENDED = ['canceled', 'incomplete_expired'];

/**
 * Writes the provider's view of one subscription into ours. Callers pass the state fetched from
 * the provider, not the event's snapshot, so events arriving late or out of order cannot roll it back.
 */
export async function syncSubscription(tx: Tx, sub: ProviderSubscription) {
  const col = subscriptionColumn(sub.livemode);
  const [existing] = await tx.select().from(subscriptions).where(eq(col, sub.id));
  const userId =
    (await resolveUserId(tx, {
      metaUserId: sub.metadata.userId,
      customerId: sub.customerId,
      live: sub.livemode,
    })) ??
    existing?.userId ??
    null;
  const plan = await resolvePlan(tx, { metaPlanId: sub.metadata.planId, priceId: sub.priceId });
  const values = {
    userId,
    planId: plan?.id ?? existing?.planId ?? null,
    status: sub.status,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    // An ended plan shows when it ended, not a period end a year ahead (an upgrade ends it early).
    endedAt: ENDED.includes(sub.status) ? (sub.endedAt ?? existing?.endedAt ?? new Date()) : null,
  };
  const idValue = sub.livemode ? { providerSubscriptionIdLive: sub.id } : { providerSubscriptionId: sub.id };
  const [row] = await tx
    .insert(subscriptions)
    .values({ ...idValue, ...values })
    .onConflictDoUpdate({ target: col, set: values })
    .returning();
  await refreshActiveFlag(tx, userId);
  if (existing?.userId && existing.userId !== userId) await refreshActiveFlag(tx, existing.userId);
  return row;
}
