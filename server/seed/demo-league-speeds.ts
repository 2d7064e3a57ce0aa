import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { analysisRequests, players, referenceData } from '../db/schema';
import { recomputePlayerSpeed } from '../modules/measurements';

/** The demo league's high-school players come first (36), then the college ones (12). */
export const HIGH_SCHOOL = 36;
/** Bump when the league's numbers change: a data folder seeded before gets the new ones once. */
const LEAGUE_VERSION = 'speeds-by-level-1';

/**
 * Top speeds as players of each level run them (decision 207): high school 19.0 to 21.9 mph, college 21.8 to
 * 23.1, so college players are faster on average; all inside the plausibility gate of decision 198 (12-24).
 */
const SPEEDS = {
  highSchool: { top: 21.9, step: 0.25 },
  college: { top: 23.1, step: 0.4 },
};

/** The i-th league player's speed this season: every third shares a speed with the one before, so ties show. */
export function demoSpeed(i: number) {
  const college = i >= HIGH_SCHOOL;
  const { top, step } = college ? SPEEDS.college : SPEEDS.highSchool;
  const j = college ? i - HIGH_SCHOOL : i;
  return Math.round((top - Math.floor(j / 3) * step - (j % 3 === 2 ? 0.1 : 0)) * 10) / 10;
}

/** The season before, 0.6 mph slower. */
export const lastSeasonSpeed = (speed: number) => Math.round((speed - 0.6) * 10) / 10;

export async function markLeagueVersion(db: Db | Tx) {
  await db
    .insert(referenceData)
    .values({ name: 'demo-league', version: LEAGUE_VERSION })
    .onConflictDoUpdate({
      target: referenceData.name,
      set: { version: LEAGUE_VERSION, createdAt: sql`now()` },
    });
}

/**
 * A league seeded before these numbers (college players slower than high-school ones until 2026-11) gets
 * them: each player's latest speed and the one before, and their leaderboard rows rebuilt from them.
 */
export async function refreshDemoLeagueSpeeds(db: Db, ownerId: number) {
  const [held] = await db
    .select({ version: referenceData.version })
    .from(referenceData)
    .where(eq(referenceData.name, 'demo-league'));
  if (held?.version === LEAGUE_VERSION) return;
  const league = await db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.userId, ownerId))
    .orderBy(players.id);
  await db.transaction(async (tx) => {
    for (const [i, p] of league.entries()) {
      const speeds = await tx
        .select({ id: analysisRequests.id })
        .from(analysisRequests)
        .where(and(eq(analysisRequests.playerId, p.id), eq(analysisRequests.requestType, 'max_speed')))
        .orderBy(desc(analysisRequests.season));
      const values = [demoSpeed(i), lastSeasonSpeed(demoSpeed(i))];
      for (const [k, r] of speeds.slice(0, 2).entries())
        await tx.update(analysisRequests).set({ maxSpeed: values[k] }).where(eq(analysisRequests.id, r.id));
      await recomputePlayerSpeed(tx, p.id);
    }
    await markLeagueVersion(tx);
  });
}
