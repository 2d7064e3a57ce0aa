import { lazy, Suspense, useState } from 'react';
import { BarChart3 } from 'lucide-react';
import { speedParts } from '@contract/measurement-math';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { SpeedEvidence } from '@/components/measured-speed';
import { formatHeight } from '@/lib/format';
import { positionName, usePositions } from '@/features/players';
import { igaSeries, seasonsAxis, speedSeries } from './chart-data';
import { MetricsCard } from './metrics-card';
import { RequestDialog } from './request-dialog';
import type { PlayerSlotProps } from './slot-types';
import { usePlayerStats } from './use-player-stats';
import { useSlotPlayer } from './use-slot-player';
import { useResultPercentiles } from '@/features/sharing';
import { analysisKinds } from '@contract/analysis-kinds';
import { kindViews } from '@/features/measurements';

// Recharts is most of the player card's JavaScript: it loads beside the card, not before it (issue 14's LCP).
const ProgressionChart = lazy(() =>
  import('./progression-chart').then((m) => ({ default: m.ProgressionChart })),
);

/** The charted views; the others are kinds' keys, each showing the view its kind registered (decision 271). */
type Chart = 'speed' | 'iga';

/** The kinds with a view of their results: a toggle each, named by the entry's metric label. */
const resultKinds = () =>
  analysisKinds().flatMap((k) => {
    const Results = kindViews(k.key)?.Results;
    return Results ? [{ key: k.key, label: k.metricLabel ?? k.label, Results }] : [];
  });

export function PlayerStatsPanel(props: PlayerSlotProps) {
  const [view, setView] = useState<string>('speed');
  const player = useSlotPlayer(props);
  const positionId = props.positionId ?? player?.primaryPositionId;
  const stats = usePlayerStats(props.playerId, positionId);
  // The results' percentiles travel with the panel's first reads, not after the videos say which result
  // is shown: the percentile line is the card's largest text (issue 30's first screen, decision 220).
  useResultPercentiles(props.playerId);
  const seasons = seasonsAxis(player?.graduationYear ?? new Date().getFullYear());
  const chart: Chart = view === 'iga' ? 'iga' : 'speed';
  const series =
    chart === 'speed' ? speedSeries(stats.videos, seasons, stats.ms) : igaSeries(stats.videos, seasons);
  const hasData = series.some((p) => p.value !== null);
  const kinds = resultKinds();
  const shown = kinds.find((k) => k.key === view);

  return (
    <Card data-testid="player-stats">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:space-y-0">
        <div>
          <CardTitle>Player Stats</CardTitle>
          <CardDescription>Verified results for the selected position</CardDescription>
        </div>
        <ToggleGroup
          type="single"
          variant="outline"
          value={view}
          onValueChange={(v) => v && setView(v)}
          aria-label="Metric"
        >
          <ToggleGroupItem value="speed">Speed</ToggleGroupItem>
          <ToggleGroupItem value="iga">IGA Score</ToggleGroupItem>
          {kinds.map((k) => (
            <ToggleGroupItem key={k.key} value={k.key}>
              {k.label}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </CardHeader>
      <CardContent className="grid gap-6">
        {shown ? (
          // A kind's results are the player's, whatever the position (decision 209), in its own view.
          <Suspense fallback={<Skeleton className="h-24 w-full" />}>
            <shown.Results playerId={props.playerId} />
          </Suspense>
        ) : (
          <>
            {stats.isLoading ? (
              <Skeleton className="h-24 w-full" />
            ) : chart === 'speed' ? (
              <LatestSpeed stats={stats} playerId={player?.id} />
            ) : (
              <LatestIga stats={stats} playerId={player?.id} />
            )}
            {chart === 'iga' && stats.latestIga && (
              <MetricsCard requestId={stats.latestIga.video.analysisRequestId} />
            )}
            <section
              aria-label={chart === 'speed' ? 'Speed Progression' : 'IGA Score Progression'}
              className="grid gap-2"
            >
              <div>
                <h4 className="font-semibold">
                  {chart === 'speed' ? 'Speed Progression' : 'IGA Score Progression'}
                </h4>
                <p className="text-sm text-muted-foreground">
                  {chart === 'speed'
                    ? 'Track speed improvements by year'
                    : 'Track athleticism improvements by year'}
                </p>
              </div>
              {stats.isLoading ? (
                <Skeleton className="h-64 w-full" />
              ) : hasData ? (
                // Recharts' chunk is evaluated only once the panel has painted: its evaluation held back the
                // paint of the percentile line, the card's largest text (issue 30's first screen).
                <AfterFirstPaint fallback={<Skeleton className="h-64 w-full" />}>
                  <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                    <ProgressionChart kind={chart} data={series} />
                  </Suspense>
                </AfterFirstPaint>
              ) : (
                <EmptyChart view={chart} {...props} />
              )}
            </section>
          </>
        )}
        <Tiles heightInches={player?.heightInches} weight={player?.weight} positionId={positionId} />
      </CardContent>
    </Card>
  );
}

/**
 * The population percentile of one shown result, with its group and size (decision 113): each number has
 * its own, at the position it was measured for, never the best result's beside another number (issue 27).
 */
function ResultPercentile({
  playerId,
  requestId,
  metric,
}: {
  playerId?: number;
  requestId: number | null;
  metric: 'max_speed' | 'iga_score';
}) {
  const all = useResultPercentiles(playerId ?? 0, { enabled: Boolean(playerId && requestId) }).data ?? [];
  const p = all.find((x) => x.requestId === requestId && x.metric === metric);
  if (!p) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid={`percentile-${metric}`}>
      {p.text}
    </p>
  );
}

function LatestSpeed({ stats, playerId }: { stats: ReturnType<typeof usePlayerStats>; playerId?: number }) {
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
        <ResultPercentile playerId={playerId} requestId={latest.video.analysisRequestId} metric="max_speed" />
      )}
    </div>
  );
}

function LatestIga({ stats, playerId }: { stats: ReturnType<typeof usePlayerStats>; playerId?: number }) {
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
        <ResultPercentile playerId={playerId} requestId={latest.video.analysisRequestId} metric="iga_score" />
      )}
    </div>
  );
}

function EmptyChart({ view, ...props }: PlayerSlotProps & { view: Chart }) {
  return (
    <div className="flex h-64 flex-col items-center justify-center gap-3 rounded-md border border-dashed p-6 text-center">
      <BarChart3 className="size-8 text-muted-foreground" aria-hidden="true" />
      <div>
        <p className="font-medium">No data</p>
        <p className="text-sm text-muted-foreground">
          {view === 'speed'
            ? 'Verified speeds appear here by season once an analyst has measured a video.'
            : 'IGA scores appear here by season once an analyst has scored a video.'}
        </p>
      </div>
      {view === 'speed' ? (
        <RequestDialog
          kind="max_speed"
          {...props}
          trigger={<Button size="sm">Request Speed Analysis</Button>}
        />
      ) : (
        <RequestDialog kind="iga" {...props} trigger={<Button size="sm">Request IGA Score</Button>} />
      )}
    </div>
  );
}

function Tiles({
  heightInches,
  weight,
  positionId,
}: {
  heightInches?: number;
  weight?: number;
  positionId?: number | null;
}) {
  const positions = usePositions();
  const tiles = [
    { label: 'Height', value: formatHeight(heightInches) },
    { label: 'Weight', value: weight ? `${weight} lbs` : '--' },
    { label: 'Position', value: positions.isLoading ? '--' : positionName(positions.data, positionId) },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {tiles.map((t) => (
        <div key={t.label} className="rounded-md border bg-muted/40 p-3 text-center">
          <dt className="text-xs uppercase tracking-wide text-muted-foreground">{t.label}</dt>
          {/* Wraps instead of cutting a position short (Quart... on a phone). */}
          <dd className="mt-1 break-words text-sm font-semibold leading-tight hyphens-auto sm:text-base">
            {t.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
