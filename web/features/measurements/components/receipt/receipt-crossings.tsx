import type { Receipt } from '@contract/measurements';
import { displayFrame, formatTime } from '../frame-numbers';

/** Each yard-line crossing the analyst marked, as a still with its yard line and time. */
export function ReceiptCrossings({ receipt }: { receipt: Receipt }) {
  if (!receipt.stills.length)
    return <p className="text-sm text-muted-foreground">No stills were stored with this receipt.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="receipt-stills">
      {receipt.stills.map((s, i) => (
        <li key={s.frameIndex} className="grid content-start gap-1 text-xs">
          <img
            src={s.url}
            alt={`The ${s.yardLine}-yard line crossing, frame ${displayFrame(s.frameIndex)}`}
            // The first row (five at the widest) is in view as the receipt opens: its largest images.
            loading={i < 5 ? 'eager' : 'lazy'}
            className="aspect-video w-full rounded bg-black object-contain"
          />
          <span className="font-medium">{s.yardLine}-yard line</span>
          <span className="text-muted-foreground">at {formatTime(s.time)}</span>
        </li>
      ))}
    </ul>
  );
}
