import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PublicUser } from '../../../contract/auth';
import type { DbOrTx } from '../../db/client';
import { plans, subscriptions, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function currentPlan(db: DbOrTx, userId: number) {
  const [sub] = await db
    .select({ name: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'trialing'])))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return sub ?? null;
}

/**
 * The only way a user leaves the server: no password, hash or token. `planName`: the plan already
 * read with the session (`req.userPlanName`, decision 184); undefined reads it here.
 */
export async function toPublicUser(db: DbOrTx, user: UserRow, planName?: string | null): Promise<PublicUser> {
  const sub =
    planName === undefined ? await currentPlan(db, user.id) : planName === null ? null : { name: planName };
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    credits: user.credits,
    igaCredits: user.igaCredits,
    // A live-mode customer id exists only once live keys are in use, so it wins over the test-mode one.
    stripeCustomerId: user.stripeCustomerIdLive ?? user.stripeCustomerId,
    hasActiveSubscription: user.hasActiveSubscription,
    isEmailVerified: user.isEmailVerified,
    plan: sub ? { name: sub.name } : null,
    subscription: sub ? { name: `${sub.name} Subscription` } : null,
    loginCount: user.loginCount,
    firstLoginAt: iso(user.firstLoginAt),
    lastLoginAt: iso(user.lastLoginAt),
    createdAt: user.createdAt.toISOString(),
    pendingEmail: user.pendingEmail,
  };
}
