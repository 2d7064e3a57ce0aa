import type { LeaderboardEntry, LeaderboardMetric } from '@contract/leaderboard';
import { ordinal } from '@contract/percentiles';
import { formatMetric } from './format-metric';
import { RankBadge } from './leaderboard-table';

/** The phone layout: every column of the table, the value kept in view. */
export function LeaderboardList({
  entries,
  metric,
}: {
  entries: LeaderboardEntry[];
  metric: LeaderboardMetric;
}) {
  return (
    <ol className="divide-y">
      {entries.map((e, i) => (
        <li
          key={`${e.rank}-${e.playerName}-${i}`}
          data-testid="leaderboard-item"
          className="flex items-center gap-3 px-4 py-3"
        >
          <RankBadge rank={e.rank} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{e.playerName}</p>
            <p className="text-xs text-muted-foreground">
              Class {e.graduationYear ?? '--'} · {e.position ?? '--'} ·{' '}
              {[e.city, e.county && `${e.county} County`, e.state].filter(Boolean).join(', ')}
            </p>
          </div>
          <span className="shrink-0 text-right font-semibold tabular-nums">
            {formatMetric(metric, e.metricValue, e.plusMinus)}
            {e.methodLabel && (
              <span className="block max-w-36 text-xs font-normal text-muted-foreground">
                {e.methodLabel}
              </span>
            )}
            {e.percentile ? (
              <span className="block text-xs font-normal text-muted-foreground">
                {ordinal(e.percentile)} percentile
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
