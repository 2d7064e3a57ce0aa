import { useCallback, useEffect, useRef, useState } from 'react';
import type { TrackedField, VideoMedia } from '@contract/measurements';
import type { FramePoint, TrackResult } from '@contract/tracking';
import { Button } from '@/components/ui/button';
import { FrameViewer } from '../components/viewer/frame-viewer';
import { TrackResults } from './track-results';
import { useRefitTrack, useStartTrack, useTrack } from './tracks-api';

const STATE_COLOURS = {
  tracked: '#22c55e',
  low: '#f97316',
  unsure: '#eab308',
  corrected: '#3b82f6',
  dropped: '#9ca3af',
};

/** Yard lines of frame i and the player's ground point with a box of about a player's height. */
function drawTrack(ctx: CanvasRenderingContext2D, result: TrackResult, i: number) {
  const H = result.height;
  ctx.lineWidth = Math.max(1, H / 360);
  ctx.font = `${Math.round(H / 30)}px sans-serif`;
  const lines = result.lines[i]?.lines ?? [];
  for (const l of lines) {
    ctx.strokeStyle = 'rgba(250, 204, 21, 0.8)';
    ctx.beginPath();
    ctx.moveTo(l.x0, 0);
    ctx.lineTo(l.x1, H);
    ctx.stroke();
    ctx.fillStyle = 'rgba(250, 204, 21, 0.95)';
    ctx.fillText(String(l.yardLine), l.x0 + 4, H / 20);
  }
  const f = result.frames[i];
  // Not followed (every second frame of a 240 fps clip, decision 301): no point to draw.
  if (!f || f.state === 'skipped') return;
  const xs = lines.map((l) => l.x0 + ((l.x1 - l.x0) * f.y) / H).sort((a, b) => a - b);
  const gaps = xs.slice(1).map((x, k) => x - xs[k]);
  const perYard = gaps.length ? Math.min(...gaps) / 5 : H / 20;
  const tall = 2 * perYard;
  ctx.strokeStyle = STATE_COLOURS[f.state];
  ctx.strokeRect(f.x - 0.3 * tall, f.y - tall, 0.6 * tall, tall);
  ctx.fillStyle = STATE_COLOURS[f.state];
  ctx.beginPath();
  ctx.arc(f.x, f.y, Math.max(3, H / 150), 0, 2 * Math.PI);
  ctx.fill();
}

function drawClicks(ctx: CanvasRenderingContext2D, points: FramePoint[], i: number) {
  for (const p of points.filter((s) => s.frameIndex === i)) {
    ctx.strokeStyle = '#ef4444';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(p.x, p.y, 8, 0, 2 * Math.PI);
    ctx.moveTo(p.x - 12, p.y);
    ctx.lineTo(p.x + 12, p.y);
    ctx.moveTo(p.x, p.y - 12);
    ctx.lineTo(p.x, p.y + 12);
    ctx.stroke();
  }
}

/** What completing from a track sends: the `measurement` field and the Max Speed it gives. */
export interface TrackedCompletion {
  field: TrackedField;
  maxSpeed: number;
}

/**
 * Track, don't mark (issue 31): one click on the player's ground point starts a background track; the
 * result is drawn over every frame, flagged frames listed; a click corrects a frame, frames can be dropped,
 * and the run is fitted again.
 */
export function TrackBench({
  media,
  onConfirm,
  onResult,
  onReject,
}: {
  media: VideoMedia;
  /** The track's Max Speed and bound, or null while there is none (the cross-check with marks). */
  onResult?: (m: { mph: number; plusMinusMph: number } | null) => void;
  /** Given, 'Use this Max Speed' confirms the track for completing; any change takes it back. */
  onConfirm?: (m: TrackedCompletion | null) => void;
  /**
   * Given, a track the tracker refused offers the request's rejection, its comment to the family started
   * from the refusal's advice (decision 352).
   */
  onReject?: (comment: string) => void;
}) {
  const [frame, setFrame] = useState(0);
  const [seeds, setSeeds] = useState<FramePoint[]>([]);
  const [trackId, setTrackId] = useState<number | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const [corrections, setCorrections] = useState<FramePoint[]>([]);
  const [dropped, setDropped] = useState<number[]>([]);
  const start = useStartTrack();
  const track = useTrack(trackId);
  const refit = useRefitTrack(trackId ?? 0);
  const status = track.data?.status;
  // A refused track's words for the family (decision 352).
  const advice = track.data?.advice;
  const result = track.data?.result;

  const ask = status === 'needs-click' ? track.data?.needsClickAt : undefined;
  // The tracker stopped and asks for a click (issue 48): go to that frame.
  const askedFrame = ask?.frameIndex;
  useEffect(() => {
    if (askedFrame !== undefined) setFrame(askedFrame);
  }, [askedFrame]);

  const pick = (p: { x: number; y: number }) => {
    const point = { frameIndex: frame, ...p };
    if (ask) {
      // The click on the frame asked confirms the player or goes on tracking from it.
      if (frame === ask.frameIndex) refit.mutate({ corrections: [point], dropped: [] });
      return;
    }
    if (result && correcting) {
      // Not on a frame the tracker did not follow (decision 301): the server has no lines to place it with.
      if (result.frames[frame]?.state === 'skipped') return;
      setCorrections((cs) => [...cs.filter((c) => c.frameIndex !== frame), point]);
      setCorrecting(false);
      return;
    }
    if (trackId !== null) return;
    setSeeds((s) =>
      [...s.filter((c) => c.frameIndex !== frame), point]
        .sort((a, b) => a.frameIndex - b.frameIndex)
        .slice(-2),
    );
  };
  const decorate = useCallback(
    (ctx: CanvasRenderingContext2D, i: number) => {
      if (result) drawTrack(ctx, result, i);
      drawClicks(ctx, trackId === null ? seeds : corrections, i);
    },
    [result, seeds, corrections, trackId],
  );
  const begin = () => start.mutate({ videoId: media.videoId, seeds }, { onSuccess: (t) => setTrackId(t.id) });
  const reset = () => {
    unconfirm();
    setTrackId(null);
    setSeeds([]);
    setCorrections([]);
    setDropped([]);
  };
  const live = useRef(onResult);
  live.current = onResult;
  const liveMph = result?.maxSpeed?.mph ?? null;
  const liveBound = result?.maxSpeed?.plusMinusMph ?? null;
  useEffect(
    () =>
      live.current?.(
        liveMph === null || liveBound === null ? null : { mph: liveMph, plusMinusMph: liveBound },
      ),
    [liveMph, liveBound],
  );
  const here = result?.frames[frame];
  const skippedHere = here?.state === 'skipped';
  const [confirmed, setConfirmed] = useState<number | null>(null);
  const unconfirm = () => {
    if (confirmed === null) return;
    setConfirmed(null);
    onConfirm?.(null);
  };
  const confirm = () => {
    if (!result?.maxSpeed || trackId === null) return;
    const mph = Math.round(result.maxSpeed.mph * 10) / 10;
    setConfirmed(mph);
    onConfirm?.({ field: { videoId: media.videoId, trackId }, maxSpeed: mph });
  };

  return (
    <section
      className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(300px,380px)]"
      aria-label="Tracking workbench"
    >
      <div className="grid min-w-0 content-start gap-3">
        <FrameViewer
          media={media}
          frame={frame}
          onFrameChange={setFrame}
          onPick={pick}
          decorate={decorate}
          overlay={
            here
              ? here.state === 'skipped'
                ? `Frame ${frame + 1}: not followed (the tracker follows this clip on every few frames): step to a frame it followed`
                : `Frame ${frame + 1}: ${here.state}, confidence ${here.confidence.toFixed(2)}`
              : null
          }
        >
          {trackId === null && (
            <div className="grid gap-2">
              <p className="text-sm text-muted-foreground">
                Step to a frame where the player runs at full speed, clear of the others, click the field
                under his hips (on the row where his feet meet it, midway between his feet, not on one foot),
                and start: the tracker places the feet by how he looks there. A second click on another frame
                helps when players cross.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={begin} disabled={seeds.length === 0 || start.isPending}>
                  Track this player
                </Button>
                {seeds.length > 0 && (
                  <Button variant="outline" onClick={() => setSeeds([])}>
                    Clear clicks ({seeds.length})
                  </Button>
                )}
              </div>
              {start.isError && (
                <p role="alert" className="text-sm text-destructive">
                  {start.error.message}
                </p>
              )}
            </div>
          )}
          {result && !ask && (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => setCorrecting(true)}
                aria-pressed={correcting}
                // A frame the tracker did not follow has no lines to place a correction with (decision 301).
                disabled={skippedHere}
              >
                {correcting ? 'Click the ground point…' : 'Correct this frame'}
              </Button>
              <Button
                variant="outline"
                onClick={() =>
                  setDropped((d) => (d.includes(frame) ? d.filter((x) => x !== frame) : [...d, frame]))
                }
                // Nothing on a frame not followed to leave out.
                disabled={skippedHere}
              >
                {dropped.includes(frame) ? 'Keep this frame' : 'Drop this frame'}
              </Button>
              <Button
                onClick={() => {
                  unconfirm();
                  refit.mutate({ corrections, dropped });
                }}
                disabled={refit.isPending || (corrections.length === 0 && dropped.length === 0)}
              >
                Re-fit ({corrections.length} corrected, {dropped.length} dropped)
              </Button>
              <Button variant="ghost" onClick={reset}>
                Start again
              </Button>
            </div>
          )}
        </FrameViewer>
      </div>
      <div className="grid min-w-0 content-start gap-3">
        {trackId !== null && (status === 'queued' || status === 'running' || !status) && (
          <div className="grid gap-1" role="status">
            <p className="text-sm">Tracking… {Math.round((track.data?.progress ?? 0) * 100)}%</p>
            <progress
              className="w-full"
              max={1}
              value={track.data?.progress ?? 0}
              aria-label="Tracking progress"
            />
          </div>
        )}
        {ask && (
          <div role="alert" className="grid gap-2 rounded-md border border-amber-500 p-3 text-sm">
            <p className="font-medium">The tracker needs a click on frame {ask.frameIndex + 1}</p>
            <p>{ask.reason}.</p>
            <p className="text-muted-foreground">
              Click the field under the player&apos;s hips on this frame: on the row where his feet meet it,
              midway between his feet, as on your first click.
            </p>
            <div className="flex flex-wrap gap-2">
              {frame !== ask.frameIndex && (
                <Button size="sm" variant="outline" onClick={() => setFrame(ask.frameIndex)}>
                  Go to frame {ask.frameIndex + 1}
                </Button>
              )}
              {/* A question that confirms the track is answered by a click: he is in view there. */}
              {ask.kind !== 'confirm' && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={refit.isPending}
                  onClick={() => refit.mutate({ corrections: [], dropped: [ask.frameIndex] })}
                >
                  The player is not in view here
                </Button>
              )}
            </div>
            {refit.isError && <p className="text-destructive">{refit.error.message}</p>}
          </div>
        )}
        {status === 'failed' && (
          <div className="grid gap-2">
            <p role="alert" className="text-sm text-destructive">
              Tracking failed: {track.data?.error}
            </p>
            {track.data?.advice && (
              <p className="text-sm text-muted-foreground">The family will be told: {track.data.advice}</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={reset}>
                Start again
              </Button>
              {advice && onReject && (
                <Button variant="destructive" onClick={() => onReject(advice)}>
                  Reject and tell the family why
                </Button>
              )}
            </div>
          </div>
        )}
        {result && <TrackResults result={result} onGo={setFrame} />}
        {status === 'done' && result?.maxSpeed && onConfirm && (
          <div className="grid gap-1 rounded-md border p-3">
            {confirmed === null ? (
              <Button onClick={confirm}>Use this Max Speed ({result.maxSpeed.mph.toFixed(1)} mph)</Button>
            ) : (
              <p role="status" className="text-sm font-medium">
                Confirmed: {confirmed.toFixed(1)} mph from the track. Complete the request below.
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
