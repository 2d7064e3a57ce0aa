import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { VideoMedia } from '@contract/measurements';
import { QUALITY_REJECT_REASON } from '@contract/measurements';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { displayFrame, formatTime } from '../frame-numbers';
import { useDebouncedValue } from '../use-debounced-value';
import { FrameViewer } from '../viewer/frame-viewer';

/** What every filmed kind's completion sends: the marks on one clip (the kind's schema reads the rest). */
export interface FilmedMeasurement {
  videoId: number;
}

/** The props a filmed kind's bench takes from the workbench (filmed-workbench.tsx). */
export interface FilmedBenchProps {
  media: VideoMedia;
  onChange: (m: FilmedMeasurement | null) => void;
  onQualityReject?: () => void;
}

/** A row of the marks list: its label, the marked frame (null: not marked) and how to remove it. */
export type MarkRow = [label: string, frame: number | null, clear: () => void];

/**
 * The bench of a kind measured from a clip's frames (decision 263), shared by every such kind: the
 * frame-exact viewer with the kind's mark buttons, the list of marks, the server's
 * live result from the marks and 'Confirm' handing them to the completion. The kind's bench keeps its
 * marks, its proposer and its words.
 */
export function FilmedBench<M extends FilmedMeasurement, R extends { qualityProblems: string[] }>(props: {
  bench: FilmedBenchProps;
  /** The region's name: 'Verified 40 workbench'. */
  title: string;
  frame: number;
  onFrameChange: (f: number) => void;
  /** The marks on the frame shown ('Take-off'), said on the viewer. */
  here: string[];
  onPick?: (p: { x: number; y: number }) => void;
  decorate?: (ctx: CanvasRenderingContext2D) => void;
  /** The mark buttons under the viewer. */
  controls: ReactNode;
  /** What each mark is, under the viewer. */
  help: string;
  /** Beside the viewer, above the marks: the kind's proposer. */
  proposer: ReactNode;
  marksLabel: string;
  rows: MarkRow[];
  /** The marks as the preview and the completion take them; null until enough is marked. */
  input: M | null;
  usePreview: (input: M | null) => UseQueryResult<R, Error>;
  /** Said until enough is marked. */
  missing: string;
  /** Said while the first result is on its way ('Timing...'). */
  working: string;
  resultLabel: string;
  result: (r: R) => ReactNode;
  /** The confirm button's words before and after: ['Confirm time', 'Time confirmed']. */
  confirm: [string, string];
}) {
  const { bench, input, frame, onFrameChange } = props;
  const { media, onChange, onQualityReject } = bench;
  const [confirmed, setConfirmed] = useState(false);
  const settled = useDebouncedValue(input, 300);
  const preview = props.usePreview(settled);
  const pending = settled !== input || preview.isFetching;
  const error = preview.isError ? preview.error.message : null;
  const result = error ? undefined : preview.data;
  useEffect(() => setConfirmed(false), [input]);
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => report.current(confirmed ? input : null), [confirmed, input]);

  return (
    <section className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(300px,360px)]" aria-label={props.title}>
      <FrameViewer
        media={media}
        frame={frame}
        onFrameChange={onFrameChange}
        overlay={props.here.length ? `Marked: ${props.here.join(', ')}` : null}
        onPick={props.onPick}
        decorate={props.decorate}
      >
        <div className="flex flex-wrap items-end gap-2">{props.controls}</div>
        <p className="text-xs text-muted-foreground">{props.help}</p>
      </FrameViewer>
      <div className="grid min-w-0 content-start gap-3">
        {props.proposer}
        <h3 className="font-semibold">Marks</h3>
        <ul className="grid gap-1 text-sm" aria-label={props.marksLabel}>
          {props.rows.map(([label, f, clear]) => (
            <li key={label} className="flex items-center justify-between gap-2">
              <span>
                {label}:{' '}
                {f === null ? (
                  <span className="text-muted-foreground">not marked</span>
                ) : (
                  <button type="button" className="text-primary underline" onClick={() => onFrameChange(f)}>
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
          <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">{props.missing}</p>
        ) : error ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          >
            {error}
          </p>
        ) : !result ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner size="sm" /> {props.working}
          </p>
        ) : (
          <section className="grid gap-2" aria-label={props.resultLabel} aria-busy={pending}>
            <div className="rounded-md border bg-muted/40 p-3">{props.result(result)}</div>
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
              {confirmed ? props.confirm[1] : props.confirm[0]}
            </Button>
          </section>
        )}
      </div>
    </section>
  );
}
