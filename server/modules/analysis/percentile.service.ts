import { eq } from 'drizzle-orm';
import { findAnalysisKind } from '../../../contract/analysis-kinds';
import { PERCENTILE_REASON_REQUIRED } from '../../../contract/analysis';
import type { ReceiptPercentile } from '../../../contract/measurements';
import { PERCENTILE_METRICS, type Percentile } from '../../../contract/percentiles';
import type { DbOrTx } from '../../db/client';
import { analysisRequests } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { valuePercentile } from '../sharing';

type Metric = Percentile['metric'];
const percentileMetric = (requestType: string) => {
  const m = findAnalysisKind(requestType)?.leaderboardMetric;
  return (PERCENTILE_METRICS as readonly string[]).includes(m ?? '') ? (m as Metric) : null;
};

/** The population percentile `value` would have as the request's result (the percentile call). */
export async function requestPercentile(db: DbOrTx, requestId: number, value: number) {
  const [r] = await db
    .select({
      playerId: analysisRequests.playerId,
      positionId: analysisRequests.positionId,
      requestType: analysisRequests.requestType,
    })
    .from(analysisRequests)
    .where(eq(analysisRequests.id, requestId));
  if (!r) throw notFound('Analysis request not found');
  return { percentile: await percentileFor(db, r, value) };
}

export async function percentileFor(
  db: DbOrTx,
  r: { playerId: number; positionId: number | null; requestType: string },
  value: number,
) {
  const metric = percentileMetric(r.requestType);
  return metric
    ? valuePercentile(db, { playerId: r.playerId, positionId: r.positionId, metric, value })
    : null;
}

/**
 * The analyst's percentile against the computed one: the same number needs no word; a different one
 * needs its reason, kept on the receipt, so a family's number and the analyst's never part silently.
 */
export function percentileNote(
  computed: Percentile | null,
  entered: number,
  reason: string | undefined,
): ReceiptPercentile {
  const why = reason?.trim() || null;
  if (computed && computed.percentile !== entered && !why) {
    throw badRequest(PERCENTILE_REASON_REQUIRED, { percentileReason: PERCENTILE_REASON_REQUIRED });
  }
  return { value: entered, computed, reason: computed && computed.percentile === entered ? null : why };
}
