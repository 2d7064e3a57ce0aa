import { useSearchParams } from 'react-router';
import { LEVELS } from '@contract/constants';
import { LEADERBOARD_METRICS, leaderboardSeasons } from '@contract/leaderboard';
import type { LeaderboardFilters } from '../api/get-leaderboard';

/**
 * Filters live in the URL so a reload or a shared link keeps them; defaults: High School, this season, the
 * first kind's metric (Max Speed, the registry's first kind).
 */
export function useLeaderboardFilters() {
  const [params, setParams] = useSearchParams();
  const seasons = leaderboardSeasons();
  const level = LEVELS.find((l) => l === params.get('level')) ?? 'High School';
  const metric = LEADERBOARD_METRICS.find((m) => m === params.get('metric')) ?? LEADERBOARD_METRICS[0];
  const rawSeason = params.get('season');
  const season = rawSeason === 'all' ? 'all' : (seasons.find((y) => String(y) === rawSeason) ?? seasons[0]);
  const filters: LeaderboardFilters = { level, metric, season };
  const setFilters = (f: LeaderboardFilters) =>
    setParams({ level: f.level, season: String(f.season), metric: f.metric }, { replace: true });
  return [filters, setFilters] as const;
}
