import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisRequests, players } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';

// Here rather than in analysis: the measuring tools work on a pending request, and analysis uses them.
export const ALREADY_PROCESSED = 'This request has already been processed';

/**
 * Whether a request can be processed: pending, or a stored result the re-check held for an analyst to
 * confirm or correct (decision 241; its metadata carries the re-check).
 */
export const canProcess = (r: { status: string; metadata: unknown }) =>
  r.status === 'pending' ||
  (r.status === 'held' && typeof r.metadata === 'object' && r.metadata !== null && 'recheck' in r.metadata);

/** The request with its player, only while it can still be processed. */
export async function pendingRequest(db: Db, id: number) {
  const [row] = await db
    .select({ r: analysisRequests, player: players })
    .from(analysisRequests)
    .innerJoin(players, eq(players.id, analysisRequests.playerId))
    .where(eq(analysisRequests.id, id));
  if (!row) throw notFound('Analysis request not found');
  if (!canProcess(row.r)) throw conflict(ALREADY_PROCESSED);
  return row;
}
