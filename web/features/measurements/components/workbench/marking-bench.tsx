import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MIN_MARKS, type Mark } from '@contract/measurement-math';
import type { Landmark, MeasurementField, PreviewInput, VideoMedia } from '@contract/measurements';
import { usePreviewMeasurement } from '../../api/preview-measurement';
import { useDebouncedValue } from '../use-debounced-value';
import { FrameViewer } from '../viewer/frame-viewer';
import { ConfirmPanel, type Confirmation } from './confirm-panel';
import { LiveResults } from './live-results';
import { MarkControls } from './mark-controls';
import { MarkList } from './mark-list';
import { moveMark, nextYard, placeMark, removeMark, yardLabel } from './marks';

/** What the complete (or correction) call sends: the marks, any override, and the Max Speed they give. */
export interface MeasuredCompletion {
  field: MeasurementField;
  maxSpeed: number;
}

/**
 * Marking a clip: the frame-exact viewer, the yard-line marks, the server's live computation beside
 * them and the confirmation. Used by the Process dialog and by a correction on the receipt page.
 */
export function MarkingBench({
  media,
  initial,
  onChange,
  onQualityReject,
  onResult,
  below,
}: {
  media: VideoMedia;
  /** Marks to start from (a correction starts from the current receipt's). */
  initial?: { landmark: Landmark; marks: Mark[] };
  onChange: (m: MeasuredCompletion | null) => void;
  /** Offered when the video cannot give a verified speed; absent, the problems are only listed. */
  onQualityReject?: () => void;
  /** The marks' live Max Speed and bound, or null while there is none (the cross-check with a track). */
  onResult?: (r: { maxSpeed: number; plusMinus: number } | null) => void;
  below?: ReactNode;
}) {
  const [frame, setFrame] = useState(initial?.marks[0]?.frameIndex ?? 0);
  const [landmark, setLandmark] = useState<Landmark>(initial?.landmark ?? 'torso');
  const [marks, setMarks] = useState<Mark[]>(initial?.marks ?? []);
  const [yard, setYard] = useState(String(nextYard(initial?.marks ?? [])));
  const [yardError, setYardError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<Confirmation | null>(null);

  const input = useMemo<PreviewInput>(
    () => ({ videoId: media.videoId, landmark, marks }),
    [media.videoId, landmark, marks],
  );
  const settled = useDebouncedValue(input, 300);
  const preview = usePreviewMeasurement(settled);
  const pending = settled !== input || preview.isFetching;
  const error = preview.isError ? preview.error.message : null;
  const result = error ? undefined : preview.data;

  // Any change to the marks takes back a confirmation: the number must come from the marks sent.
  useEffect(() => setConfirmed(null), [input]);
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    if (!confirmed) return report.current(null);
    const field: MeasurementField = {
      ...input,
      ...(confirmed.override ? { override: confirmed.override } : {}),
    };
    report.current({ field, maxSpeed: confirmed.override?.maxSpeed ?? confirmed.maxSpeed });
  }, [confirmed, input]);

  const live = useRef(onResult);
  live.current = onResult;
  const shown = result && marks.length >= MIN_MARKS ? result : null;
  const liveMph = shown?.maxSpeed ?? null;
  const liveBound = shown?.plusMinus ?? null;
  useEffect(
    () =>
      live.current?.(
        liveMph === null || liveBound === null ? null : { maxSpeed: liveMph, plusMinus: liveBound },
      ),
    [liveMph, liveBound],
  );

  const here = marks.find((m) => m.frameIndex === frame) ?? null;
  const mark = () => {
    const y = Number(yard);
    if (!/^\d{1,3}$/.test(yard.trim()) || y % 5 !== 0 || y > 100)
      return setYardError('Yard line must be a 5-yard line between 0 and 100');
    setYardError(null);
    const next = placeMark(marks, { frameIndex: frame, yardLine: y });
    setMarks(next);
    setYard(String(nextYard(next)));
  };

  return (
    <section
      className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(300px,360px)]"
      aria-label="Measurement workbench"
    >
      <div className="grid min-w-0 content-start gap-3">
        <FrameViewer
          media={media}
          frame={frame}
          onFrameChange={setFrame}
          overlay={here ? `Marked: ${yardLabel(here.yardLine)}` : null}
        >
          <MarkControls
            landmark={landmark}
            onLandmark={setLandmark}
            yard={yard}
            onYard={setYard}
            onMark={mark}
            markedYard={here?.yardLine ?? null}
            disabled={false}
          />
          {yardError && (
            <p role="alert" className="text-sm text-destructive">
              {yardError}
            </p>
          )}
        </FrameViewer>
        {below}
      </div>
      <div className="grid min-w-0 content-start gap-3">
        <h3 className="font-semibold">
          Marks <span className="font-normal text-muted-foreground">({marks.length})</span>
        </h3>
        <MarkList
          marks={marks}
          frameTimes={media.frameTimes}
          current={frame}
          onGo={setFrame}
          onMove={(from) => setMarks(moveMark(marks, from, frame))}
          onRemove={(f) => setMarks(removeMark(marks, f))}
        />
        <LiveResults
          markCount={marks.length}
          result={result}
          error={error}
          pending={pending}
          onQualityReject={onQualityReject}
        />
        <ConfirmPanel
          result={result}
          ready={!pending && !error && (result?.qualityProblems.length ?? 1) === 0}
          confirmed={confirmed}
          onConfirm={setConfirmed}
        />
      </div>
    </section>
  );
}
