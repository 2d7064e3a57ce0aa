import { formatSpeed, formatStatedSpeed } from '@contract/measurement-math';

export interface MarkedSpeed {
  maxSpeed: number;
  plusMinus: number;
}
export interface TrackedSpeed {
  mph: number;
  plusMinusMph: number;
}

/** Whether the two ranges (value ± bound) share at least one speed. */
export function boundsOverlap(marked: MarkedSpeed, tracked: TrackedSpeed) {
  return Math.abs(marked.maxSpeed - tracked.mph) <= marked.plusMinus + tracked.plusMinusMph + 1e-9;
}

/**
 * Manual marks as a cross-check of a track (issue 31): when the analyst has both, each Max Speed with its
 * bound and whether the bounds overlap. Bounds that do not overlap mean one of them is wrong: a mark on
 * the wrong frame, or the tracker following someone else.
 */
export function CrossCheck({ marked, tracked }: { marked: MarkedSpeed; tracked: TrackedSpeed }) {
  const overlap = boundsOverlap(marked, tracked);
  return (
    <section className="grid gap-1 rounded-md border p-3 text-sm" aria-label="Marks and track compared">
      <h3 className="font-semibold">Marks and track compared</h3>
      <p className="tabular-nums">Marks: {formatSpeed(marked.maxSpeed, marked.plusMinus)}</p>
      <p className="tabular-nums">Track: {formatStatedSpeed(tracked.mph, tracked.plusMinusMph)}</p>
      {overlap ? (
        <p role="status" className="font-medium">
          The bounds overlap: the two methods agree.
        </p>
      ) : (
        <p role="alert" className="font-medium text-destructive">
          The bounds do not overlap ({Math.abs(marked.maxSpeed - tracked.mph).toFixed(1)} mph apart): check
          the marks and the track&apos;s frames before completing.
        </p>
      )}
    </section>
  );
}
