import { Skeleton } from '@/components/ui/skeleton';
import type { LeaderboardFilters } from '../api/get-leaderboard';
import { useLeaderboard } from '../api/get-leaderboard';
import { LeaderboardList } from './leaderboard-list';
import { LeaderboardTable } from './leaderboard-table';
import { LoadMore } from './load-more';

export function LeaderboardResults({ filters }: { filters: LeaderboardFilters }) {
  const q = useLeaderboard(filters);
  if (q.isPending) {
    return (
      <div className="space-y-2 p-4" role="status" aria-busy="true" aria-label="Loading the leaderboard">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    );
  }
  if (q.isError) {
    return (
      <div role="alert" className="p-6 text-center">
        <p className="font-medium text-destructive">Error loading leaderboard data</p>
        <p className="text-sm text-muted-foreground">{q.error?.message || 'Unknown error'}</p>
      </div>
    );
  }
  const entries = q.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) {
    return (
      <p className="p-10 text-center text-muted-foreground">No data available for the selected filters</p>
    );
  }
  const group = q.data.pages[0]?.percentileGroup;
  return (
    <>
      <p className="px-4 pt-3 text-xs text-muted-foreground" data-testid="percentile-group">
        {group
          ? `Percentiles compare each player with the ${group.size} ${group.label} on this board.`
          : 'Percentiles show once this filter holds at least 20 verified players.'}
      </p>
      <div className="hidden sm:block">
        <LeaderboardTable entries={entries} metric={filters.metric} />
      </div>
      <div className="sm:hidden">
        <LeaderboardList entries={entries} metric={filters.metric} />
      </div>
      {q.hasNextPage && <LoadMore onLoad={() => void q.fetchNextPage()} loading={q.isFetchingNextPage} />}
    </>
  );
}
