import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { LeaderboardEntry, LeaderboardMetric } from '../../../contract/leaderboard';
import { PERCENTILE_MIN_GROUP, percentileRank } from '../../../contract/percentiles';
import type { DbOrTx } from '../../db/client';
import { leaderboard } from '../../db/schema';

const LEVEL_ADJECTIVES: Record<string, string> = { 'High School': 'high-school', College: 'college' };

/**
 * Each entry's percentile within the board's current filter (decision 113), from two counts over the
 * page index: the filter's size and, per value on the page, how many share it. Under the minimum
 * group size there is none.
 */
export async function withPercentiles(db: DbOrTx, f: { metric: LeaderboardMetric; level: string; season: number | null }, entries: LeaderboardEntry[]) {
  const slice = and(
    eq(leaderboard.metricType, f.metric), eq(leaderboard.level, f.level), eq(leaderboard.isAllTime, f.season === null),
    f.season === null ? isNull(leaderboard.season) : eq(leaderboard.season, f.season),
  );
  const [{ n }] = (await db.select({ n: count() }).from(leaderboard).where(slice)) as [{ n: number }];
  const size = Number(n);
  const label = `verified ${LEVEL_ADJECTIVES[f.level] ?? f.level} players ${f.season === null ? 'of all time' : `in the ${f.season} season`}`;
  if (size < PERCENTILE_MIN_GROUP || entries.length === 0) {
    return { entries: entries.map((e) => ({ ...e, percentile: null })), percentileGroup: null };
  }
  const values = [...new Set(entries.map((e) => e.metricValue))];
  const ties = await db.select({ v: leaderboard.metricValue, n: count() }).from(leaderboard)
    .where(and(slice, inArray(leaderboard.metricValue, values))).groupBy(leaderboard.metricValue);
  const equal = new Map(ties.map((t) => [Number(t.v), Number(t.n)]));
  return {
    entries: entries.map((e) => {
      const same = equal.get(e.metricValue) ?? 1;
      return { ...e, percentile: percentileRank(size - (e.rank - 1) - same, same, size) };
    }),
    percentileGroup: { size, label },
  };
}
