import { sql } from 'drizzle-orm';
import { kindOfMetric } from '../../../contract/analysis-kinds';
import {
  PERCENTILE_METRICS,
  PERCENTILE_MIN_GROUP,
  groupLabel,
  percentileRank,
  percentileText,
  widenedNote,
  type Percentile,
  type PercentileScope,
  type ResultPercentile,
} from '../../../contract/percentiles';
import type { DbOrTx } from '../../db/client';

const SCOPES: PercentileScope[] = ['position_level_class', 'position_level', 'level'];
type Row = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;

/** Counts per group, narrowest first, of the rows `a` joined to `me` (value `me.v`, position `me.position_id`). */
const COUNTS = sql.raw(`
      count(a.metric_value) filter (where a.position_id = me.position_id and a.graduation_year = me.graduation_year) n1,
      count(a.metric_value) filter (where a.position_id = me.position_id and a.graduation_year = me.graduation_year and a.metric_value < me.v) b1,
      count(a.metric_value) filter (where a.position_id = me.position_id and a.graduation_year = me.graduation_year and a.metric_value = me.v) e1,
      count(a.metric_value) filter (where a.position_id = me.position_id) n2,
      count(a.metric_value) filter (where a.position_id = me.position_id and a.metric_value < me.v) b2,
      count(a.metric_value) filter (where a.position_id = me.position_id and a.metric_value = me.v) e2,
      count(a.metric_value) n3,
      count(a.metric_value) filter (where a.metric_value < me.v) b3,
      count(a.metric_value) filter (where a.metric_value = me.v) e3`);

/**
 * The narrowest group with enough players (decision 113) and the rank in it. `self` is added to each
 * group when the counted rows leave the player out (a result that is not the player's best).
 */
function fromCounts(metric: Percentile['metric'], r: Row, self: 0 | 1): Percentile | null {
  const n = (k: number) => Number(r[`n${k + 1}`]) + self;
  const i = SCOPES.findIndex(
    (_, k) => n(k) >= PERCENTILE_MIN_GROUP && (k < 2 ? r.position_key != null : true),
  );
  if (i < 0) return null;
  const scope = SCOPES[i];
  const size = n(i);
  const percentile = percentileRank(Number(r[`b${i + 1}`]), Number(r[`e${i + 1}`]) + self, size);
  const key = {
    scope,
    level: String(r.level),
    positionKey: (r.position_key as string | null) ?? null,
    classYear: r.graduation_year == null ? null : Number(r.graduation_year),
  };
  const p = { percentile, groupSize: size, groupLabel: groupLabel(key), widened: i > 0 };
  return { metric, scope, ...p, text: percentileText({ ...p, note: i > 0 ? widenedNote(key) : null }) };
}

/**
 * A player's percentiles against the verified population (decision 113): the all-time leaderboard
 * rows are exactly one best completed result per player and metric. Only counts leave the database.
 */
export async function playerPercentiles(db: DbOrTx, playerId: number): Promise<Percentile[]> {
  const rows = rowsOf(
    await db.execute(sql`
    with me as (
      select l.metric_type, l.metric_value v, l.level, l.position_id, l.graduation_year, pos.key as position_key
      from leaderboard l left join positions pos on pos.id = l.position_id
      where l.player_id = ${playerId} and l.is_all_time
    )
    select me.metric_type, me.level, me.position_key, me.graduation_year, ${COUNTS}
    from me join leaderboard a on a.metric_type = me.metric_type and a.is_all_time and a.level = me.level
    group by me.metric_type, me.level, me.position_key, me.graduation_year`),
  );
  return PERCENTILE_METRICS.flatMap((metric) => {
    const r = rows.find((x) => x.metric_type === metric);
    const p = r && fromCounts(metric, r, 0);
    return p ? [p] : [];
  });
}

/**
 * The percentile of each of the player's completed results (issue 27 item 8): every number is ranked
 * itself, at the position it was measured for, against the other players' bests; a result that is not
 * the player's best is not compared with the player's own best.
 */
export async function resultPercentiles(db: DbOrTx, playerId: number): Promise<ResultPercentile[]> {
  const value = (metric: string) => {
    const field = kindOfMetric(metric)?.resultField;
    return field === 'maxSpeed' ? sql`r.max_speed` : field === 'igaScore' ? sql`r.iga_score` : null;
  };
  const parts = PERCENTILE_METRICS.flatMap((metric) => {
    const v = value(metric);
    const kind = kindOfMetric(metric);
    return v && kind
      ? [
          sql`select r.id as request_id, ${metric}::text as metric_type, ${v} as v, r.position_id
            from analysis_requests r where r.player_id = ${playerId} and r.status = 'completed'
              and r.request_type = ${kind.key} and ${v} is not null`,
        ]
      : [];
  });
  if (!parts.length) return [];
  const rows = rowsOf(
    await db.execute(sql`
    with mine as (${sql.join(parts, sql` union all `)}),
    me as (
      select mine.*, p.level, p.graduation_year, pos.key as position_key
      from mine join players p on p.id = ${playerId} left join positions pos on pos.id = mine.position_id
    )
    select me.request_id, me.metric_type, me.level, me.position_key, me.graduation_year, ${COUNTS}
    from me left join leaderboard a on a.metric_type = me.metric_type and a.is_all_time
      and a.level = me.level and a.player_id <> ${playerId}
    group by me.request_id, me.metric_type, me.level, me.position_key, me.graduation_year
    order by me.request_id`),
  );
  return rows.flatMap((r) => {
    const p = fromCounts(r.metric_type as Percentile['metric'], r, 1);
    return p ? [{ ...p, requestId: Number(r.request_id) }] : [];
  });
}

/**
 * The percentile a value would have as one of the player's results at a position (issue 52 item 3): the
 * same group and rank `resultPercentiles` gives once the result is stored, so the analyst's completion
 * form starts at the number families, the public page and the share image will show.
 */
export async function valuePercentile(
  db: DbOrTx,
  q: { playerId: number; positionId: number | null; metric: Percentile['metric']; value: number },
): Promise<Percentile | null> {
  const rows = rowsOf(
    await db.execute(sql`
    with me as (
      select ${q.metric}::text as metric_type, ${q.value}::numeric as v, ${q.positionId}::int as position_id,
        p.level, p.graduation_year, pos.key as position_key
      from players p left join positions pos on pos.id = ${q.positionId}::int
      where p.id = ${q.playerId}
    )
    select me.metric_type, me.level, me.position_key, me.graduation_year, ${COUNTS}
    from me left join leaderboard a on a.metric_type = me.metric_type and a.is_all_time
      and a.level = me.level and a.player_id <> ${q.playerId}
    group by me.metric_type, me.level, me.position_key, me.graduation_year`),
  );
  return rows[0] ? fromCounts(q.metric, rows[0], 1) : null;
}

/**
 * `playerPercentiles` for a page of players in one statement (the coach search, decision 211): one metric
 * per player. `leaderboard_value_counts` (kept by triggers) holds each group's all-time rows counted per
 * whole number and per exact value: the group's size and the rows below the player's whole number are
 * sums over its whole numbers (some 15 for a Max Speed, at most 101 for an IGA score), the rest of the
 * rows below and the equal ones a sum over the exact values within the player's own whole number. So a
 * group costs a few dozen index entries whatever its size, and a wider group is read only when the
 * narrower one is too small.
 */
export async function pagePercentiles(
  db: DbOrTx,
  wanted: { playerId: number; metric: Percentile['metric'] }[],
): Promise<Map<number, Percentile>> {
  const out = new Map<number, Percentile>();
  if (!wanted.length) return out;
  const w = JSON.stringify(wanted.map((x) => ({ player_id: x.playerId, metric_type: x.metric })));
  // Each part is one index range. `gate` refers only to the narrower groups' sums: a one-time filter,
  // so a wider group is not read at all when the narrower one is big enough.
  const group = (where: string, gate: string | null) => {
    const of = `from leaderboard_value_counts h where h.metric_type = me.metric_type and h.level = me.level
      ${where} ${gate ? `and ${gate}` : ''}`;
    return sql.raw(`(select coalesce(sum(x.n), 0) n, coalesce(sum(x.b), 0) b, coalesce(sum(x.e), 0) e from (
        select sum(h.rows) n, sum(h.rows) filter (where h.metric_value < floor(me.v)) b, 0 e
        ${of} and h.whole
        union all
        select 0, sum(h.rows) filter (where h.metric_value < me.v), sum(h.rows) filter (where h.metric_value = me.v)
        ${of} and not h.whole and h.metric_value >= floor(me.v) and h.metric_value <= me.v
      ) x)`);
  };
  const min = PERCENTILE_MIN_GROUP;
  const rows = rowsOf(
    await db.execute(sql`
    with w as (select * from jsonb_to_recordset(${w}::jsonb) as w(player_id int, metric_type text)),
    me as (
      select l.player_id, l.metric_type, l.metric_value v, l.level, l.position_id, l.graduation_year,
        pos.key as position_key
      from w join leaderboard l on l.player_id = w.player_id and l.metric_type = w.metric_type and l.is_all_time
      left join positions pos on pos.id = l.position_id
    )
    select me.player_id, me.metric_type, me.level, me.position_key, me.graduation_year,
      g1.n n1, g1.b b1, g1.e e1, g2.n n2, g2.b b2, g2.e e2, g3.n n3, g3.b b3, g3.e e3
    from me
    cross join lateral ${group('and h.position_id = me.position_id and h.graduation_year = me.graduation_year', null)} g1
    cross join lateral ${group('and h.position_id = me.position_id', `g1.n < ${min}`)} g2
    cross join lateral ${group('', `g1.n < ${min} and g2.n < ${min}`)} g3`),
  );
  for (const r of rows) {
    const p = fromCounts(r.metric_type as Percentile['metric'], r, 0);
    if (p) out.set(Number(r.player_id), p);
  }
  return out;
}
