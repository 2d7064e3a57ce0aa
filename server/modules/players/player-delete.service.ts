import { analysisKind, creditFields, type CreditAmounts } from '../../../contract/analysis-kinds';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { analysisRequests, players } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { grantCredits } from '../credits';
import { ownPlayer } from './player-access';
import { playerFileRefs, removeStoredFiles } from './player-files';

/**
 * The family deletes one of its players with everything about them: requests, videos, results,
 * leaderboard rows (foreign keys cascade), then the files. A request still waiting for an analyst gives
 * its credit back first (decision 052); completed analyses are not refunded. Others' players: 404.
 */
export async function deletePlayer(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  viewerId: number,
  id: number,
) {
  const { refs, refunded } = await deps.db.transaction(async (tx) => {
    await ownPlayer(tx, { id: viewerId }, id, { lock: true });
    const waiting = await tx
      .select()
      .from(analysisRequests)
      .where(and(eq(analysisRequests.playerId, id), eq(analysisRequests.status, 'pending')))
      .for('update');
    const amounts: CreditAmounts = {};
    for (const r of waiting) {
      if (r.userId === null) continue;
      const kind = analysisKind(r.requestType);
      const done = await grantCredits(tx, {
        userId: r.userId,
        amounts: { [kind.credit.key]: 1 },
        idempotencyKey: `refund:analysis:${r.id}`,
        type: 'refund',
        description: `Refund for ${kind.requestNoun} #${r.id}: player deleted before analysis`,
        metadata: { analysisRequestId: r.id, reason: 'player deleted' },
      });
      if (done) amounts[kind.credit.key] = (amounts[kind.credit.key] ?? 0) + 1;
    }
    const refunded = creditFields(amounts) as { credits: number; igaCredits: number };
    const refs = await playerFileRefs(tx, [id]);
    await tx.delete(players).where(eq(players.id, id));
    return { refs, refunded };
  });
  await removeStoredFiles(deps, refs);
  return { message: 'Player deleted', refunded };
}
