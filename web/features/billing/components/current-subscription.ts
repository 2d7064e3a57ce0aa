import type { PublicUser } from '@contract/auth';
import type { CurrentSubscription, Subscription } from '@contract/billing';

const DAY = 24 * 60 * 60;

/**
 * The specification's placeholder for accounts that hold IGA credits while the provider shows no
 * subscription (decision 034): an active annual Premium that cannot be changed here.
 */
export function withPlaceholder(list: Subscription[], user: Pick<PublicUser, 'igaCredits'>): Subscription[] {
  if (list.length > 0 || !(user.igaCredits > 0)) return list;
  return [{
    id: 'synthetic-premium',
    status: 'active',
    cancel_at_period_end: false,
    current_period_end: Math.floor(Date.now() / 1000) + 30 * DAY,
    plan: { id: 'synthetic', amount: 8900, interval: 'year', product: { name: 'Premium Subscription' } },
  }];
}

export const isSynthetic = (s: Pick<Subscription, 'id'>) => s.id.startsWith('synthetic-');

/** What the plan buttons compare against: the user's plan, and whether it is set to end. */
export function currentForLabels(user: Pick<PublicUser, 'plan'> | null, subs: Subscription[] | undefined): CurrentSubscription | null {
  const active = subs?.find((s) => s.status === 'active' && !isSynthetic(s));
  if (active) return { planName: active.plan.product.name, cancelAtPeriodEnd: active.cancel_at_period_end };
  return user?.plan ? { planName: user.plan.name, cancelAtPeriodEnd: false } : null;
}
