import type { FortyProposalResult } from '@contract/forty';
import { useState } from 'react';
import type { FramePoint } from '@contract/tracking';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFortyProposal, useStartFortyProposal } from '../../api/forty';
import { displayFrame } from '../frame-numbers';
import { lineLabel } from './forty-marks';

export type LineClick = 'startLine' | 'finishLine';

export interface ProposalClicks {
  startLine: FramePoint | null;
  finishLine: FramePoint | null;
}

const CLICK_LABEL: Record<LineClick, string> = {
  startLine: 'Click the start line',
  finishLine: 'Click the finish line',
};

/** Draws the clicks and the lines the proposal found over the frame (decision 212). */
export function drawProposal(
  ctx: CanvasRenderingContext2D,
  clicks: ProposalClicks,
  found: FortyProposalResult | undefined,
) {
  ctx.save();
  ctx.lineWidth = Math.max(2, ctx.canvas.width / 400);
  for (const [key, color] of [
    ['startLine', '#22c55e'],
    ['finishLine', '#ef4444'],
  ] as const) {
    const seg = found?.[key];
    ctx.strokeStyle = color;
    if (seg) {
      ctx.beginPath();
      ctx.moveTo(seg.x0, seg.y0);
      ctx.lineTo(seg.x1, seg.y1);
      ctx.stroke();
    }
    const c = clicks[key];
    if (c) {
      ctx.beginPath();
      ctx.arc(c.x, c.y, Math.max(5, ctx.canvas.width / 150), 0, 2 * Math.PI);
      ctx.stroke();
    }
  }
  ctx.restore();
}

/**
 * 'Let the tracker propose the frames': the analyst clicks the start line and the finish line where each
 * can be seen, the server proposes the start (first movement), the finish (the torso crosses the 40) and
 * the 10-yard lines it can tell apart; 'Use the proposed frames' fills the marks, which the analyst then
 * checks frame by frame before confirming the time. The proposal is never the result.
 */
export function FortyProposalPanel({
  videoId,
  clicks,
  picking,
  onPick,
  proposalId,
  onProposal,
  onUse,
  onGoTo,
}: {
  videoId: number;
  clicks: ProposalClicks;
  picking: LineClick | null;
  onPick: (which: LineClick | null) => void;
  proposalId: number | null;
  onProposal: (id: number | null) => void;
  onUse: (result: FortyProposalResult, id: number) => void;
  onGoTo: (frame: number) => void;
}) {
  const start = useStartFortyProposal();
  const proposal = useFortyProposal(proposalId);
  const status = proposal.data?.status;
  const result = proposal.data?.result;
  const ready = clicks.startLine !== null && clicks.finishLine !== null;
  // Enabled before both clicks so a keyboard user reaches it and hears what is missing (issue 52 item 9).
  const [missing, setMissing] = useState<string | null>(null);
  const propose = () => {
    if (!clicks.startLine || !clicks.finishLine) {
      const which = (['startLine', 'finishLine'] as const)
        .filter((k) => !clicks[k])
        .map((k) => CLICK_LABEL[k]);
      setMissing(`${which.join(' and ')} on the picture first.`);
      return;
    }
    setMissing(null);
    start.mutate(
      { videoId, startLine: clicks.startLine, finishLine: clicks.finishLine },
      { onSuccess: (p) => onProposal(p.id) },
    );
  };
  const goTo = (frame: number) => (
    <button type="button" className="text-primary underline" onClick={() => onGoTo(frame)}>
      Frame {displayFrame(frame)}
    </button>
  );
  const rows: [string, number | null][] = result
    ? [
        ['Start: first movement', result.startFrame],
        ['Finish: torso crosses the 40', result.finishFrame],
        ...result.lines
          .filter((l) => l.yardLine > 0 && l.yardLine < 40)
          .map((l) => [lineLabel(l.yardLine), l.frameIndex] as [string, number]),
      ]
    : [];

  return (
    <section className="grid gap-2 rounded-md border p-3 text-sm" aria-label="Proposed frames">
      <h3 className="font-semibold">Let the tracker propose the frames</h3>
      <p className="text-xs text-muted-foreground">
        On a frame where it can be seen, click the start line, then the finish line. The tracker proposes the
        first movement, the finish and the 10-yard lines; check each one before confirming the time.
      </p>
      <div className="flex flex-wrap gap-2">
        {(['startLine', 'finishLine'] as const).map((key) => (
          <Button
            key={key}
            type="button"
            size="sm"
            variant={picking === key ? 'default' : 'outline'}
            aria-pressed={picking === key}
            // Always picks that line: after the start line is clicked the finish line is already being
            // picked, and pressing its button then must not stop it (issue 52 item 9).
            onClick={() => {
              setMissing(null);
              onPick(key);
            }}
          >
            {clicks[key] ? `${CLICK_LABEL[key]} again` : CLICK_LABEL[key]}
          </Button>
        ))}
        {picking && (
          <Button type="button" size="sm" variant="ghost" onClick={() => onPick(null)}>
            Stop picking
          </Button>
        )}
        <Button
          type="button"
          size="sm"
          onClick={propose}
          aria-describedby="forty-proposal-state"
          disabled={start.isPending || status === 'queued' || status === 'running'}
        >
          Propose the frames
        </Button>
      </div>
      <p className="text-xs" aria-live="polite" id="forty-proposal-state">
        {missing && !ready
          ? missing
          : picking
            ? `${CLICK_LABEL[picking]} on the picture.`
            : `Start line: ${clicks.startLine ? `clicked on frame ${displayFrame(clicks.startLine.frameIndex)}` : 'not clicked'} · Finish line: ${clicks.finishLine ? `clicked on frame ${displayFrame(clicks.finishLine.frameIndex)}` : 'not clicked'}`}
      </p>
      {start.isError && (
        <p role="alert" className="text-destructive">
          {start.error.message}
        </p>
      )}
      {(status === 'queued' || status === 'running') && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner size="sm" /> Finding the frames… {Math.round((proposal.data?.progress ?? 0) * 100)}%
        </p>
      )}
      {status === 'failed' && (
        <p role="alert" className="text-destructive">
          The tracker could not propose the frames: {proposal.data?.error}. Mark them yourself.
        </p>
      )}
      {result && proposalId !== null && (
        <div className="grid gap-2" data-testid="forty-proposal">
          <ul className="grid gap-1">
            {rows.map(([label, f], k) => {
              // No start or finish proposed, but the frames it lies between are known (decisions 304, 318).
              const between =
                f !== null ? null : k === 0 ? result.startBetween : k === 1 ? result.finishBetween : null;
              return (
                <li key={label}>
                  {label}:{' '}
                  {f !== null ? (
                    goTo(f)
                  ) : between ? (
                    <span data-testid={k === 0 ? 'forty-start-between' : 'forty-finish-between'}>
                      <span className="text-muted-foreground">not told to a frame; look between </span>
                      {goTo(between.fromFrame)}
                      <span className="text-muted-foreground"> and </span>
                      {goTo(between.toFrame)}
                    </span>
                  ) : (
                    <span className="text-muted-foreground">not found</span>
                  )}
                </li>
              );
            })}
          </ul>
          {result.notes.map((n) => (
            <p key={n} className="rounded-md bg-warning/10 p-2">
              {n}
            </p>
          ))}
          <Button type="button" size="sm" variant="secondary" onClick={() => onUse(result, proposalId)}>
            Use the proposed frames
          </Button>
        </div>
      )}
    </section>
  );
}
