import type { LeaderboardEntry, LeaderboardMetric } from '@contract/leaderboard';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ordinal } from '@contract/percentiles';
import { cn } from '@/lib/cn';
import { formatMetric, METRIC_LABELS } from './format-metric';

const MEDAL = ['bg-amber-400 text-amber-950', 'bg-slate-300 text-slate-900', 'bg-orange-300 text-orange-950'];

export function RankBadge({ rank }: { rank: number }) {
  return (
    <span
      className={cn(
        'inline-flex size-7 items-center justify-center rounded-full text-xs font-bold',
        MEDAL[rank - 1] ?? 'bg-muted text-muted-foreground',
      )}
    >
      {rank}
    </span>
  );
}

export function LeaderboardTable({
  entries,
  metric,
}: {
  entries: LeaderboardEntry[];
  metric: LeaderboardMetric;
}) {
  return (
    <Table className="whitespace-nowrap">
      <TableHeader>
        <TableRow>
          <TableHead className="w-16 pl-4">Rank</TableHead>
          <TableHead>Class</TableHead>
          <TableHead>Position</TableHead>
          <TableHead>Name</TableHead>
          <TableHead className="text-right">{METRIC_LABELS[metric]}</TableHead>
          <TableHead className="text-right">Percentile</TableHead>
          <TableHead>City</TableHead>
          <TableHead>County</TableHead>
          <TableHead>State</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((e, i) => (
          <TableRow key={`${e.rank}-${e.playerName}-${i}`} data-testid="leaderboard-row">
            <TableCell className="pl-4">
              <RankBadge rank={e.rank} />
            </TableCell>
            <TableCell>{e.graduationYear ?? '--'}</TableCell>
            <TableCell>{e.position ?? '--'}</TableCell>
            <TableCell className="font-medium">{e.playerName}</TableCell>
            <TableCell className="text-right font-semibold tabular-nums">
              {formatMetric(metric, e.metricValue, e.plusMinus)}
              {e.methodLabel && (
                <span className="block text-xs font-normal text-muted-foreground">{e.methodLabel}</span>
              )}
            </TableCell>
            <TableCell className="text-right tabular-nums" data-testid="leaderboard-percentile">
              {e.percentile ? ordinal(e.percentile) : '--'}
            </TableCell>
            <TableCell>{e.city ?? '--'}</TableCell>
            <TableCell>{e.county ?? '--'}</TableCell>
            <TableCell>{e.state ?? '--'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
