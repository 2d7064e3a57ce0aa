import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { POPULATION_MINIMUM, type Population, type QueueItem } from '../../../contract/analysis';
import { preparedOnce, type Db } from '../../db/client';
import { analysisRequests, igaSubmetrics, players, positions, submetrics } from '../../db/schema';
import { isLowerBetter } from '../../../contract/submetrics';
import { notFound } from '../../lib/app-error';
import { decodeCursor, exactTime, firstAndAfter, isTimeIdKey, toPage } from '../../lib/pagination';
import { notesOf } from './to-dto';
import { positionSubmetricList } from './submetrics.service';

/**
 * The queue's two statements (the first page, a page after a cursor), built and prepared once per database,
 * reading only the columns a queue item shows (decision 215): a request row is 27 columns, an item needs 11.
 */
const queueStatements = preparedOnce((db: Db) => {
  const r = analysisRequests;
  const select = () =>
    db
      .select({
        id: r.id,
        requestType: r.requestType,
        season: r.season,
        status: r.status,
        createdAt: r.createdAt,
        playerId: r.playerId,
        positionId: r.positionId,
        hudlUrl: r.hudlUrl,
        startTime: r.startTime,
        metadata: r.metadata,
        sourceVideoId: r.sourceVideoId,
        at: exactTime(r.createdAt),
        p: { firstName: players.firstName, lastName: players.lastName, level: players.level },
        positionName: positions.name,
      })
      .from(r)
      .innerJoin(players, eq(players.id, r.playerId))
      .leftJoin(positions, eq(positions.id, r.positionId));
  const pending = eq(r.status, 'pending');
  const oldestFirst = [asc(r.createdAt), asc(r.id)];
  const limit = sql.placeholder('limit');
  return firstAndAfter(r.createdAt, r.id, 'asc', (cursor, which) =>
    select()
      .where(and(pending, cursor))
      .orderBy(...oldestFirst)
      .limit(limit)
      .prepare(`va_queue_${which}`),
  );
});

/** Pending requests, oldest first, one keyset page (decision 063), with what the analyst needs to find the player in the film. */
export async function listQueue(
  db: Db,
  page: { cursor?: string; limit: number },
): Promise<{ items: QueueItem[]; next: string | null }> {
  const after = decodeCursor(page.cursor, isTimeIdKey);
  const q = queueStatements(db);
  const limit = page.limit + 1;
  const rows = after
    ? await q.after.execute({ limit, at: after[0], id: after[1] })
    : await q.first.execute({ limit });
  const { items, next } = toPage(rows, page.limit, (row) => [row.at, row.id]);
  return {
    next,
    items: items.map(({ p, positionName, metadata, at: _at, createdAt, ...r }) => ({
      ...r,
      createdAt: createdAt.toISOString(),
      playerFirstName: p.firstName,
      playerLastName: p.lastName,
      playerLevel: p.level,
      positionName,
      notes: notesOf(metadata),
    })),
  };
}

const QUANTILE_POINTS = sql.raw(
  `array[${Array.from({ length: 101 }, (_, i) => (i / 100).toFixed(2)).join(',')}]::float8[]`,
);

/**
 * Quantiles of the verified results of players at the request's position and level, per metric the
 * analyst will enter. Under POPULATION_MINIMUM values a percentile would mislead, so none is given.
 */
export async function population(db: Db, requestId: number): Promise<Population> {
  const [req] = await db
    .select({ r: analysisRequests, level: players.level })
    .from(analysisRequests)
    .innerJoin(players, eq(players.id, analysisRequests.playerId))
    .where(eq(analysisRequests.id, requestId));
  if (!req) throw notFound('Analysis request not found');
  const { r, level } = req;
  const keys =
    r.requestType === 'max_speed'
      ? ['MS']
      : ['IGA', ...(r.positionId ? (await positionSubmetricList(db, r.positionId)).map((s) => s.key) : [])];
  const stats = r.positionId
    ? await db
        .select({
          key: submetrics.key,
          count: sql<number>`count(*)`.mapWith(Number),
          quantiles: sql<
            number[]
          >`percentile_cont(${QUANTILE_POINTS}) within group (order by ${igaSubmetrics.value}::float8)`,
        })
        .from(igaSubmetrics)
        .innerJoin(submetrics, eq(submetrics.id, igaSubmetrics.submetricId))
        .innerJoin(analysisRequests, eq(analysisRequests.id, igaSubmetrics.analysisRequestId))
        .innerJoin(players, eq(players.id, analysisRequests.playerId))
        .where(
          and(
            inArray(submetrics.key, keys),
            eq(analysisRequests.status, 'completed'),
            eq(analysisRequests.positionId, r.positionId),
            eq(players.level, level),
          ),
        )
        .groupBy(submetrics.key)
    : [];
  const byKey = new Map(stats.map((s) => [s.key, s]));
  return {
    minimum: POPULATION_MINIMUM,
    metrics: keys.map((key) => {
      const s = byKey.get(key);
      const count = s?.count ?? 0;
      return {
        key,
        count,
        lowerIsBetter: isLowerBetter(key),
        quantiles: s && count >= POPULATION_MINIMUM ? s.quantiles.map(Number) : null,
      };
    }),
  };
}
