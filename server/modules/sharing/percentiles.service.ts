import { sql } from 'drizzle-orm';
import {
  PERCENTILE_METRICS,
  PERCENTILE_MIN_GROUP,
  groupLabel,
  percentileRank,
  percentileText,
  widenedNote,
  type Percentile,
  type PercentileScope,
} from '../../../contract/percentiles';
import type { DbOrTx } from '../../db/client';

const SCOPES: PercentileScope[] = ['position_level_class', 'position_level', 'level'];

/**
 * A player's percentiles against the verified population (decision 113): the all-time leaderboard
 * rows are exactly one best completed result per player and metric. Only counts leave the database.
 */
export async function playerPercentiles(db: DbOrTx, playerId: number): Promise<Percentile[]> {
  const res = await db.execute(sql`
    with me as (
      select l.metric_type, l.metric_value v, l.level, l.position_id, l.graduation_year, pos.key as position_key
      from leaderboard l left join positions pos on pos.id = l.position_id
      where l.player_id = ${playerId} and l.is_all_time
    )
    select me.metric_type, me.level, me.position_key, me.graduation_year,
      count(*) filter (where a.position_id = me.position_id and a.graduation_year = me.graduation_year) n1,
      count(*) filter (where a.position_id = me.position_id and a.graduation_year = me.graduation_year and a.metric_value < me.v) b1,
      count(*) filter (where a.position_id = me.position_id and a.graduation_year = me.graduation_year and a.metric_value = me.v) e1,
      count(*) filter (where a.position_id = me.position_id) n2,
      count(*) filter (where a.position_id = me.position_id and a.metric_value < me.v) b2,
      count(*) filter (where a.position_id = me.position_id and a.metric_value = me.v) e2,
      count(*) n3,
      count(*) filter (where a.metric_value < me.v) b3,
      count(*) filter (where a.metric_value = me.v) e3
    from me join leaderboard a on a.metric_type = me.metric_type and a.is_all_time and a.level = me.level
    group by me.metric_type, me.level, me.position_key, me.graduation_year`);
  const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
  const out: Percentile[] = [];
  for (const metric of PERCENTILE_METRICS) {
    const r = rows.find((x) => x.metric_type === metric);
    if (!r) continue;
    const i = SCOPES.findIndex(
      (_, k) => Number(r[`n${k + 1}`]) >= PERCENTILE_MIN_GROUP && (k < 2 ? r.position_key !== null : true),
    );
    if (i < 0) continue;
    const scope = SCOPES[i];
    const size = Number(r[`n${i + 1}`]);
    const percentile = percentileRank(Number(r[`b${i + 1}`]), Number(r[`e${i + 1}`]), size);
    const key = {
      scope,
      level: String(r.level),
      positionKey: (r.position_key as string | null) ?? null,
      classYear: r.graduation_year === null ? null : Number(r.graduation_year),
    };
    const p = { percentile, groupSize: size, groupLabel: groupLabel(key), widened: i > 0 };
    out.push({ metric, scope, ...p, text: percentileText({ ...p, note: i > 0 ? widenedNote(key) : null }) });
  }
  return out;
}
