import { useMemo, useState } from 'react';
import type { VerticalMeasurement, VerticalPreview } from '@contract/vertical-jump';
import { formatVertical } from '@contract/vertical-jump-math';
import { Button } from '@/components/ui/button';
import { useProposeVertical, usePreviewVertical } from '../../api/vertical-jump';
import { FilmedBench, type FilmedBenchProps } from '../filmed/filmed-bench';

interface Marks {
  takeoffFrame: number | null;
  landingFrame: number | null;
}
const EMPTY: Marks = { takeoffFrame: null, landingFrame: null };

const toMeasurement = (videoId: number, m: Marks): VerticalMeasurement | null =>
  m.takeoffFrame === null || m.landingFrame === null
    ? null
    : { videoId, takeoffFrame: m.takeoffFrame, landingFrame: m.landingFrame };

const liveHeight = (result: VerticalPreview) => (
  <>
    <p className="text-2xl font-bold tabular-nums" data-testid="live-vertical">
      {formatVertical(result.heightInches, result.plusMinusInches, result.method)}
    </p>
    <p className="text-xs text-muted-foreground">
      {result.flightSeconds.toFixed(3)} s ± {result.plusMinusSeconds.toFixed(3)} in the air; between{' '}
      {result.heightInchesMin.toFixed(2)} and {result.heightInchesMax.toFixed(2)} in (one frame at each end)
    </p>
  </>
);

/**
 * The verified vertical jump on the filmed kinds' bench (decision 243): the analyst marks the take-off
 * (the first frame with both feet off the ground) and the landing (the first frame with a foot on the
 * ground), or clicks the feet on a standing frame for the tracker to propose both; the server works out
 * the height live; 'Confirm height' hands the marks to the completion.
 */
export function VerticalBench(bench: FilmedBenchProps) {
  const { media } = bench;
  const [frame, setFrame] = useState(0);
  const [marks, setMarks] = useState<Marks>(EMPTY);
  const [picking, setPicking] = useState(false);
  const propose = useProposeVertical();
  const input = useMemo(() => toMeasurement(media.videoId, marks), [media.videoId, marks]);
  const mark = (patch: Partial<Marks>) => setMarks((m) => ({ ...m, ...patch }));

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
  ].filter((m) => m !== null);

  return (
    <FilmedBench
      bench={bench}
      title="Verified vertical jump workbench"
      frame={frame}
      onFrameChange={setFrame}
      here={here}
      onPick={picking ? pick : undefined}
      controls={
        <>
          <Button type="button" size="sm" onClick={() => mark({ takeoffFrame: frame })}>
            Mark take-off here
          </Button>
          <Button type="button" size="sm" onClick={() => mark({ landingFrame: frame })}>
            Mark landing here
          </Button>
        </>
      }
      help="Take-off: the first frame in which both feet are off the ground. Landing: the first frame in which a foot touches the ground. Check the knees are straight at the landing: a jumper who tucks the legs reads high."
      proposer={
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
      }
      marksLabel="Vertical jump marks"
      rows={[
        ['Take-off: both feet off the ground', marks.takeoffFrame, () => mark({ takeoffFrame: null })],
        ['Landing: a foot on the ground', marks.landingFrame, () => mark({ landingFrame: null })],
      ]}
      input={input}
      usePreview={usePreviewVertical}
      missing="Mark the take-off and the landing to see the height."
      working="Working out the height..."
      resultLabel="Live height"
      result={liveHeight}
      confirm={['Confirm height', 'Height confirmed']}
    />
  );
}
