import { useEffect, useMemo, useRef, useState } from 'react';
import type { VideoMedia } from '@contract/measurements';
import { QUALITY_REJECT_REASON } from '@contract/measurements';
import type { VerticalMeasurement } from '@contract/vertical-jump';
import { formatVertical } from '@contract/vertical-jump-math';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useProposeVertical, usePreviewVertical } from '../../api/vertical-jump';
import { displayFrame, formatTime } from '../frame-numbers';
import { useDebouncedValue } from '../use-debounced-value';
import { FrameViewer } from '../viewer/frame-viewer';

interface Marks {
  takeoffFrame: number | null;
  landingFrame: number | null;
}
const EMPTY: Marks = { takeoffFrame: null, landingFrame: null };

const toMeasurement = (videoId: number, m: Marks): VerticalMeasurement | null =>
  m.takeoffFrame === null || m.landingFrame === null
    ? null
    : { videoId, takeoffFrame: m.takeoffFrame, landingFrame: m.landingFrame };

/**
 * The verified vertical jump on the frame-exact viewer the 40 uses (decision 243): the analyst marks the
 * take-off (the first frame with both feet off the ground) and the landing (the first frame with a foot
 * on the ground), or clicks the feet on a standing frame for the tracker to propose both; the server
 * works out the height live; 'Confirm height' hands the marks to the completion.
 */
export function VerticalBench({
  media,
  onChange,
  onQualityReject,
}: {
  media: VideoMedia;
  onChange: (m: VerticalMeasurement | null) => void;
  onQualityReject?: () => void;
}) {
  const [frame, setFrame] = useState(0);
  const [marks, setMarks] = useState<Marks>(EMPTY);
  const [confirmed, setConfirmed] = useState(false);
  const [picking, setPicking] = useState(false);
  const propose = useProposeVertical();
  const input = useMemo(() => toMeasurement(media.videoId, marks), [media.videoId, marks]);
  const settled = useDebouncedValue(input, 300);
  const preview = usePreviewVertical(settled);
  const pending = settled !== input || preview.isFetching;
  const error = preview.isError ? preview.error.message : null;
  const result = error ? undefined : preview.data;
  useEffect(() => setConfirmed(false), [input]);
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => report.current(confirmed ? input : null), [confirmed, input]);

  const pick = (p: { x: number; y: number }) => {
    setPicking(false);
    propose.mutate(
      { videoId: media.videoId, feet: { frameIndex: frame, x: p.x, y: p.y } },
      {
        onSuccess: (found) => {
          setMarks({ takeoffFrame: found.takeoffFrame, landingFrame: found.landingFrame });
          if (found.takeoffFrame !== null) setFrame(found.takeoffFrame);
        },
      },
    );
  };
  const here = [
    marks.takeoffFrame === frame ? 'Take-off' : null,
    marks.landingFrame === frame ? 'Landing' : null,
  ].filter(Boolean);
  const rows: [string, number | null, () => void][] = [
    [
      'Take-off: both feet off the ground',
      marks.takeoffFrame,
      () => setMarks((m) => ({ ...m, takeoffFrame: null })),
    ],
    [
      'Landing: a foot on the ground',
      marks.landingFrame,
      () => setMarks((m) => ({ ...m, landingFrame: null })),
    ],
  ];

  return (
    <section
      className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(300px,360px)]"
      aria-label="Verified vertical jump workbench"
    >
      <FrameViewer
        media={media}
        frame={frame}
        onFrameChange={setFrame}
        overlay={here.length ? `Marked: ${here.join(', ')}` : null}
        onPick={picking ? pick : undefined}
      >
        <div className="flex flex-wrap items-end gap-2">
          <Button type="button" size="sm" onClick={() => setMarks((m) => ({ ...m, takeoffFrame: frame }))}>
            Mark take-off here
          </Button>
          <Button type="button" size="sm" onClick={() => setMarks((m) => ({ ...m, landingFrame: frame }))}>
            Mark landing here
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          Take-off: the first frame in which both feet are off the ground. Landing: the first frame in which a
          foot touches the ground. Check the knees are straight at the landing: a jumper who tucks the legs
          reads high.
        </p>
      </FrameViewer>
      <div className="grid min-w-0 content-start gap-3">
        <div className="grid gap-2 rounded-md border p-3 text-sm">
          <p className="font-medium">Proposed frames</p>
          <p className="text-muted-foreground">
            On a frame where the jumper stands, click where the feet meet the ground: the tracker proposes the
            take-off and the landing, and you check each.
          </p>
          <Button
            type="button"
            size="sm"
            variant={picking ? 'secondary' : 'outline'}
            disabled={propose.isPending}
            onClick={() => setPicking((p) => !p)}
          >
            {propose.isPending
              ? 'Proposing...'
              : picking
                ? 'Click the feet on the frame'
                : 'Propose the frames'}
          </Button>
          {propose.data?.notes.map((n) => (
            <p key={n} role="status" className="text-muted-foreground">
              {n}
            </p>
          ))}
        </div>
        <h3 className="font-semibold">Marks</h3>
        <ul className="grid gap-1 text-sm" aria-label="Vertical jump marks">
          {rows.map(([label, f, clear]) => (
            <li key={label} className="flex items-center justify-between gap-2">
              <span>
                {label}:{' '}
                {f === null ? (
                  <span className="text-muted-foreground">not marked</span>
                ) : (
                  <button type="button" className="text-primary underline" onClick={() => setFrame(f)}>
                    Frame {displayFrame(f)} · {formatTime(media.frameTimes[f] ?? 0)}
                  </button>
                )}
              </span>
              {f !== null && (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={clear}
                  aria-label={`Remove ${label}`}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
        {!input ? (
          <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
            Mark the take-off and the landing to see the height.
          </p>
        ) : error ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          >
            {error}
          </p>
        ) : !result ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner size="sm" /> Working out the height...
          </p>
        ) : (
          <section className="grid gap-2" aria-label="Live height" aria-busy={pending}>
            <div className="rounded-md border bg-muted/40 p-3">
              <p className="text-2xl font-bold tabular-nums" data-testid="live-vertical">
                {formatVertical(result.heightInches, result.plusMinusInches, result.method)}
              </p>
              <p className="text-xs text-muted-foreground">
                {result.flightSeconds.toFixed(3)} s ± {result.plusMinusSeconds.toFixed(3)} in the air; between{' '}
                {result.heightInchesMin.toFixed(2)} and {result.heightInchesMax.toFixed(2)} in (one frame at
                each end)
              </p>
            </div>
            {result.qualityProblems.length > 0 && (
              <div
                role="alert"
                className="grid gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
              >
                {result.qualityProblems.map((p) => (
                  <p key={p}>{p}</p>
                ))}
                {onQualityReject && (
                  <Button type="button" size="sm" variant="outline" onClick={onQualityReject}>
                    Reject: {QUALITY_REJECT_REASON}
                  </Button>
                )}
              </div>
            )}
            <Button
              type="button"
              variant={confirmed ? 'secondary' : 'default'}
              disabled={pending || result.qualityProblems.length > 0}
              onClick={() => setConfirmed(true)}
            >
              {confirmed ? 'Height confirmed' : 'Confirm height'}
            </Button>
          </section>
        )}
      </div>
    </section>
  );
}
