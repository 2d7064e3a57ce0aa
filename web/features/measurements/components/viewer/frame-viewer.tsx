import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { VideoMedia } from '@contract/measurements';
import { Spinner } from '@/components/ui/spinner';
import { displayFrame, formatTime } from '../frame-numbers';
import { FrameControls } from './frame-controls';
import { useFrameSource } from './use-frame-source';
import { useZoomPan } from './use-zoom-pan';

interface FrameViewerProps {
  media: VideoMedia;
  /** 0-based index of the frame in presentation order (the API's frameIndex). */
  frame: number;
  onFrameChange: (frame: number) => void;
  /** A note over the frame, e.g. the yard line it is marked as crossing. */
  overlay?: ReactNode;
  /** Extra controls under the frame (the workbench's mark buttons). */
  children?: ReactNode;
  /** A click on the picture, in pixels of the frame shown (the tracker's click and corrections). */
  onPick?: (point: { x: number; y: number }) => void;
  /** Draws over frame i once it is on the canvas (the track's ground point and yard lines). */
  decorate?: (ctx: CanvasRenderingContext2D, frame: number) => void;
}

const SKIP_KEYS_IN = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

/**
 * Frame-exact viewer: 'Frame N of M' counts from 1 on screen (frame index + 1, decision 102), the time
 * is the frame's presentation time read by the server from the file.
 */
export function FrameViewer({
  media,
  frame,
  onFrameChange,
  overlay,
  children,
  onPick,
  decorate,
}: FrameViewerProps) {
  const state = useFrameSource(media);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const zoom = useZoomPan();
  const total = media.frameTimes.length;
  const source = state.status === 'ready' ? state.source : null;
  const go = (i: number) => onFrameChange(Math.min(total - 1, Math.max(0, i)));
  const onShown = (i: number) => {
    setShown(i);
    const ctx = decorate ? canvas.current?.getContext('2d') : null;
    if (ctx) decorate?.(ctx, i);
  };

  useEffect(() => {
    if (!source || !canvas.current || playing) return;
    source.show(frame, canvas.current, onShown, (e) =>
      setError(e instanceof Error ? e.message : 'Decoding failed'),
    );
    // A new drawing shows the frame again with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, frame, playing, decorate]);

  const togglePlay = () => {
    if (!source || !canvas.current) return;
    if (playing) {
      source.stopPlayback();
      setPlaying(false);
      return;
    }
    setPlaying(true);
    const from = frame >= total - 1 ? 0 : frame;
    source.play(
      from,
      rate,
      canvas.current,
      (i) => {
        onShown(i);
        onFrameChange(i);
      },
      () => setPlaying(false),
    );
  };
  const step = (delta: number) => {
    if (playing) {
      source?.stopPlayback();
      setPlaying(false);
    }
    go(frame + delta);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (SKIP_KEYS_IN.has((e.target as HTMLElement).tagName)) return;
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    step((e.key === 'ArrowRight' ? 1 : -1) * (e.shiftKey ? 10 : 1));
  };

  const busy = !playing && shown !== frame;
  return (
    // One focus stop whose arrow keys step frames (decision 103); the buttons below do the same by pointer.
    /* eslint-disable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex */
    <div
      className="grid gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      tabIndex={0}
      role="group"
      aria-label="Frame viewer"
      onKeyDown={onKeyDown}
    >
      {/* eslint-enable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex */}
      <div
        className="relative flex aspect-video w-full touch-none items-center justify-center overflow-hidden rounded-md bg-black"
        style={{ cursor: zoom.scale > 1 ? 'grab' : undefined }}
        {...zoom.handlers}
      >
        <canvas
          ref={canvas}
          data-testid="frame-canvas"
          data-frame-shown={shown ?? ''}
          aria-busy={busy}
          aria-label={`Frame ${displayFrame(frame)} of ${total}`}
          className="max-h-full max-w-full"
          style={{ ...zoom.style, cursor: onPick ? 'crosshair' : undefined }}
          onClick={
            onPick
              ? (e) => {
                  const r = e.currentTarget.getBoundingClientRect();
                  const c = e.currentTarget;
                  onPick({
                    x: Math.round(((e.clientX - r.left) / r.width) * c.width),
                    y: Math.round(((e.clientY - r.top) / r.height) * c.height),
                  });
                }
              : undefined
          }
        />
        {state.status === 'loading' && (
          <Centered>
            <Spinner /> <span>Opening the video...</span>
          </Centered>
        )}
        {(state.status === 'error' || error) && (
          <Centered>
            <span role="alert">{state.status === 'error' ? state.message : error}</span>
          </Centered>
        )}
        {overlay && (
          <div className="pointer-events-none absolute bottom-2 left-2 rounded bg-black/70 px-2 py-1 text-xs font-medium text-white">
            {overlay}
          </div>
        )}
      </div>
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm" aria-live="polite">
        <span className="font-semibold tabular-nums" data-testid="frame-label">
          Frame {displayFrame(frame)} of {total}
        </span>
        <span className="tabular-nums text-muted-foreground" data-testid="frame-time">
          t = {formatTime(media.frameTimes[frame] ?? 0)}
        </span>
      </p>
      <FrameControls
        frame={frame}
        total={total}
        disabled={!source}
        playing={playing}
        rate={rate}
        zoom={zoom}
        onStep={step}
        onJump={go}
        onTogglePlay={togglePlay}
        onRate={(r) => {
          if (playing) {
            source?.stopPlayback();
            setPlaying(false);
          }
          setRate(r);
        }}
      />
      {children}
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <div className="absolute inset-0 flex items-center justify-center gap-2 p-4 text-center text-sm text-white">
      {children}
    </div>
  );
}
