import { lazy, Suspense, useState } from 'react';
import { BarChart3 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { formatHeight } from '@/lib/format';
import { positionName, usePositions } from '@/features/players';
import { seasonsAxis, type Point } from './chart-data';
import type { ChartedKind } from './charted-kind';
import { chartedKinds } from './charted-kinds';
import { RequestDialog } from './request-dialog';
import { findRequestKind } from './request-kinds';
import type { PlayerSlotProps } from './slot-types';
import { usePlayerStats, type PlayerStats } from './use-player-stats';
import { useSlotPlayer } from './use-slot-player';
import { useResultPercentiles } from '@/features/sharing';
import { analysisKinds } from '@contract/analysis-kinds';
import { kindViews } from '@/features/measurements';

// Recharts is most of the player card's JavaScript: it loads beside the card, not before it (issue 14's LCP).
const ProgressionChart = lazy(() =>
  import('./progression-chart').then((m) => ({ default: m.ProgressionChart })),
);

/** The kinds with a view of their results: a toggle each, named by the entry's metric label. */
const resultKinds = () =>
  analysisKinds().flatMap((k) => {
    const Results = kindViews(k.key)?.Results;
    return Results ? [{ key: k.key, label: k.metricLabel ?? k.label, Results }] : [];
  });

export function PlayerStatsPanel(props: PlayerSlotProps) {
  const charted = chartedKinds();
  const [view, setView] = useState<string>(charted[0]?.view ?? '');
  const player = useSlotPlayer(props);
  const positionId = props.positionId ?? player?.primaryPositionId;
  const stats = usePlayerStats(props.playerId, positionId);
  // The results' percentiles travel with the panel's first reads, not after the videos say which result
  // is shown: the percentile line is the card's largest text (issue 30's first screen, decision 220).
  useResultPercentiles(props.playerId);
  const seasons = seasonsAxis(player?.graduationYear ?? new Date().getFullYear());
  const chart = charted.find((c) => c.view === view);
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
          {charted.map((c) => (
            <ToggleGroupItem key={c.view} value={c.view}>
              {c.toggle}
            </ToggleGroupItem>
          ))}
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
          chart && (
            <ChartedView
              {...props}
              chart={chart}
              stats={stats}
              series={chart.series(stats, seasons)}
              shownPlayerId={player?.id}
            />
          )
        )}
        <Tiles heightInches={player?.heightInches} weight={player?.weight} positionId={positionId} />
      </CardContent>
    </Card>
  );
}

/** A charted kind's latest result, what goes under it, and its progression by season. */
function ChartedView({
  chart,
  stats,
  series,
  shownPlayerId,
  ...props
}: PlayerSlotProps & { chart: ChartedKind; stats: PlayerStats; series: Point[]; shownPlayerId?: number }) {
  const hasData = series.some((p) => p.value !== null);
  return (
    <>
      {stats.isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <chart.Latest stats={stats} playerId={shownPlayerId} />
      )}
      {chart.Below && <chart.Below stats={stats} />}
      <section aria-label={chart.progression.title} className="grid gap-2">
        <div>
          <h4 className="font-semibold">{chart.progression.title}</h4>
          <p className="text-sm text-muted-foreground">{chart.progression.caption}</p>
        </div>
        {stats.isLoading ? (
          <Skeleton className="h-64 w-full" />
        ) : hasData ? (
          // Recharts' chunk is evaluated only once the panel has painted: its evaluation held back the
          // paint of the percentile line, the card's largest text (issue 30's first screen).
          <AfterFirstPaint fallback={<Skeleton className="h-64 w-full" />}>
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <ProgressionChart look={chart.chart} data={series} />
            </Suspense>
          </AfterFirstPaint>
        ) : (
          <EmptyChart chart={chart} {...props} />
        )}
      </section>
    </>
  );
}

function EmptyChart({ chart, ...props }: PlayerSlotProps & { chart: ChartedKind }) {
  const request = findRequestKind(chart.key);
  return (
    <div className="flex h-64 flex-col items-center justify-center gap-3 rounded-md border border-dashed p-6 text-center">
      <BarChart3 className="size-8 text-muted-foreground" aria-hidden="true" />
      <div>
        <p className="font-medium">No data</p>
        <p className="text-sm text-muted-foreground">{chart.progression.empty}</p>
      </div>
      {request && (
        <RequestDialog kind={chart.key} {...props} trigger={<Button size="sm">{request.title}</Button>} />
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
