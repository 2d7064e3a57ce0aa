import { eq } from 'drizzle-orm';
import { COACH_SUSPENDED } from '../../../contract/coach';
import type { Db } from '../../db/client';
import {
  coachConnections,
  coaches,
  coachSavedSearches,
  coachWatchlist,
  playerDiscovery,
} from '../../db/schema';
import { forbidden } from '../../lib/app-error';

/**
 * A coach's own rows for the account export (decision 228), empty for a family. A suspended coach gets
 * none of it (403, as on every coach route: the export lists the players the coach asked about); a
 * family's contact address stays only while the family lets coaches find the player (decision 238).
 */
export async function coachAccountData(db: Db, userId: number) {
  const [coach] = await db.select().from(coaches).where(eq(coaches.userId, userId));
  if (coach?.status === 'suspended') throw forbidden(COACH_SUSPENDED);
  const watched = await db.select().from(coachWatchlist).where(eq(coachWatchlist.coachUserId, userId));
  const searches = await db
    .select()
    .from(coachSavedSearches)
    .where(eq(coachSavedSearches.coachUserId, userId))
    .orderBy(coachSavedSearches.id);
  const asked = await db
    .select({ m: coachConnections, discoverable: playerDiscovery.playerId })
    .from(coachConnections)
    .leftJoin(playerDiscovery, eq(playerDiscovery.playerId, coachConnections.playerId))
    .where(eq(coachConnections.coachUserId, userId))
    .orderBy(coachConnections.id);
  return {
    coach: coach ?? null,
    watched,
    searches,
    asked: asked.map((r) => (r.discoverable === null ? { ...r.m, contactEmail: null } : r.m)),
  };
}
