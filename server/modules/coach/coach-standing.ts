import { and, eq } from 'drizzle-orm';
import { COACH_AWAITING, COACH_DECLINED, COACH_SUSPENDED } from '../../../contract/coach';
import type { DbOrTx } from '../../db/client';
import { coaches, schools, type UserRow } from '../../db/schema';
import { forbidden } from '../../lib/app-error';
import { curatedDomainFor, curatedDomainsById, emailHost } from './domain-rule';

const REFUSALS = {
  'awaiting-admin': COACH_AWAITING,
  declined: COACH_DECLINED,
  suspended: COACH_SUSPENDED,
} as const;

type Standing = 'approved' | keyof typeof REFUSALS;
type CoachUser = Pick<UserRow, 'id'> & Partial<Pick<UserRow, 'email' | 'isEmailVerified'>>;

const standingQuery = (db: DbOrTx, userId: number) =>
  db
    .select({
      userId: coaches.userId,
      status: coaches.status,
      college: schools.name,
      schoolId: schools.id,
      division: coaches.division,
      applicationDomain: coaches.applicationDomain,
      approvedByDomain: coaches.approvedByDomain,
    })
    .from(coaches)
    .innerJoin(schools, eq(schools.id, coaches.schoolId))
    .where(eq(coaches.userId, userId));
type StandingRow = Awaited<ReturnType<typeof standingQuery>>[number];

/**
 * The domain rule at the coach's first request once the address is verified (decision 238): a waiting
 * coach who applied at a curated athletics domain is approved by it only if the domain is still curated
 * and the address, verified, is still at it. A coach a domain approved whose address has since changed
 * to another host waits for an admin again.
 */
async function domainStanding(db: DbOrTx, user: CoachUser, row: StandingRow): Promise<Standing> {
  if (!user.email) return row.status;
  if (row.status === 'approved' && row.approvedByDomain) {
    const host = emailHost(user.email);
    if (host === row.approvedByDomain || host.endsWith(`.${row.approvedByDomain}`)) return row.status;
    await db
      .update(coaches)
      .set({ status: 'awaiting-admin', approvedByDomain: null, applicationDomain: null, decidedAt: null })
      .where(and(eq(coaches.userId, row.userId), eq(coaches.status, 'approved')));
    return 'awaiting-admin';
  }
  if (row.status !== 'awaiting-admin' || !row.applicationDomain || !user.isEmailVerified) return row.status;
  const curated = (await curatedDomainsById(db, [row.schoolId])).get(row.schoolId) ?? [];
  const domain = curatedDomainFor(user.email, curated);
  if (domain !== row.applicationDomain) return row.status;
  const [done] = await db
    .update(coaches)
    .set({ status: 'approved', approvedByDomain: domain, decidedAt: new Date() })
    .where(and(eq(coaches.userId, row.userId), eq(coaches.status, 'awaiting-admin')))
    .returning({ id: coaches.id });
  if (done) return 'approved';
  // Two first requests at once: the other one approved (or an admin decided) in between.
  const [now] = await standingQuery(db, row.userId);
  return now?.status ?? row.status;
}

/**
 * The signed-in coach, approved: every coach route starts here (decision 211). The access level already
 * let only the coach role in; an application still waiting, declined or suspended answers 403 and says why.
 * A signed-in coach's address is verified (signing in needs it), so the domain rule is applied here.
 */
export async function activeCoach(db: DbOrTx, user: CoachUser) {
  const [row] = await standingQuery(db, user.id);
  if (!row) throw forbidden(COACH_AWAITING);
  const status =
    row.approvedByDomain || row.applicationDomain ? await domainStanding(db, user, row) : row.status;
  if (status !== 'approved') throw forbidden(REFUSALS[status]);
  return { userId: row.userId, status, college: row.college, schoolId: row.schoolId, division: row.division };
}
export type ActiveCoach = Awaited<ReturnType<typeof activeCoach>>;

/** A coach's name as the family and the admin see it. */
export const coachName = (u: Pick<UserRow, 'firstName' | 'lastName'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');
