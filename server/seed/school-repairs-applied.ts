import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { leaderboard, players, schools } from '../db/schema';
import type { Repair } from './school-name-repair';

/**
 * A database loaded before the repair holds the cut names: those rows go (the load inserts the completed
 * ones), and players who picked a cut school, with their leaderboard rows, get its completed name and town.
 */
export async function applySchoolRepairs(tx: Tx, repairs: Repair[]) {
  let renamed = 0;
  for (const { before, after } of repairs) {
    await tx
      .delete(schools)
      .where(
        and(
          eq(schools.level, before.level),
          eq(schools.name, before.name),
          eq(schools.city, before.city),
          eq(schools.state, before.state),
        ),
      );
    const picked = await tx
      .update(players)
      .set({ school: after.name, schoolCity: after.city })
      .where(
        and(
          eq(players.level, before.level),
          eq(players.school, before.name),
          eq(players.schoolCity, before.city),
          eq(players.schoolState, before.state),
          eq(players.schoolVerified, true),
        ),
      )
      .returning({ id: players.id });
    if (picked.length === 0) continue;
    renamed += picked.length;
    await tx
      .update(leaderboard)
      .set({ school: after.name })
      .where(
        and(
          inArray(
            leaderboard.playerId,
            picked.map((p) => p.id),
          ),
          eq(leaderboard.school, before.name),
        ),
      );
  }
  return renamed;
}
