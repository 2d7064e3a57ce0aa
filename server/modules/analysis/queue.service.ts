import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { POPULATION_MINIMUM, type Population, type QueueItem } from '../../../contract/analysis';
import type { Db } from '../../db/client';
import { columnsOf, preparedArrays } from '../../db/array-rows';
import { analysisRequests, igaSubmetrics, players, positions, submetrics } from '../../db/schema';
import { analysisKind } from '../../../contract/analysis-kinds';
import { isLowerBetter } from '../../../contract/submetrics';
import { notFound } from '../../lib/app-error';
import { decodeCursor, firstAndAfter, isTimeIdKey, toPage } from '../../lib/pagination';
import { notesOf } from './to-dto';
import { positionSubmetricList } from './submetrics.service';
import { kindHandler } from './kind-handlers';

/**
 * The queue's two statements (the first page, a page after a cursor), built and prepared once per database,
 * reading only the columns a queue item shows (decision 215: a request row is 27 columns, an item needs 11),
 * its rows read as arrays (decision 223: a page of 50 objects of named fields cost about a fifth of its time).
 */
const requestColumns = columnsOf(analysisRequests, [
  'id',
  'requestType',
  'season',
  'status',
  'createdAt',
  'playerId',
  'positionId',
  'hudlUrl',
  'startTime',
  'metadata',
  'sourceVideoId',
] as const);
const playerColumns = columnsOf(players, ['firstName', 'lastName', 'level'] as const);
const positionColumns = columnsOf(positions, ['name'] as const);
const PLAYER_AT = requestColumns.count;
const POSITION_AT = PLAYER_AT + playerColumns.count;
const CREATED = requestColumns.indexOf('createdAt');
const ID = requestColumns.indexOf('id');
const r = analysisRequests;
/** A request in the analysts' queue: pending, or a stored result the re-check held for an analyst (decision 241). */
export const inQueue = or(eq(r.status, 'pending'), and(eq(r.status, 'held'), sql`${r.metadata} ? 'recheck'`));
const queueStatements = firstAndAfter(r.createdAt, r.id, 'asc', (cursor) =>
  preparedArrays<{ limit: number; at?: string; id?: number }>(sql`
    select ${requestColumns.select}, ${playerColumns.select}, ${positionColumns.select}
    from ${r}
    join ${players} on ${players.id} = ${r.playerId}
    left join ${positions} on ${positions.id} = ${r.positionId}
    where ${and(inQueue, cursor)}
    order by ${r.createdAt}, ${r.id} limit ${sql.placeholder('limit')}`),
);

/** Pending requests and the stored results the re-check held for an analyst (decision 241), oldest first, one keyset page (decision 063), with what the analyst needs to find the player in the film. */
export async function listQueue(
  db: Db,
  page: { cursor?: string; limit: number },
): Promise<{ items: QueueItem[]; next: string | null }> {
  const after = decodeCursor(page.cursor, isTimeIdKey);
  const limit = page.limit + 1;
  const rows = after
    ? await queueStatements.after(db)({ limit, at: after[0], id: after[1] })
    : await queueStatements.first(db)({ limit });
  // The creation time as PostgreSQL prints it (microseconds) is the cursor's key.
  const { items, next } = toPage(rows, page.limit, (row) => [row[CREATED] as string, Number(row[ID])]);
  return {
    next,
    items: items.map((row) => {
      const { metadata, createdAt, ...item } = requestColumns.read(row);
      const p = playerColumns.read(row, PLAYER_AT);
      return {
        ...item,
        createdAt: createdAt.toISOString(),
        playerFirstName: p.firstName,
        playerLastName: p.lastName,
        playerLevel: p.level,
        positionName: positionColumns.read(row, POSITION_AT).name,
        notes: notesOf(metadata),
      };
    }),
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
  // The kind's own metric, then the position's components where they are part of its result (IGA).
  const components =
    kindHandler(r.requestType).usesPositionSubmetrics && r.positionId
      ? (await positionSubmetricList(db, r.positionId)).map((s) => s.key)
      : [];
  const keys = [analysisKind(r.requestType).metricKey, ...components];
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
