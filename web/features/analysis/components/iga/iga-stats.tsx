import { Badge } from '@/components/ui/badge';
import { IGA_AXIS, IGA_TIERS, igaSeries } from '../chart-data';
import type { ChartedKind } from '../charted-kind';
import { MetricsCard } from '../metrics-card';
import { ResultPercentile } from '../result-percentile';
import type { PlayerStats } from '../use-player-stats';

function LatestIga({ stats, playerId }: { stats: PlayerStats; playerId?: number }) {
  const latest = stats.latestIga;
  return (
    <div>
      {latest && (
        <Badge variant="success" className="mb-2">
          Most Recent
        </Badge>
      )}
      <p className="text-sm text-muted-foreground">
        Latest IGA Score <span className="text-xs">(analyst assessment)</span>
      </p>
      <p className="text-4xl font-bold tabular-nums" data-testid="latest-iga">
        {latest ? latest.value.toFixed(1) : '--'}
      </p>
      {!latest && <p className="text-sm text-muted-foreground">No IGA data yet</p>}
      {latest && (
        <ResultPercentile playerId={playerId} requestId={latest.video.analysisRequestId} kind="iga" />
      )}
    </div>
  );
}

/** The latest score's metrics (its submetrics and percentiles). */
function LatestIgaMetrics({ stats }: { stats: PlayerStats }) {
  return stats.latestIga ? <MetricsCard requestId={stats.latestIga.video.analysisRequestId} /> : null;
}

/** IGA Score in the stats panel: the latest score, its metrics and the best of each season with the tiers. */
export const igaStats: ChartedKind = {
  key: 'iga',
  view: 'iga',
  toggle: 'IGA Score',
  Latest: LatestIga,
  Below: LatestIgaMetrics,
  series: (stats, seasons) => igaSeries(stats.videos, seasons),
  progression: {
    title: 'IGA Score Progression',
    caption: 'Track athleticism improvements by year',
    empty: 'IGA scores appear here by season once an analyst has scored a video.',
  },
  chart: { testId: 'iga', axis: IGA_AXIS, unit: '', label: 'IGA Score', bands: IGA_TIERS },
};
