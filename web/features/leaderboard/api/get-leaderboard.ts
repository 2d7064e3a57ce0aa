import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { leaderboardApi } from '@contract/api/leaderboard';
import { LEADERBOARD_PAGE_SIZE, type LeaderboardMetric } from '@contract/leaderboard';
import type { Level } from '@contract/constants';
import { ApiError, call } from '@/lib/api-client';
import { leaderboardKeys } from './keys';

export interface LeaderboardFilters {
  level: Level;
  /** a year, or 'all' for All Time */
  season: number | 'all';
  metric: LeaderboardMetric;
}

const leaderboardQuery = (f: LeaderboardFilters, offset: number) => ({
  metric: f.metric,
  level: f.level,
  offset: String(offset),
  limit: String(LEADERBOARD_PAGE_SIZE),
  ...(f.season === 'all' ? { all_time: 'true' as const } : { season: String(f.season) }),
});

async function getLeaderboardPage(f: LeaderboardFilters, offset: number, signal?: AbortSignal) {
  try {
    return await call(leaderboardApi.page, { query: leaderboardQuery(f, offset), signal });
  } catch (err) {
    if (err instanceof ApiError || (err instanceof Error && err.name === 'AbortError')) throw err;
    throw new Error('Failed to fetch leaderboard data');
  }
}

/** The next offset is pages loaded times 25, while the last page says hasMore. */
const leaderboardQueryOptions = (f: LeaderboardFilters) =>
  infiniteQueryOptions({
    queryKey: leaderboardKeys.list(f),
    queryFn: ({ pageParam, signal }) => getLeaderboardPage(f, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * LEADERBOARD_PAGE_SIZE : undefined),
    staleTime: 60_000,
  });

export const useLeaderboard = (f: LeaderboardFilters) => useInfiniteQuery(leaderboardQueryOptions(f));
