import type { LeaderboardEntry } from '../../../contract/leaderboard';
import { PERCENTILE_MIN_GROUP, percentileRank } from '../../../contract/percentiles';

const LEVEL_ADJECTIVES: Record<string, string> = { 'High School': 'high-school', College: 'college' };

/**
 * Each entry's percentile within the board's current filter (decision 113), from the filter's size
 * and, per value on the page, how many share it: both read by the page statement itself
 * (leaderboard.sql.ts). Under the minimum group size there is none.
 */
export function withPercentiles(
  f: { metric: string; level: string; season: number | null },
  entries: LeaderboardEntry[],
  counts: { size: number; same: Map<number, number> },
) {
  const size = counts.size;
  const label = `verified ${LEVEL_ADJECTIVES[f.level] ?? f.level} players ${f.season === null ? 'of all time' : `in the ${f.season} season`}`;
  if (size < PERCENTILE_MIN_GROUP || entries.length === 0) {
    return { entries: entries.map((e) => ({ ...e, percentile: null })), percentileGroup: null };
  }
  return {
    entries: entries.map((e) => {
      const same = counts.same.get(e.metricValue) ?? 1;
      return { ...e, percentile: percentileRank(size - (e.rank - 1) - same, same, size) };
    }),
    percentileGroup: { size, label },
  };
}
