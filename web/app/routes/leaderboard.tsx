import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { LeaderboardFilters } from '@/features/leaderboard/components/leaderboard-filters';
import { leaderboardSubtitle } from '@/features/leaderboard/components/format-metric';
import { LeaderboardResults } from '@/features/leaderboard/components/leaderboard-results';
import { useLeaderboardFilters } from '@/features/leaderboard/components/use-leaderboard-filters';

/** Screen: verified results ranked by level, season and metric. */
export default function LeaderboardRoute() {
  const [filters, setFilters] = useLeaderboardFilters();
  return (
    <div className="space-y-4">
      <PageHeader title="Leaderboard" subtitle={leaderboardSubtitle()} />
      <Card>
        <CardHeader>
          <LeaderboardFilters value={filters} onChange={setFilters} />
        </CardHeader>
        <CardContent className="p-0 sm:p-0">
          <LeaderboardResults filters={filters} />
        </CardContent>
      </Card>
    </div>
  );
}
