import { formatSpeed } from './measurement-math';
import { followedInWords } from './tracking';

/** What the plain summary of a Max Speed receipt is made of (the private and the public receipt). */
export interface ReceiptSummaryInput {
  /** The measured value and its bound (not an override). */
  measured: { maxSpeed: number; plusMinus: number };
  methodLabel: string;
  /** The file's nominal rate, '59.94' (measurement.fpsLabel). */
  fpsLabel: string;
  crossings: number;
  window: { yards: number; fromYard: number; toYard: number; seconds: number };
  override: { maxSpeed: number } | null;
  /**
   * A tracked Max Speed (decision 210): the frames fitted and the fitted curve's fastest window, said
   * instead of the proposed crossings' window (which is only the cross-check).
   */
  tracked?: {
    frames: number;
    /** How often the tracker followed the clip (`followStep`): 1 or absent on every frame. */
    followStep?: number;
    fromYard: number;
    toYard: number;
    fromTime: number;
    toTime: number;
  } | null;
}

/**
 * The frame rate in words. Slow motion and uneven files are read from the method label, which says
 * what the timing rests on ('video filmed at 240 fps (slow motion ...)', 'video about 25.1 fps (...)').
 */
function rateInWords(methodLabel: string, fpsLabel: string) {
  const slow = /filmed at ([\d.]+) fps/.exec(methodLabel);
  if (slow) return `${slow[1]} frames per second (slow motion)`;
  const about = /about ([\d.]+) fps/.exec(methodLabel);
  if (about) return `about ${about[1]} frames per second`;
  return `${fpsLabel} frames per second`;
}

/**
 * The receipt in plain words, first on the page (issue 27 item 6, decision 208): 'Measured from your
 * video at 59.94 frames per second: 22.3 mph, accurate to ± 0.5 mph. The player crossed 5 yard lines;
 * here is each crossing.' `whose` is 'your' for the family and 'the' for anyone else.
 */
export function receiptSummary(r: ReceiptSummaryInput, whose: 'your' | 'the'): string[] {
  const { maxSpeed, plusMinus } = r.measured;
  const w = r.window;
  const lines = [
    // No-break spaces keep '± 0.5 mph' on one line.
    `Measured from ${whose} video at ${rateInWords(r.methodLabel, r.fpsLabel)}: ${maxSpeed.toFixed(1)} mph, accurate to ±\u00a0${plusMinus.toFixed(1)}\u00a0mph.`,
  ];
  if (r.override)
    lines.push(
      `The analyst set the result to ${formatSpeed(r.override.maxSpeed, plusMinus)} instead; the reason is given below.`,
    );
  const t = r.tracked;
  if (t) {
    const yd = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
    lines.push(
      `The player was followed ${followedInWords(t.followStep ?? 1)} (${t.frames} frames) and crossed ${r.crossings} yard ${r.crossings === 1 ? 'line' : 'lines'}; here is each crossing.`,
      `The fastest ${Math.round((t.toYard - t.fromYard) * 10) / 10} yards of the run, from yard ${yd(t.fromYard)} to yard ${yd(t.toYard)}, took ${(t.toTime - t.fromTime).toFixed(3)} seconds.`,
    );
    return lines;
  }
  lines.push(
    `The player crossed ${r.crossings} yard ${r.crossings === 1 ? 'line' : 'lines'}; here is each crossing.`,
    `The fastest ${w.yards} yards, from the ${w.fromYard}-yard line to the ${w.toYard}-yard line, took ${w.seconds.toFixed(3)} seconds.`,
  );
  return lines;
}
