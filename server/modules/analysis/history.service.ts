import { and, desc, eq } from 'drizzle-orm';
import { findAnalysisKind, formatKindResult } from '../../../contract/analysis-kinds';
import type { RequestHistoryItem } from '../../../contract/request-history';
import type { Db } from '../../db/client';
import { analysisRequests, kindReceipts, positions } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { listedKindReceipts } from '../measurements';
import { viewablePlayer } from '../players';

/** Every request made for a player, newest first, with rejections' reasons and refunds (owner and staff). */
export async function requestHistory(db: Db, user: UserRow, playerId: number): Promise<RequestHistoryItem[]> {
  await viewablePlayer(db, user, playerId);
  const rows = await db
    .select({ r: analysisRequests, positionName: positions.name, kept: kindReceipts })
    .from(analysisRequests)
    .leftJoin(positions, eq(positions.id, analysisRequests.positionId))
    // Max Speed's receipts (and their revisions) are not listed by kind: its own fields say its result.
    .leftJoin(kindReceipts, and(eq(kindReceipts.requestId, analysisRequests.id), listedKindReceipts()))
    .where(eq(analysisRequests.playerId, playerId))
    .orderBy(desc(analysisRequests.createdAt), desc(analysisRequests.id));
  return rows.map(({ r, positionName, kept }) => {
    // A result kept by kind (decision 243) is written and linked as its registry entry says.
    const kind = kept ? findAnalysisKind(kept.kind) : undefined;
    const keptText =
      kept && kind ? formatKindResult(kind, kept.value, kept.plusMinus, kept.methodLabel) : null;
    const keptPath = kept && kind?.receiptPage ? `${kind.receiptPage}/${r.id}` : null;
    return {
      id: r.id,
      requestType: r.requestType,
      status: r.status,
      season: r.season,
      positionName,
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
      maxSpeed: r.maxSpeed,
      maxSpeedPlusMinus: r.maxSpeedPlusMinus,
      igaScore: r.igaScore,
      rejectionReason: r.rejectionReason,
      analystComment: r.analystComment,
      creditRefunded: r.creditRefunded,
      resultText: r.status !== 'completed' ? null : keptText,
      // Only a measured speed has a receipt (every receipt sets the ±); older typed results have none to link.
      resultPath:
        r.status !== 'completed'
          ? null
          : keptPath
            ? keptPath
            : r.maxSpeedPlusMinus !== null
              ? `/receipts/${r.id}`
              : null,
      sourceVideoId: r.sourceVideoId,
    };
  });
}
