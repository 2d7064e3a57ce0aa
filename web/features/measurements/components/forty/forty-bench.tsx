import { useCallback, useMemo, useState } from 'react';
import { formatForty, undrawnReachOf } from '@contract/forty-math';
import type { FortyPreview } from '@contract/forty';
import { Button } from '@/components/ui/button';
import { useFortyProposal, usePreviewForty } from '../../api/forty';
import { FilmedBench, type FilmedBenchProps, type MarkRow } from '../filmed/filmed-bench';
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
 * What the live bound reaches over: one frame at each end, or the still frames that may be repeats, and before
 * the start what a phone may leave undrawn of a first movement (decision 368).
 */
function boundReach(r: FortyPreview) {
  const d = r.framesInDoubt ?? { start: 0, finish: 0 };
  const undrawn = undrawnReachOf(r);
  const early =
    undrawn > 0
      ? `, and ${undrawn.toFixed(4)} s more before the start (a phone may leave the first moments of a movement undrawn)`
      : '';
  if (d.start + d.finish === 0) return `one frame at each end${early}`;
  const end = (what: string, n: number) =>
    n ? `${n + 1} frames before the ${what}` : `one frame before the ${what}`;
  return `${end('start', d.start)} and ${end('finish', d.finish)}${early}: still frames there could be pictures the phone repeated`;
}

const liveTime = (result: FortyPreview) => (
  <>
    <p className="text-2xl font-bold tabular-nums" data-testid="live-forty">
      {formatForty(result.seconds, result.plusMinusSeconds, result.method)}
    </p>
    <p className="text-xs text-muted-foreground">
      between {result.secondsMin.toFixed(4)} and {result.secondsMax.toFixed(4)} s ({boundReach(result)})
    </p>
    {result.splits.map((s) => (
      <p key={s.yardLine} className="text-sm tabular-nums">
        {s.yardLine}-yard split: {formatForty(s.seconds, s.plusMinusSeconds)}
      </p>
    ))}
  </>
);

/**
 * The verified 40 on the filmed kinds' bench (decision 209): the analyst marks the start (first
 * movement), the finish (the torso crosses the 40) and the lines where they are visible; the server
 * times them live; 'Confirm time' hands the marks to the completion.
 */
export function FortyBench(bench: FilmedBenchProps) {
  const { media } = bench;
  const [frame, setFrame] = useState(0);
  const [marks, setMarks] = useState<FortyMarks>(EMPTY_FORTY);
  const [line, setLine] = useState(0);
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

  const set = (patch: Partial<FortyMarks>) => setMarks((m) => ({ ...m, ...patch }));
  const setLineAt = (y: number, f: number | undefined) =>
    setMarks((m) => {
      const lines = { ...m.lines };
      if (f === undefined) delete lines[y];
      else lines[y] = f;
      return { ...m, lines };
    });
  const pick = (p: { x: number; y: number }) => {
    if (!picking) return;
    setClicks((c) => ({ ...c, [picking]: { frameIndex: frame, x: p.x, y: p.y } }));
    setPicking(picking === 'startLine' && !clicks.finishLine ? 'finishLine' : null);
  };
  const decorate = useCallback(
    (ctx: CanvasRenderingContext2D) => drawProposal(ctx, clicks, found),
    [clicks, found],
  );
  const rows: MarkRow[] = [
    ['Start: first movement', marks.startFrame, () => set({ startFrame: null })],
    ['Finish: torso crosses the 40', marks.finishFrame, () => set({ finishFrame: null })],
    ...FORTY_LINES.map((y): MarkRow => [lineLabel(y), marks.lines[y] ?? null, () => setLineAt(y, undefined)]),
  ];

  return (
    <FilmedBench
      bench={bench}
      title="Verified 40 workbench"
      frame={frame}
      onFrameChange={setFrame}
      here={marksOn(marks, frame)}
      onPick={picking ? pick : undefined}
      decorate={decorate}
      controls={
        <>
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
        </>
      }
      help="Start: the first frame in which the hand or back foot moves. Finish: the first frame in which the torso has crossed the finish line. Mark the start and finish lines on frames where they are visible; each 10-yard line where the torso crosses it, when it can be seen."
      proposer={
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
      }
      marksLabel="Forty marks"
      rows={rows}
      input={input}
      usePreview={usePreviewForty}
      missing="Mark the start, the finish, the start line (0) and the finish line (40) to see the time. A 40 whose lines cannot be seen cannot be verified: reject it."
      working="Timing..."
      resultLabel="Live time"
      result={liveTime}
      confirm={['Confirm time', 'Time confirmed']}
    />
  );
}
