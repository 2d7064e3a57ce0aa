import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { analysisRequests, videos } from '../../db/schema';
import { recordRequestSpeed } from './correction.service';

/**
 * A held Max Speed confirmed by a second analyst (agreement, or an admin's choice): it becomes a
 * completed, verified result, and the video and the leaderboard carry it as a completion does
 * (decision 198). A request that is not held is left as it is.
 */
export async function releaseHeld(tx: Tx, requestId: number) {
  const [r] = await tx
    .update(analysisRequests)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(analysisRequests.id, requestId), eq(analysisRequests.status, 'held')))
    .returning();
  if (!r || r.maxSpeed === null) return null;
  const measured = {
    maxSpeed: r.maxSpeed,
    maxSpeedPlusMinus: r.maxSpeedPlusMinus,
    methodLabel: r.methodLabel,
  };
  const [result] = await tx
    .update(videos)
    .set(measured)
    .where(eq(videos.analysisRequestId, requestId))
    .returning({ id: videos.id });
  if (!result && r.sourceVideoId) {
    await tx
      .update(videos)
      .set({ ...measured, analysisRequestId: requestId, status: 'ready' })
      .where(and(eq(videos.id, r.sourceVideoId), isNull(videos.analysisRequestId)));
  }
  await recordRequestSpeed(tx, r);
  return r;
}
