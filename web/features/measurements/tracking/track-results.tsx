import { formatStatedSpeed } from '@contract/measurement-math';
import type { TrackResult } from '@contract/tracking';
import { Button } from '@/components/ui/button';
import { VelocityChart } from './velocity-chart';

const yardText = (y: number) => `${y.toFixed(1)} yd`;

/** The tracked run's numbers: Max Speed with its bound and window, derived splits, crossings, flags. */
export function TrackResults({ result, onGo }: { result: TrackResult; onGo: (frame: number) => void }) {
  const max = result.maxSpeed;
  // The frames the tracker was unsure of (issue 48): lost, or another player close enough to be taken.
  const unsure = new Set(result.unsure);
  const flagged = result.frames.filter((f) => unsure.has(f.frameIndex));
  return (
    <div className="grid gap-3" aria-label="Tracked result">
      {max ? (
        <div className="rounded-md border p-3">
          <p className="text-sm text-muted-foreground">Max Speed (fitted, over 10 yards)</p>
          <p className="text-2xl font-semibold tabular-nums" data-testid="tracked-max-speed">
            {formatStatedSpeed(max.mph, max.plusMinusMph)}
          </p>
          <p className="text-sm text-muted-foreground">
            from {yardText(max.fromYard)} to {yardText(max.toYard)} of the track · {result.method}
          </p>
        </div>
      ) : (
        <p role="alert" className="text-sm text-destructive">
          No Max Speed: {result.problems.join('; ') || 'the run could not be fitted'}
        </p>
      )}
      <VelocityChart result={result} />
      {result.flyTen && (
        <p className="text-sm">
          10-yard fly: {result.flyTen.value.toFixed(3)} s ± {result.flyTen.plusMinus.toFixed(3)}
          {result.toNinety &&
            ` · 90% of top speed after ${result.toNinety.seconds.toFixed(2)} s and ${result.toNinety.yards.toFixed(1)} yd`}
        </p>
      )}
      {result.splits.length > 0 && (
        <ul className="grid gap-0.5 text-sm tabular-nums" aria-label="5-yard splits">
          {result.splits.map((s) => (
            <li key={s.fromYard}>
              {s.fromYard}-{s.toYard} yd: {s.seconds.value.toFixed(3)} s ± {s.seconds.plusMinus.toFixed(3)}
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-1">
        <h4 className="text-sm font-semibold">Proposed crossings</h4>
        <ul className="flex flex-wrap gap-1" aria-label="Proposed crossings">
          {result.crossings.map((c) => (
            <li key={c.yardLine}>
              <Button size="sm" variant="outline" onClick={() => onGo(c.frameIndex)}>
                {c.yardLine} yd: frame {c.frameIndex + 1}
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-1">
        <h4 className="text-sm font-semibold">
          Frames the tracker was unsure of{' '}
          <span className="font-normal text-muted-foreground">({flagged.length})</span>
        </h4>
        {flagged.length === 0 ? (
          <p className="text-sm text-muted-foreground">The tracker was sure of every frame.</p>
        ) : (
          <ul className="flex flex-wrap gap-1" aria-label="Frames the tracker was unsure of">
            {flagged.slice(0, 40).map((f) => (
              <li key={f.frameIndex}>
                <Button size="sm" variant="outline" onClick={() => onGo(f.frameIndex)}>
                  Frame {f.frameIndex + 1}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
