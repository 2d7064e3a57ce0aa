import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatForty } from '@contract/forty-math';
import type { FortyMeasurement } from '@contract/forty';
import type { VideoMedia } from '@contract/measurements';
import { QUALITY_REJECT_REASON } from '@contract/measurements';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFortyProposal, usePreviewForty } from '../../api/forty';
import { displayFrame, formatTime } from '../frame-numbers';
import { useDebouncedValue } from '../use-debounced-value';
import { FrameViewer } from '../viewer/frame-viewer';
import {
  EMPTY_FORTY,
  FORTY_LINES,
  lineLabel,
  marksFromProposal,
  marksOn,
  toMeasurement,
  type FortyMarks,
} from './forty-marks';
import {
  drawProposal,
  FortyProposalPanel,
  type LineClick,
  type ProposalClicks,
} from './forty-proposal-panel';

/**
 * The verified 40 on the frame-exact viewer (decision 209): the analyst marks the start (first
 * movement), the finish (the torso crosses the 40) and the lines where they are visible; the server
 * times them live; 'Confirm time' hands the marks to the completion.
 */
/** What the live bound reaches over: one frame at each end, or the still frames that may be repeats. */
function boundReach(r: { framesInDoubt?: { start: number; finish: number } }) {
  const d = r.framesInDoubt ?? { start: 0, finish: 0 };
  if (d.start + d.finish === 0) return 'one frame at each end';
  const end = (what: string, n: number) =>
    n ? `${n + 1} frames before the ${what}` : `one frame before the ${what}`;
  return `${end('start', d.start)} and ${end('finish', d.finish)}: still frames there could be pictures the phone repeated`;
}

export function FortyBench({
  media,
  onChange,
  onQualityReject,
}: {
  media: VideoMedia;
  onChange: (m: FortyMeasurement | null) => void;
  onQualityReject?: () => void;
}) {
  const [frame, setFrame] = useState(0);
  const [marks, setMarks] = useState<FortyMarks>(EMPTY_FORTY);
  const [line, setLine] = useState(0);
  const [confirmed, setConfirmed] = useState(false);
  // The tracker's proposal (decision 212): the two line clicks, the job, and the one whose frames are used.
  const [clicks, setClicks] = useState<ProposalClicks>({ startLine: null, finishLine: null });
  const [picking, setPicking] = useState<LineClick | null>(null);
  const [proposalId, setProposalId] = useState<number | null>(null);
  const [usedProposal, setUsedProposal] = useState<number | null>(null);
  const found = useFortyProposal(proposalId).data?.result;
  const input = useMemo(
    () => toMeasurement(media.videoId, marks, usedProposal),
    [media.videoId, marks, usedProposal],
  );
  const settled = useDebouncedValue(input, 300);
  const preview = usePreviewForty(settled);
  const pending = settled !== input || preview.isFetching;
  const error = preview.isError ? preview.error.message : null;
  const result = error ? undefined : preview.data;
  useEffect(() => setConfirmed(false), [input]);
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => report.current(confirmed ? input : null), [confirmed, input]);

  const set = (patch: Partial<FortyMarks>) => setMarks((m) => ({ ...m, ...patch }));
  const setLineAt = (y: number, f: number | undefined) =>
    setMarks((m) => {
      const lines = { ...m.lines };
      if (f === undefined) delete lines[y];
      else lines[y] = f;
      return { ...m, lines };
    });
  const here = marksOn(marks, frame);
  const pick = (p: { x: number; y: number }) => {
    if (!picking) return;
    setClicks((c) => ({ ...c, [picking]: { frameIndex: frame, x: p.x, y: p.y } }));
    setPicking(picking === 'startLine' && !clicks.finishLine ? 'finishLine' : null);
  };
  const decorate = useCallback(
    (ctx: CanvasRenderingContext2D) => drawProposal(ctx, clicks, found),
    [clicks, found],
  );
  const rows: [string, number | null, () => void][] = [
    ['Start: first movement', marks.startFrame, () => set({ startFrame: null })],
    ['Finish: torso crosses the 40', marks.finishFrame, () => set({ finishFrame: null })],
    ...FORTY_LINES.map(
      (y) =>
        [lineLabel(y), marks.lines[y] ?? null, () => setLineAt(y, undefined)] as [
          string,
          number | null,
          () => void,
        ],
    ),
  ];

  return (
    <section
      className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(300px,360px)]"
      aria-label="Verified 40 workbench"
    >
      <FrameViewer
        media={media}
        frame={frame}
        onFrameChange={setFrame}
        overlay={here.length ? `Marked: ${here.join(', ')}` : null}
        onPick={picking ? pick : undefined}
        decorate={decorate}
      >
        <div className="flex flex-wrap items-end gap-2">
          <Button type="button" size="sm" onClick={() => set({ startFrame: frame })}>
            Mark start here
          </Button>
          <Button type="button" size="sm" onClick={() => set({ finishFrame: frame })}>
            Mark finish here
          </Button>
          <label className="grid gap-1 text-sm">
            <span className="text-xs text-muted-foreground">Line</span>
            <select
              aria-label="Line"
              className="h-8 rounded-md border bg-background px-2"
              value={line}
              onChange={(e) => setLine(Number(e.target.value))}
            >
              {FORTY_LINES.map((y) => (
                <option key={y} value={y}>
                  {lineLabel(y)}
                </option>
              ))}
            </select>
          </label>
          <Button type="button" size="sm" variant="secondary" onClick={() => setLineAt(line, frame)}>
            Mark line here
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          Start: the first frame in which the hand or back foot moves. Finish: the first frame in which the
          torso has crossed the finish line. Mark the start and finish lines on frames where they are visible;
          each 10-yard line where the torso crosses it, when it can be seen.
        </p>
      </FrameViewer>
      <div className="grid min-w-0 content-start gap-3">
        <FortyProposalPanel
          videoId={media.videoId}
          clicks={clicks}
          picking={picking}
          onPick={setPicking}
          proposalId={proposalId}
          onProposal={setProposalId}
          onUse={(result, id) => {
            setMarks(marksFromProposal(result));
            setUsedProposal(id);
            if (result.startFrame !== null) setFrame(result.startFrame);
          }}
          onGoTo={setFrame}
        />
        <h3 className="font-semibold">Marks</h3>
        <ul className="grid gap-1 text-sm" aria-label="Forty marks">
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
            Mark the start, the finish, the start line (0) and the finish line (40) to see the time. A 40
            whose lines cannot be seen cannot be verified: reject it.
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
            <Spinner size="sm" /> Timing...
          </p>
        ) : (
          <section className="grid gap-2" aria-label="Live time" aria-busy={pending}>
            <div className="rounded-md border bg-muted/40 p-3">
              <p className="text-2xl font-bold tabular-nums" data-testid="live-forty">
                {formatForty(result.seconds, result.plusMinusSeconds, result.method)}
              </p>
              <p className="text-xs text-muted-foreground">
                between {result.secondsMin.toFixed(4)} and {result.secondsMax.toFixed(4)} s (
                {boundReach(result)})
              </p>
              {result.splits.map((s) => (
                <p key={s.yardLine} className="text-sm tabular-nums">
                  {s.yardLine}-yard split: {formatForty(s.seconds, s.plusMinusSeconds)}
                </p>
              ))}
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
              {confirmed ? 'Time confirmed' : 'Confirm time'}
            </Button>
          </section>
        )}
      </div>
    </section>
  );
}
