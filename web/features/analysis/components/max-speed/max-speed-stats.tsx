import { speedParts } from '@contract/measurement-math';
import { Badge } from '@/components/ui/badge';
import { SpeedEvidence } from '@/components/measured-speed';
import { SPEED_AXIS, speedSeries } from '../chart-data';
import type { ChartedKind } from '../charted-kind';
import { ResultPercentile } from '../result-percentile';
import type { PlayerStats } from '../use-player-stats';

function LatestSpeed({ stats, playerId }: { stats: PlayerStats; playerId?: number }) {
  const latest = stats.latestSpeed;
  // '22.3' large, 'mph ± 0.5' beside it: the one way a speed is written (formatSpeed).
  const parts = latest ? speedParts(latest.value, latest.video.maxSpeedPlusMinus) : null;
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <div>
        {latest && (
          <Badge variant="success" className="mb-2">
            Most Recent
          </Badge>
        )}
        <p className="text-sm text-muted-foreground">Latest Speed</p>
        <p className="text-4xl font-bold tabular-nums" data-testid="latest-speed">
          {parts?.number ?? '--'}
          {parts && (
            <>
              {' '}
              <span className="text-lg font-medium text-muted-foreground">
                {parts.unit}
                {parts.bound && ` ${parts.bound}`}
              </span>
            </>
          )}
        </p>
        {!latest && <p className="text-sm text-muted-foreground">No speed data yet</p>}
        {latest?.video.maxSpeedPlusMinus != null && (
          <p className="flex flex-wrap items-baseline gap-x-2" data-testid="latest-speed-evidence">
            <SpeedEvidence
              methodLabel={latest.video.methodLabel}
              requestId={latest.video.analysisRequestId}
            />
          </p>
        )}
      </div>
      {latest && (
        <ResultPercentile playerId={playerId} requestId={latest.video.analysisRequestId} kind="max_speed" />
      )}
    </div>
  );
}

/** Max Speed in the stats panel: the latest measured speed and the fastest of each season. */
export const maxSpeedStats: ChartedKind = {
  key: 'max_speed',
  view: 'speed',
  toggle: 'Speed',
  Latest: LatestSpeed,
  series: (stats, seasons) => speedSeries(stats.videos, seasons, stats.ms),
  progression: {
    title: 'Speed Progression',
    caption: 'Track speed improvements by year',
    empty: 'Verified speeds appear here by season once an analyst has measured a video.',
  },
  chart: { testId: 'speed', axis: SPEED_AXIS, unit: ' mph', label: 'Max Speed' },
};
