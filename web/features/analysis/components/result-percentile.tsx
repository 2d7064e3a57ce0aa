import { analysisKind } from '@contract/analysis-kinds';
import { useResultPercentiles } from '@/features/sharing';

/**
 * The population percentile of one shown result, with its group and size (decision 113): each number has
 * its own, at the position it was measured for, never the best result's beside another number (issue 27).
 * Its metric is the kind's leaderboard metric.
 */
export function ResultPercentile({
  playerId,
  requestId,
  kind,
}: {
  playerId?: number;
  requestId: number | null;
  kind: string;
}) {
  const metric = analysisKind(kind).leaderboardMetric;
  const all = useResultPercentiles(playerId ?? 0, { enabled: Boolean(playerId && requestId) }).data ?? [];
  const p = all.find((x) => x.requestId === requestId && x.metric === metric);
  if (!p) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid={`percentile-${metric}`}>
      {p.text}
    </p>
  );
}
