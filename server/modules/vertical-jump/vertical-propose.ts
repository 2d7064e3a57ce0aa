import type { VerticalProposal } from '../../../contract/vertical-jump';
import type { FramePoint } from '../../../contract/tracking';
import { decodeGray } from '../measurements';

/**
 * The tracker's proposal of a vertical jump's two frames (decision 243), for a phone held still beside the
 * jumper. The analyst clicks where the feet meet the ground on a frame where the jumper stands. Around the
 * click, each row's pixels are compared with that frame: the sole line is the lowest row that changes as
 * much as any (the ground that shows when the feet leave it); a frame is in the air when most of the
 * feet's pixels on the sole line's two rows have changed. Take-off is the first frame in the air after
 * the click, the landing the first frame after it back on the ground. The bending of knees and hips before
 * take-off changes rows above the feet, not the sole line. Both frames are only proposed: the analyst
 * confirms or moves each, and the marks are what is timed.
 */
export const VERTICAL_PROPOSER = {
  name: 'sole-line-contact',
  version: '1.0.0',
  /** Longer side of the analysed picture, in pixels (never enlarged). */
  analysisSide: 360,
  /** A pixel changed by more than this many grey levels from the standing frame. */
  changed: 25,
  /** Shortest time in the air that is a jump, not a flicker, in seconds. */
  minFlightSeconds: 0.1,
  /** Most frames read (a jump's clip is seconds long; 30 s at 240 fps). */
  maxFrames: 7200,
};

export interface VerticalProposeOptions {
  file: string;
  width: number;
  height: number;
  frameTimes: number[];
  feet: FramePoint;
}

export async function proposeVertical(o: VerticalProposeOptions): Promise<VerticalProposal> {
  const P = VERTICAL_PROPOSER;
  const scale = Math.min(1, P.analysisSide / Math.max(o.width, o.height));
  const w = Math.max(2, Math.round((o.width * scale) / 2) * 2);
  const h = Math.max(2, Math.round((o.height * scale) / 2) * 2);
  const base = { algorithm: P.name, version: P.version };
  const { frames } = await decodeGray(o.file, w, h, undefined, P.maxFrames);
  const ref = frames[o.feet.frameIndex];
  if (!ref)
    return {
      ...base,
      takeoffFrame: null,
      landingFrame: null,
      notes: ['The click is not on a frame of the video.'],
    };
  const cx = Math.round(o.feet.x * (w / o.width));
  const cy = Math.round(o.feet.y * (h / o.height));
  const bw = Math.max(6, Math.round(0.1 * w));
  const rh = Math.max(4, Math.round(0.05 * h));
  const x0 = Math.max(0, cx - bw);
  const x1 = Math.min(w, cx + bw);
  const y0 = Math.max(0, cy - rh);
  const y1 = Math.min(h, cy + rh);
  /** changed[k][y - y0]: pixels of row y in the window that differ from the standing frame. */
  const changed = frames.map((f) => {
    const rows = new Int32Array(y1 - y0);
    for (let y = y0; y < y1; y += 1) {
      let n = 0;
      for (let x = x0; x < x1; x += 1) if (Math.abs(f[y * w + x] - ref[y * w + x]) > P.changed) n += 1;
      rows[y - y0] = n;
    }
    return rows;
  });
  const rowMax = Array.from({ length: y1 - y0 }, (_, r) => Math.max(...changed.map((c) => c[r])));
  const peak = Math.max(...rowMax);
  if (peak < 2)
    return {
      ...base,
      takeoffFrame: null,
      landingFrame: null,
      notes: [
        'Nothing changed where the feet meet the ground: click the feet on a frame where the jumper stands.',
      ],
    };
  let sole = 0;
  for (let r = rowMax.length - 1; r >= 0; r -= 1)
    if (rowMax[r] >= 0.5 * peak) {
      sole = r;
      break;
    }
  const band = (k: number) => changed[k][sole] + (sole > 0 ? changed[k][sole - 1] : 0);
  const most = Math.max(...frames.map((_, k) => band(k)));
  const inAir = (k: number) => band(k) >= 0.5 * most;
  const times = o.frameTimes;
  const notes: string[] = [];
  let takeoffFrame: number | null = null;
  let landingFrame: number | null = null;
  for (let k = o.feet.frameIndex + 1; k < frames.length; k += 1) {
    if (!inAir(k) || inAir(k - 1)) continue;
    let end = k;
    while (end < frames.length && inAir(end)) end += 1;
    if (end >= frames.length) break;
    if ((times[end] ?? 0) - (times[k] ?? 0) < P.minFlightSeconds) {
      k = end;
      continue;
    }
    takeoffFrame = k;
    landingFrame = end;
    break;
  }
  if (takeoffFrame === null)
    notes.push('No take-off and landing were found after the clicked frame: mark both frames by hand.');
  return { ...base, takeoffFrame, landingFrame, notes };
}
