import { LANDMARK_LABELS, type Receipt } from '@contract/measurements';
import { TRACKED_GROUND_POINT, trackedWindowInWords } from '@contract/tracked-receipt';

/** The facts a second analyst needs to redo the measurement on the same bytes. */
export function ReceiptFacts({ receipt }: { receipt: Receipt }) {
  const v = receipt.video;
  const w = receipt.measurement.window;
  const marksWindow = `${w.fromYard} → ${w.toYard} (${w.yards} yards) in ${w.seconds.toFixed(4)} s, between ${w.mphLow.toFixed(2)} and ${w.mphHigh === null ? '∞' : w.mphHigh.toFixed(2)} mph`;
  // A tracked value (decision 210): its own window and bound; the marks' interval is only the cross-check.
  const tracked = receipt.measurement.tracked?.result.maxSpeed;
  const leanShiftYards = receipt.measurement.tracked?.result.fit.leanShiftYards ?? 0;
  const rows: [string, string][] = tracked
    ? [
        ['Method', receipt.measurement.methodLabel],
        ['Ground point', TRACKED_GROUND_POINT],
        ['Fastest window (tracked)', trackedWindowInWords(tracked, leanShiftYards)],
        ['Cross-check from the proposed crossings', `yard lines ${marksWindow}`],
      ]
    : [
        ['Method', receipt.measurement.methodLabel],
        ['Landmark', LANDMARK_LABELS[receipt.landmark]],
        ['Fastest window', marksWindow],
      ];
  rows.push(
    ['Frame rate', `${v.nominalFps} nominal, ${v.averageFps} average`],
    ['Variable frame rate', v.variableFrameRate ? 'Yes' : 'No'],
    ['Time base', v.timeBase],
    ['File', `${v.container} · ${v.codec} · ${v.width}×${v.height} · ${v.frameCount} frames`],
    ['Source SHA-256', v.sourceSha256],
  );
  if (v.hasWorkingCopy)
    rows.push([
      'Working copy SHA-256',
      `${v.workingSha256} (H.264, every frame at its original presentation time)`,
    ]);
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="receipt-facts">
      {rows.map(([k, val]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="min-w-0 font-medium wrap-anywhere">{val}</dd>
        </div>
      ))}
    </dl>
  );
}
