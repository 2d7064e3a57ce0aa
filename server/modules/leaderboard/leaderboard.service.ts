import { sql } from 'drizzle-orm';
import type { LeaderboardPage, LeaderboardQuery } from '../../../contract/leaderboard';
import { analysisKinds, kindOfMetric, type AnalysisKind } from '../../../contract/analysis-kinds';
import type { DbOrTx, Tx } from '../../db/client';
import { withPercentiles } from './leaderboard.percentiles';
import { pageQuery, percentileCounts, toEntries } from './leaderboard.sql';

export interface LeaderboardResult {
  playerId: number;
  /** The kind's leaderboard metric (contract/analysis-kinds.ts). */
  metricType: string;
  value: number;
  season: number;
  positionId: number | null;
  /** A measured Max Speed's bound and method, kept with the value they belong to. */
  plusMinus?: number | null;
  methodLabel?: string | null;
}

/**
 * Called inside the transaction that completes an analysis: keeps the player's best per season and
 * all time. One upsert per row, so concurrent completions for one player cannot lose the best value;
 * a tie keeps the earlier result (and its position).
 */
export async function recordLeaderboardResult(tx: Tx, r: LeaderboardResult): Promise<void> {
  if (!Number.isFinite(r.value) || !Number.isInteger(r.season)) return;
  // A lower-is-better kind (the verified 40) keeps the smallest value (decision 209).
  const lower = kindOfMetric(r.metricType)?.direction === 'lower';
  const better = lower
    ? sql`excluded.metric_value < leaderboard.metric_value`
    : sql`excluded.metric_value > leaderboard.metric_value`;
  const best = lower
    ? sql`least(leaderboard.metric_value, excluded.metric_value)`
    : sql`greatest(leaderboard.metric_value, excluded.metric_value)`;
  await tx.execute(sql`
    insert into leaderboard (player_id, position_id, metric_type, metric_value, season, is_all_time,
      level, player_name, graduation_year, school, city, county, state, plus_minus, method_label)
    select p.id, ${r.positionId}::int, ${r.metricType}, ${r.value}::numeric, s.season, s.is_all_time,
      p.level, p.first_name || ' ' || p.last_name, p.graduation_year, p.school, p.city, p.county, p.state,
      ${r.plusMinus ?? null}::numeric, ${r.methodLabel ?? null}::text
    from players p
    cross join (values (${r.season}::int, false), (null::int, true)) as s(season, is_all_time)
    where p.id = ${r.playerId}
    on conflict on constraint leaderboard_identity do update set
      position_id = case when ${better} then excluded.position_id else leaderboard.position_id end,
      plus_minus = case when ${better} then excluded.plus_minus else leaderboard.plus_minus end,
      method_label = case when ${better} then excluded.method_label else leaderboard.method_label end,
      metric_value = ${best},
      updated_at = now()`);
  await refreshPlayerDetails(tx, r.playerId);
}

/**
 * Copies the player's current level, name, class, school and place onto their leaderboard rows
 * (the rows keep a copy so a page never joins players). Call after a player is edited.
 */
export async function refreshPlayerDetails(db: DbOrTx, playerId: number): Promise<void> {
  await db.execute(sql`
    update leaderboard l set level = p.level, player_name = p.first_name || ' ' || p.last_name,
      graduation_year = p.graduation_year, school = p.school, city = p.city, county = p.county,
      state = p.state, updated_at = now()
    from players p
    where p.id = ${playerId} and l.player_id = p.id
      and (l.level, l.player_name, l.graduation_year, l.school, l.city, l.county, l.state)
        is distinct from (p.level, p.first_name || ' ' || p.last_name, p.graduation_year, p.school, p.city, p.county, p.state)`);
}

/**
 * One page of competition ranks (ties share a rank, the next rank skips), read from leaderboard_page_idx.
 * A player is named only to their own family, or to everyone while the family shares the profile (decision 197).
 */
export async function getLeaderboardPage(
  db: DbOrTx,
  q: LeaderboardQuery,
  viewerId: number | null = null,
): Promise<LeaderboardPage> {
  const allTime = q.all_time === 'true';
  const lower = kindOfMetric(q.metric)?.direction === 'lower';
  const result = await db.execute(
    pageQuery({
      lower,
      metric: q.metric,
      level: q.level,
      season: allTime ? null : q.season!,
      offset: q.offset,
      limit: q.limit + 1,
      viewerId,
    }),
  );
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const entries = toEntries(rows, q.offset, lower);
  const ranked = withPercentiles(
    { metric: q.metric, level: q.level, season: allTime ? null : q.season! },
    entries.slice(0, q.limit),
    percentileCounts(rows),
  );
  return { ...ranked, hasMore: entries.length > q.limit };
}

/**
 * Recomputes the whole table from completed analyses: each player's best per metric, season and all
 * time. Writers wait on the table lock, so a completion during a rebuild is applied after it.
 */
export async function rebuildLeaderboard(db: DbOrTx): Promise<{ rows: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table leaderboard in share row exclusive mode`);
    await tx.execute(sql`delete from leaderboard`);
    const res = await tx.execute(sql`
      with results as (${sql.join(analysisKinds().map(scoredResultsOfKind), sql` union all `)}), best as (
        select distinct on (player_id, metric_type, season) player_id, metric_type, value, season, false as is_all_time, position_id,
            plus_minus, method_label
          from results order by player_id, metric_type, season, score desc, completed_at asc nulls last, id asc
      ), best_all_time as (
        select distinct on (player_id, metric_type) player_id, metric_type, value, null::int as season, true as is_all_time, position_id,
            plus_minus, method_label
          from results order by player_id, metric_type, score desc, completed_at asc nulls last, id asc
      )
      insert into leaderboard (player_id, position_id, metric_type, metric_value, season, is_all_time,
        level, player_name, graduation_year, school, city, county, state, plus_minus, method_label)
      select b.player_id, b.position_id, b.metric_type, b.value, b.season, b.is_all_time,
        p.level, p.first_name || ' ' || p.last_name, p.graduation_year, p.school, p.city, p.county, p.state,
        b.plus_minus, b.method_label
      from (select * from best union all select * from best_all_time) b
      join players p on p.id = b.player_id`);
    const count = res as unknown as { rowCount?: number; affectedRows?: number };
    return { rows: Number(count.rowCount ?? count.affectedRows ?? 0) };
  });
}

/** A kind's results with the score their best is chosen by: the value, negated for a lower-is-better kind. */
function scoredResultsOfKind(kind: AnalysisKind) {
  const sign = kind.direction === 'lower' ? -1 : 1;
  return sql`select k.*, ${sign}::numeric * k.value as score from (${resultsOfKind(kind)}) k`;
}

/**
 * A kind's completed results: from its request column for the kinds the specification names (corrections
 * update that column), else from the per-metric results table under the kind's metric key.
 */
function resultsOfKind(kind: AnalysisKind) {
  const head = sql`select r.player_id, ${kind.leaderboardMetric}::text as metric_type`;
  const rest = sql`r.season, r.position_id, r.completed_at, r.id`;
  if (kind.resultField === 'maxSpeed')
    return sql`${head}, r.max_speed as value, ${rest}, r.max_speed_plus_minus as plus_minus, r.method_label
      from analysis_requests r where r.status = 'completed' and r.request_type = ${kind.key} and r.max_speed is not null`;
  if (kind.resultField === 'igaScore')
    return sql`${head}, r.iga_score as value, ${rest}, null::numeric as plus_minus, null::text as method_label
      from analysis_requests r where r.status = 'completed' and r.request_type = ${kind.key} and r.iga_score is not null`;
  // A later measured kind's bound and method are on its receipt (kind_receipts, decisions 243 and 269).
  return sql`${head}, s.value, ${rest}, kr.plus_minus, kr.method_label
      from analysis_requests r join iga_submetrics s on s.analysis_request_id = r.id
      left join kind_receipts kr on kr.request_id = r.id
      join submetrics m on m.id = s.submetric_id and m.key = ${kind.metricKey}
      where r.status = 'completed' and r.request_type = ${kind.key}`;
}
