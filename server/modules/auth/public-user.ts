import { creditFields } from '../../../contract/analysis-kinds';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { PublicUser } from '../../../contract/auth';
import type { DbOrTx } from '../../db/client';
import { ACTIVE_SUBSCRIPTION_STATUSES, plans, subscriptions, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The name of the user's current plan (an active or trialing subscription, the latest period end
 * first), as a scalar subquery: the session load selects it for `GET /api/user` (decision 184) and
 * `toPublicUser` runs it alone otherwise.
 */
export const currentPlanName = (userId: SQLWrapper | number) => sql<string | null>`(
  select p.name from ${subscriptions} s join ${plans} p on p.id = s.plan_id
  where s.user_id = ${userId} and s.status in (${sql.raw(ACTIVE_SUBSCRIPTION_STATUSES.map((s) => `'${s}'`).join(', '))})
  order by s.current_period_end desc limit 1)`;

async function currentPlan(db: DbOrTx, userId: number) {
  const res = await db.execute<{ name: string | null }>(sql`select ${currentPlanName(userId)} as name`);
  const name = res.rows[0]?.name ?? null;
  return name === null ? null : { name };
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
    ...(creditFields(user.creditBalances) as { credits: number; igaCredits: number }),
    // A live-mode customer id exists only once live keys are in use, so it wins over the test-mode one.
    stripeCustomerId: user.providerCustomerIdLive ?? user.providerCustomerId,
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
