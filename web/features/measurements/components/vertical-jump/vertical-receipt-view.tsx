import { formatVertical } from '@contract/vertical-jump-math';
import { Skeleton } from '@/components/ui/skeleton';
import { useVerticalReceipt } from '../../api/vertical-jump';
import { displayFrame, formatTime } from '../frame-numbers';

/**
 * The evidence of a verified vertical jump (decision 243): the height, the method (flight time), what it
 * does not cover, the stills of the take-off and the landing, then 'Technical details'.
 */
export function VerticalReceiptView({ requestId }: { requestId: number }) {
  const q = useVerticalReceipt(requestId);
  if (q.isPending) return <Skeleton className="h-64 w-full" />;
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {q.error.message}
      </p>
    );
  const r = q.data;
  const res = r.result;
  return (
    <article className="grid gap-4" aria-label="Verified vertical jump receipt">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">Verified vertical jump receipt</h1>
        <p className="text-3xl font-bold tabular-nums" data-testid="receipt-vertical">
          {formatVertical(res.heightInches, res.plusMinusInches, res.method)}
        </p>
        <p>
          {r.playerName}, season {r.season}: {res.flightSeconds.toFixed(3)} s ±{' '}
          {res.plusMinusSeconds.toFixed(3)} in the air, marked on the family's video by {r.analystName}.
        </p>
        <p className="text-sm">
          <span className="font-medium">Method: flight time.</span> {r.methodInWords}
        </p>
        <p className="text-sm text-muted-foreground">{r.boundInWords}</p>
        <p className="text-sm" data-testid="vertical-not-covered">
          <span className="font-medium">What it does not cover:</span> {r.notCovered}
        </p>
      </header>
      <section className="grid gap-2 sm:grid-cols-2" aria-label="Stills">
        {r.stills.map((s) => (
          <figure key={s.label} className="grid gap-1">
            <img
              src={s.url}
              alt={s.label}
              className="aspect-video w-full rounded-md bg-black object-contain"
            />
            <figcaption className="text-sm">
              <span className="font-medium">{s.label}</span> · Frame {displayFrame(s.frameIndex)} ·{' '}
              {formatTime(s.time)}
            </figcaption>
          </figure>
        ))}
      </section>
      <details className="rounded-md border p-3 text-sm">
        <summary className="cursor-pointer font-medium">Technical details</summary>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt>Flight time</dt>
          <dd className="tabular-nums">
            {formatTime(res.landingTime)} − {formatTime(res.takeoffTime)} = {res.rawFlightSeconds.toFixed(4)}{' '}
            s
          </dd>
          <dt>Range the frames allow</dt>
          <dd className="tabular-nums">
            {res.heightInchesMin.toFixed(2)} to {res.heightInchesMax.toFixed(2)} in
          </dd>
          <dt>Frames per second</dt>
          <dd>
            {res.fps} (real {res.realFps.toFixed(1)} in the air)
          </dd>
          <dt>File</dt>
          <dd className="wrap-anywhere">
            {r.video.container} {r.video.codec} {r.video.width}×{r.video.height}, {r.video.frameCount} frames,
            time base {r.video.timeBase}, SHA-256 {r.video.sourceSha256}
          </dd>
          <dt>Analyst</dt>
          <dd>
            {r.analystName}, {new Date(r.createdAt).toLocaleString()}
          </dd>
        </dl>
      </details>
    </article>
  );
}
