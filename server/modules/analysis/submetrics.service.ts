import { asc, eq } from 'drizzle-orm';
import type { PositionSubmetric, RequestSubmetric } from '../../../contract/analysis';
import type { DbOrTx } from '../../db/client';
import { analysisRequests, igaSubmetrics, positionSubmetrics, positions, submetrics } from '../../db/schema';
import { isLowerBetter } from '../../../contract/submetrics';
import { notFound } from '../../lib/app-error';
import type { UserRow } from '../../db/schema';
import { viewablePlayer } from '../players';

/** The IGA components measured for a position, in entry order. */
export async function positionSubmetricList(db: DbOrTx, positionId: number): Promise<PositionSubmetric[]> {
  const rows = await db
    .select({ s: submetrics })
    .from(positionSubmetrics)
    .innerJoin(submetrics, eq(submetrics.id, positionSubmetrics.submetricId))
    .where(eq(positionSubmetrics.positionId, positionId))
    .orderBy(asc(positionSubmetrics.sortOrder), asc(submetrics.id));
  return rows.map(({ s }) => ({
    id: s.id,
    key: s.key,
    name: s.name,
    description: s.description,
    unit: s.unit,
    decimals: s.decimals,
    lowerIsBetter: isLowerBetter(s.key),
  }));
}

export async function submetricsOfPosition(db: DbOrTx, positionId: number) {
  const [pos] = await db.select({ id: positions.id }).from(positions).where(eq(positions.id, positionId));
  if (!pos) throw notFound('Position not found');
  return positionSubmetricList(db, positionId);
}

/** The stored results of one request, for its owner, analysts and admins. */
export async function submetricsOfRequest(
  db: DbOrTx,
  user: UserRow,
  requestId: number,
): Promise<RequestSubmetric[]> {
  const [req] = await db
    .select({ playerId: analysisRequests.playerId })
    .from(analysisRequests)
    .where(eq(analysisRequests.id, requestId));
  if (!req) throw notFound('Analysis request not found');
  await viewablePlayer(db, user, req.playerId).catch(() => {
    throw notFound('Analysis request not found');
  });
  const rows = await db
    .select({ m: igaSubmetrics, s: submetrics })
    .from(igaSubmetrics)
    .innerJoin(submetrics, eq(submetrics.id, igaSubmetrics.submetricId))
    .where(eq(igaSubmetrics.analysisRequestId, requestId))
    .orderBy(asc(igaSubmetrics.id));
  return rows.map(({ m, s }) => ({
    id: m.id,
    submetricName: s.name,
    submetricKey: s.key,
    value: m.value,
    percentile: m.percentile,
    unit: s.unit,
    decimals: s.decimals,
  }));
}
