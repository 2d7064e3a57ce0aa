import { ordinal } from '@contract/percentiles';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { formatSpeed } from '@contract/measurement-math';
import type { Receipt } from '@contract/measurements';
import { receiptSummary } from '@contract/receipt-summary';
import { followStep } from '@contract/tracking';
import { formatResultDate } from '@contract/result-date';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { ApiError } from '@/lib/api-client';
import { dateFormat } from '@contract/date-format';
import { paths } from '@/lib/paths';
import { useReceipt } from '../../api/get-receipt';
import { SplitsTable } from '../splits-table';
import { ReceiptCrossings } from './receipt-crossings';
import { ReceiptFacts } from './receipt-facts';
import { ReceiptLimits } from './receipt-limits';
import { TechnicalDetails } from './technical-details';
import { TrackWindowStills } from './track-window-stills';

// The charts (Recharts), the frame viewer (mediabunny) and the analysts' correction bench load beside the
// receipt, not before it: what a family reads first paints without them; the charts (Recharts takes a
// long task to evaluate) once that has painted (decision 220).
const SpeedProfileChart = lazy(() =>
  import('../speed-profile-chart').then((m) => ({ default: m.SpeedProfileChart })),
);
const VelocityChart = lazy(() =>
  import('../../tracking/velocity-chart').then((m) => ({ default: m.VelocityChart })),
);
const CorrectDialog = lazy(() => import('./correct-dialog').then((m) => ({ default: m.CorrectDialog })));
const MarkedFrames = lazy(() => import('./marked-frames').then((m) => ({ default: m.MarkedFrames })));
const chartSpace = <Skeleton className="h-[220px] w-full" />;

const when = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** The result's date is its completion's, as on the profile and the PDF; a correction says when it was made. */
function receiptDate(r: Receipt) {
  const measured = `${r.analystName} on ${when(r.createdAt)}`;
  if (!r.completedAt) return `Measured by ${measured}`;
  const verified = `Verified ${formatResultDate(r.completedAt)}`;
  return r.revision > 1
    ? `${verified} · corrected by ${measured}`
    : `${verified} · measured by ${r.analystName}`;
}

/**
 * The evidence receipt of a measured Max Speed: the number and a plain summary first, each crossing, the
 * splits and what the ± does not cover; the file's evidence behind 'Technical details' (decision 208).
 */
export function ReceiptView({
  requestId,
  revision,
  onRevision,
  canCorrect = false,
}: {
  requestId: number;
  revision: number | null;
  onRevision: (r: number | null) => void;
  /** Analysts and admins may correct it (the server checks too). */
  canCorrect?: boolean;
}) {
  const q = useReceipt(requestId, revision);
  if (q.isPending) return <Skeleton className="h-96 w-full" />;
  if (q.isError) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return (
      <p role="alert" className="rounded-md border p-6 text-center">
        {missing ? 'No receipt found for this request.' : q.error.message}
      </p>
    );
  }
  const r = q.data;
  const m = r.measurement;
  const summary = receiptSummary(
    {
      measured: { maxSpeed: m.maxSpeed, plusMinus: m.plusMinus },
      methodLabel: m.methodLabel,
      fpsLabel: m.fpsLabel,
      crossings: m.marks.length,
      window: m.window,
      tracked: m.tracked?.result.maxSpeed
        ? {
            frames: m.tracked.result.fit.framesUsed,
            followStep: followStep(m.tracked.result.frames),
            ...m.tracked.result.maxSpeed,
          }
        : null,
      override: r.override,
    },
    canCorrect ? 'the' : 'your',
  );
  return (
    <div className="grid gap-6" data-testid="receipt">
      <Card>
        <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
          <div className="grid gap-1">
            <CardDescription>
              Max Speed receipt · request #{r.requestId} ·{' '}
              <Link className="text-primary underline underline-offset-2" to={paths.player(r.playerId)}>
                {r.playerName}
              </Link>
              {r.position ? ` · ${r.position}` : ''} · season {r.season}
            </CardDescription>
            <CardTitle className="text-4xl tabular-nums" data-testid="receipt-speed">
              {formatSpeed(r.maxSpeed, r.plusMinus)}
            </CardTitle>
            <div className="grid max-w-prose gap-1 text-base" data-testid="receipt-summary">
              {summary.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
            <p className="text-sm text-muted-foreground" data-testid="receipt-date">
              {receiptDate(r)}
            </p>
          </div>
          <div className="grid justify-items-start gap-2 sm:justify-items-end">
            <Revisions receipt={r} onRevision={onRevision} />
            {canCorrect && (
              <Suspense fallback={null}>
                <CorrectDialog receipt={r} onSaved={() => onRevision(null)} />
              </Suspense>
            )}
          </div>
        </CardHeader>
        {r.override && (
          <CardContent>
            <div
              className="rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
              data-testid="receipt-override"
            >
              <Badge variant="warning" className="mb-1">
                Override
              </Badge>
              <p>
                The analyst set {r.override.maxSpeed.toFixed(1)} mph instead of the measured{' '}
                {m.maxSpeed.toFixed(1)} mph. Reason: {r.override.reason}
              </p>
            </div>
          </CardContent>
        )}
        {r.percentile?.reason && (
          <CardContent>
            <div className="rounded-md border p-3 text-sm" data-testid="receipt-percentile">
              <p>
                Percentile: the analyst entered the {ordinal(r.percentile.value)}
                {r.percentile.computed ? ` instead of the population's ${r.percentile.computed.text}` : ''}.
                Reason: {r.percentile.reason}
              </p>
            </div>
          </CardContent>
        )}
      </Card>
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="text-base">Each crossing</CardTitle>
        </CardHeader>
        <CardContent>
          <ReceiptCrossings receipt={r} />
        </CardContent>
      </Card>
      {r.trackStills.length > 0 && (
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="text-base">The fastest 10 yards, as tracked</CardTitle>
            <CardDescription>
              The frames that bound the window, with the tracked player boxed and the ground point in red.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <TrackWindowStills receipt={r} />
          </CardContent>
        </Card>
      )}
      {/* Side by side from lg, each as tall as its content: no card stretched empty beside a longer one. */}
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="text-base">Splits</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SplitsTable intervals={m.intervals} />
            {m.tracked?.result.maxSpeed ? (
              <section className="grid gap-1" aria-label="Velocity profile">
                <h3 className="text-sm font-semibold">Velocity profile (tracked)</h3>
                <AfterFirstPaint fallback={chartSpace}>
                  <Suspense fallback={chartSpace}>
                    <VelocityChart result={m.tracked.result} height={220} />
                  </Suspense>
                </AfterFirstPaint>
              </section>
            ) : (
              <AfterFirstPaint fallback={chartSpace}>
                <Suspense fallback={chartSpace}>
                  <SpeedProfileChart result={m} height={220} />
                </Suspense>
              </AfterFirstPaint>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="text-base">What the ± does not cover</CardTitle>
          </CardHeader>
          <CardContent>
            <ReceiptLimits oneFrameMph={m.oneFrameMph} tracked={!!m.tracked} />
          </CardContent>
        </Card>
      </div>
      <TechnicalDetails>
        <section className="grid gap-2" aria-label={m.tracked ? 'Proposed crossings' : 'Marked frames'}>
          <h3 className="text-sm font-semibold">
            {m.tracked ? 'Proposed crossings (from the track, the cross-check)' : 'Marked frames'}
          </h3>
          <Suspense fallback={<Skeleton className="h-48 w-full" />}>
            <MarkedFrames receipt={r} />
          </Suspense>
        </section>
        <section className="grid gap-2" aria-label="Evidence">
          <h3 className="text-sm font-semibold">Evidence</h3>
          <ReceiptFacts receipt={r} />
        </section>
      </TechnicalDetails>
    </div>
  );
}

function Revisions({ receipt, onRevision }: { receipt: Receipt; onRevision: (r: number | null) => void }) {
  if (receipt.revisions.length < 2)
    return (
      <Badge variant="secondary" className="self-start">
        Revision {receipt.revision}
      </Badge>
    );
  const latest = Math.max(...receipt.revisions.map((x) => x.revision));
  return (
    <div className="grid gap-1 text-sm">
      <label htmlFor="receipt-revision" className="text-muted-foreground">
        Revision
      </label>
      <NativeSelect
        id="receipt-revision"
        value={receipt.revision}
        onChange={(e) => onRevision(Number(e.target.value) === latest ? null : Number(e.target.value))}
      >
        {[...receipt.revisions]
          .sort((a, b) => b.revision - a.revision)
          .map((x) => (
            <option key={x.revision} value={x.revision}>
              {x.revision}
              {x.revision === latest ? ' (current)' : ''}: {x.maxSpeed.toFixed(1)} mph, {x.analystName},{' '}
              {when(x.createdAt)}
            </option>
          ))}
      </NativeSelect>
    </div>
  );
}
