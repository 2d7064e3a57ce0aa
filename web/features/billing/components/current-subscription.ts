import type { PublicUser } from '@contract/auth';
import type { CurrentSubscription, Subscription } from '@contract/billing';

/** Ids of the specification's client-side placeholder; no longer built (decision 064), still never actionable. */
export const isSynthetic = (s: Pick<Subscription, 'id'>) => s.id.startsWith('synthetic-');

/** What the plan buttons compare against: the user's plan, and whether it is set to end. */
export function currentForLabels(
  user: Pick<PublicUser, 'plan'> | null,
  subs: Subscription[] | undefined,
): CurrentSubscription | null {
  const active = subs?.find((s) => s.status === 'active' && !isSynthetic(s));
  if (active) return { planName: active.plan.product.name, cancelAtPeriodEnd: active.cancel_at_period_end };
  return user?.plan ? { planName: user.plan.name, cancelAtPeriodEnd: false } : null;
}
