import { eq } from 'drizzle-orm';
import { COACH_AWAITING, COACH_DECLINED, COACH_SUSPENDED } from '../../../contract/coach';
import type { DbOrTx } from '../../db/client';
import { coaches, schools, type UserRow } from '../../db/schema';
import { forbidden } from '../../lib/app-error';

const REFUSALS = {
  'awaiting-admin': COACH_AWAITING,
  declined: COACH_DECLINED,
  suspended: COACH_SUSPENDED,
} as const;

/**
 * The signed-in coach, approved: every coach route starts here (decision 211). The access level already
 * let only the coach role in; an application still waiting, declined or suspended answers 403 and says why.
 */
export async function activeCoach(db: DbOrTx, user: Pick<UserRow, 'id'>) {
  const [row] = await db
    .select({ userId: coaches.userId, status: coaches.status, college: schools.name, schoolId: schools.id })
    .from(coaches)
    .innerJoin(schools, eq(schools.id, coaches.schoolId))
    .where(eq(coaches.userId, user.id));
  if (!row) throw forbidden(COACH_AWAITING);
  if (row.status !== 'approved') throw forbidden(REFUSALS[row.status]);
  return row;
}
export type ActiveCoach = Awaited<ReturnType<typeof activeCoach>>;

/** A coach's name as the family and the admin see it. */
export const coachName = (u: Pick<UserRow, 'firstName' | 'lastName'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');
