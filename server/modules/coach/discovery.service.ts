import { and, desc, eq, ne } from 'drizzle-orm';
import { GUARDIAN_REQUIRED } from '../../../contract/coach';
import type { Db } from '../../db/client';
import { coaches, coachViews, coachWatchlist, playerDiscovery, schools, type UserRow } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { ownPlayer } from '../players';

/** 18 or older by the date of birth on file; a player without one counts as a minor. */
export function isAdult(dateOfBirth: string | null, today = new Date()) {
  if (!dateOfBirth) return false;
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  const eighteenth = new Date(Date.UTC(y + 18, m - 1, d));
  return eighteenth.getTime() <= today.getTime();
}

export async function getDiscovery(db: Db, user: UserRow, playerId: number) {
  await ownPlayer(db, user, playerId);
  const [row] = await db.select().from(playerDiscovery).where(eq(playerDiscovery.playerId, playerId));
  return { enabled: Boolean(row) };
}

/**
 * The family's switch (decision 211). On: the player enters the coach search once a number is verified
 * (the trigger of migration 0023 keeps coach_search). Off: out of every search and watch list at once.
 */
export async function setDiscovery(
  db: Db,
  user: UserRow,
  playerId: number,
  input: { enabled: boolean; guardianConfirmed: boolean },
) {
  const player = await ownPlayer(db, user, playerId);
  if (!input.enabled) {
    await db.transaction(async (tx) => {
      await tx.delete(playerDiscovery).where(eq(playerDiscovery.playerId, playerId));
      await tx.delete(coachWatchlist).where(eq(coachWatchlist.playerId, playerId));
    });
    return { enabled: false };
  }
  const minor = !isAdult(player.dateOfBirth);
  if (minor && !input.guardianConfirmed)
    throw badRequest(GUARDIAN_REQUIRED, { guardianConfirmed: GUARDIAN_REQUIRED });
  await db
    .insert(playerDiscovery)
    .values({ playerId, guardianConfirmedBy: minor ? user.id : null })
    .onConflictDoNothing();
  return { enabled: true };
}

/** 'Coaches who viewed': the college and when, never the person; suspended coaches are forgotten. */
export async function coachViewsOf(db: Db, user: UserRow, playerId: number) {
  await ownPlayer(db, user, playerId);
  const rows = await db
    .select({ college: schools.name, viewedAt: coachViews.viewedAt })
    .from(coachViews)
    .innerJoin(coaches, eq(coaches.userId, coachViews.coachUserId))
    .innerJoin(schools, eq(schools.id, coaches.schoolId))
    .where(and(eq(coachViews.playerId, playerId), ne(coaches.status, 'suspended')))
    .orderBy(desc(coachViews.viewedAt), desc(coachViews.id))
    .limit(200);
  return rows.map((r) => ({ college: r.college, viewedAt: r.viewedAt.toISOString() }));
}
