import { dateFormat } from '@contract/date-format';
import { formatForty, proposalInWords, undrawnReachOf } from '@contract/forty-math';
import { Skeleton } from '@/components/ui/skeleton';
import { useFortyReceipt } from '../../api/forty';
import { displayFrame, formatTime } from '../frame-numbers';

const recheckDate = dateFormat({ year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The evidence of a verified 40 (decision 209): a plain summary first, then 'Technical details': the
 * stills of the start, the finish and the two lines, the arithmetic and the file.
 */
export function FortyReceiptView({ requestId }: { requestId: number }) {
  const q = useFortyReceipt(requestId);
  if (q.isPending) return <Skeleton className="h-64 w-full" />;
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {q.error.message}
      </p>
    );
  const r = q.data;
  const res = r.result;
  const undrawn = undrawnReachOf(res);
  const time = formatForty(res.seconds, res.plusMinusSeconds, res.method);
  return (
    <article className="grid gap-4" aria-label="Verified 40 receipt">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">Verified 40 receipt</h1>
        <p className="text-3xl font-bold tabular-nums" data-testid="receipt-forty">
          {time}
        </p>
        <p>
          {r.playerName}, season {r.season}: 40 yards from first movement to the torso crossing the finish
          line, timed on the family's video by {r.analystName}.
        </p>
        {res.splits.length > 0 && (
          <p className="tabular-nums">
            {res.splits
              .map((s) => `${s.yardLine}-yard split ${formatForty(s.seconds, s.plusMinusSeconds)}`)
              .join(' · ')}
          </p>
        )}
        <p className="text-sm text-muted-foreground">{r.boundInWords}</p>
        {r.recheck && (
          <div
            role="note"
            className="grid gap-1 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
          >
            <p className="font-medium">
              Held for an analyst: checked again with stricter rules for phone video on{' '}
              {recheckDate(r.recheck.at)}
            </p>
            {r.recheck.reasons.map((reason) => (
              <p key={reason}>{reason}</p>
            ))}
            <p>
              Under the current rules:{' '}
              {r.recheck.result
                ? formatForty(
                    r.recheck.result.seconds,
                    r.recheck.result.plusMinusSeconds,
                    r.recheck.result.method,
                  )
                : 'not timed (the marks are refused)'}
              .
            </p>
          </div>
        )}
        {r.previous && (
          <p className="text-sm text-muted-foreground">
            Confirmed after a re-check. Stored before it:{' '}
            {formatForty(r.previous.seconds, r.previous.plusMinusSeconds, r.previous.method)}, frames{' '}
            {displayFrame(r.previous.startFrame)} to {displayFrame(r.previous.finishFrame)}, by{' '}
            {r.previous.analystName}.
          </p>
        )}
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
          <dt>Time</dt>
          <dd className="tabular-nums">
            {formatTime(res.finishTime)} − {formatTime(res.startTime)} = {res.rawSeconds.toFixed(4)} s
          </dd>
          <dt>Range the frames allow</dt>
          <dd className="tabular-nums">
            {res.secondsMin.toFixed(4)} to {res.secondsMax.toFixed(4)} s (start frame{' '}
            {res.startFrameSeconds.toFixed(4)} s
            {undrawn > 0 ? ` and ${undrawn.toFixed(4)} s a phone may leave undrawn` : ''}, finish frame{' '}
            {res.finishFrameSeconds.toFixed(4)} s)
          </dd>
          <dt>Frames per second</dt>
          <dd>
            {res.fps} (real {res.realFps.toFixed(1)} between start and finish)
          </dd>
          <dt>File</dt>
          <dd className="wrap-anywhere">
            {r.video.container} {r.video.codec} {r.video.width}×{r.video.height}, {r.video.frameCount} frames,
            time base {r.video.timeBase}, SHA-256 {r.video.sourceSha256}
          </dd>
          <dt>Frames</dt>
          <dd data-testid="forty-frames-origin">{proposalInWords(r.proposal)}</dd>
          <dt>Analyst</dt>
          <dd>
            {r.analystName}, {new Date(r.createdAt).toLocaleString()}
          </dd>
        </dl>
      </details>
    </article>
  );
}
