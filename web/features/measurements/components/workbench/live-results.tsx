import { AlertTriangle } from 'lucide-react';
import { formatSpeed, MIN_MARKS, WINDOW_YARDS } from '@contract/measurement-math';
import { QUALITY_REJECT_REASON, type MeasurementResult } from '@contract/measurements';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SpeedProfileChart } from '../speed-profile-chart';
import { SplitsTable } from '../splits-table';

interface Props {
  markCount: number;
  result: MeasurementResult | undefined;
  error: string | null;
  pending: boolean;
  onQualityReject?: () => void;
}

/** What the marks give, recomputed by the server on every change. */
export function LiveResults({ markCount, result, error, pending, onQualityReject }: Props) {
  if (markCount < MIN_MARKS) {
    return (
      <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
        Mark at least {MIN_MARKS} yard-line crossings to see the speed ({markCount} so far).
      </p>
    );
  }
  if (error)
    return (
      <p
        role="alert"
        className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
      >
        {error}
      </p>
    );
  if (!result)
    return (
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner size="sm" /> Computing...
      </div>
    );
  const w = result.window;
  return (
    <section className="grid gap-3" aria-label="Live measurement" aria-busy={pending}>
      <div className="rounded-md border bg-muted/40 p-3">
        <p className="text-xs uppercase tracking-wide text-muted-foreground">
          {w.underTenYards ? `Whole run (under ${WINDOW_YARDS} yards)` : `Fastest ${w.yards} yards`}:{' '}
          {w.fromYard} → {w.toYard}
        </p>
        <p className="text-2xl font-bold tabular-nums" data-testid="live-speed">
          {formatSpeed(result.maxSpeed, result.plusMinus)}
        </p>
        <p className="text-xs text-muted-foreground">
          between {w.mphLow.toFixed(2)} and {w.mphHigh === null ? '∞' : w.mphHigh.toFixed(2)} mph ·{' '}
          {w.seconds.toFixed(4)} s · {result.methodLabel}
        </p>
      </div>
      {result.qualityProblems.length > 0 && (
        <div
          role="alert"
          className="grid gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
          data-testid="quality-problems"
        >
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle className="size-4" aria-hidden /> This video cannot give a verified speed
          </p>
          <ul className="list-disc pl-5">
            {result.qualityProblems.map((q) => (
              <li key={q}>{q}</li>
            ))}
          </ul>
          {onQualityReject && (
            <Button size="sm" variant="destructive" className="justify-self-start" onClick={onQualityReject}>
              Reject: {QUALITY_REJECT_REASON}
            </Button>
          )}
        </div>
      )}
      <SplitsTable intervals={result.intervals} />
      <SpeedProfileChart result={result} />
    </section>
  );
}
