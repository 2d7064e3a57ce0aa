import type { Receipt } from '@contract/measurements';
import { displayFrame, formatTime } from '../frame-numbers';

/**
 * A tracked Max Speed's window bounded by two stills with the track drawn on them (issue 31): the
 * tracker's box on the upper body and the ground point (red), so anyone can check where it was.
 */
export function TrackWindowStills({ receipt }: { receipt: Receipt }) {
  if (!receipt.trackStills.length) return null;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="receipt-track-stills">
      {receipt.trackStills.map((s) => {
        const label = s.which === 'first' ? 'Start of the fastest 10 yards' : 'End of the fastest 10 yards';
        return (
          <li key={s.which} className="grid content-start gap-1 text-xs">
            <img
              src={s.url}
              alt={`${label}, frame ${displayFrame(s.frameIndex)}, with the tracked player boxed and the ground point marked`}
              loading="lazy"
              className="aspect-video w-full rounded bg-black object-contain"
            />
            <span className="font-medium">{label}</span>
            <span className="text-muted-foreground">
              Frame {displayFrame(s.frameIndex)} at {formatTime(s.time)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
