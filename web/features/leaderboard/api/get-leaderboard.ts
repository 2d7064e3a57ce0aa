import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LEADERBOARD_PAGE_SIZE, type LeaderboardMetric, type LeaderboardPage } from '@contract/leaderboard';
import type { Level } from '@contract/constants';
import { api, ApiError } from '@/lib/api-client';
import { leaderboardKeys } from './keys';

export interface LeaderboardFilters {
  level: Level;
  /** a year, or 'all' for All Time */
  season: number | 'all';
  metric: LeaderboardMetric;
}

function leaderboardPath(f: LeaderboardFilters, offset: number) {
  const q = new URLSearchParams({
    metric: f.metric,
    level: f.level,
    offset: String(offset),
    limit: String(LEADERBOARD_PAGE_SIZE),
  });
  if (f.season === 'all') q.set('all_time', 'true');
  else q.set('season', String(f.season));
  return `/api/leaderboard?${q}`;
}

async function getLeaderboardPage(f: LeaderboardFilters, offset: number, signal?: AbortSignal) {
  try {
    return await api<LeaderboardPage>(leaderboardPath(f, offset), { signal });
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
