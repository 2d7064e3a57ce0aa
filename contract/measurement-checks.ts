/**
 * What a measured Max Speed must pass before it is stored as verified (decision 198): marks that no
 * human could have produced are refused, one largest bound is the quality gate for every clip, and
 * results outside what football players run are held for a second analyst.
 */

/** The largest ± a verified Max Speed may carry, for every clip (constant or variable rate). */
export const MAX_BOUND_MPH = 1.0;
/**
 * Real frames per second below which no clip is measured. It follows from the bound: at 25 frames a
 * second, a 10-yard window at 22 mph (the NFL's fastest ball carriers) already carries ± 1.0.
 */
export const MIN_FPS = 25;
/** Nobody has run this fast (Bolt's peak is about 27.5 mph): an interval slower than this at its slowest is a wrong mark. */
export const HUMAN_LIMIT_MPH = 30;
/** Above the fastest recorded football players' game speeds: held for a second analyst. */
export const HOLD_ABOVE_MPH = 24;
/** Far below a sprint (a jog): held, as a wrongly re-timed clip or a wrong clip would read. */
export const HOLD_BELOW_MPH = 12;
/**
 * Speed change between neighbouring intervals, in mph per second of time between their middles, beyond
 * which the marks are held. An elite standing start gains about 8-10 mph a second between 5-yard
 * intervals; a late or early mark makes one interval fast and its neighbour slow.
 */
export const MAX_ACCEL_MPH_PER_S = 15;

export interface CheckedSpan {
  fromFrame: number;
  toFrame: number;
  fromYard: number;
  toYard: number;
  yards: number;
  seconds: number;
  secondsMin: number;
  mph: number;
  mphLow: number;
  /** null: no upper bound. */
  mphHigh: number | null;
}

const one = (x: number) => x.toFixed(1);
const frames = (n: number) => `${n} frame${n === 1 ? '' : 's'}`;

/**
 * The first interval no human could run, in words naming its two marks (frames as the viewer numbers
 * them, from 1); null when every interval is possible.
 */
export function impossibleInterval(intervals: CheckedSpan[]): string | null {
  for (const s of intervals) {
    if (s.secondsMin > 0 && s.mphLow <= HUMAN_LIMIT_MPH) continue;
    const n = s.toFrame - s.fromFrame;
    const speed = s.secondsMin > 0 ? `at least ${one(s.mphLow)} mph` : 'no time at all';
    return (
      `The marks at the ${s.fromYard}-yard line (frame ${s.fromFrame + 1}) and the ${s.toYard}-yard line ` +
      `(frame ${s.toFrame + 1}) put ${s.yards} yards in ${frames(n)}: ${speed}, faster than anyone has ` +
      `run (${HUMAN_LIMIT_MPH} mph). Check those two marks.`
    );
  }
  return null;
}

/** The smallest speed change between two neighbouring intervals that their bounds allow, in mph. */
function leastChange(a: CheckedSpan, b: CheckedSpan) {
  const high = (s: CheckedSpan) => s.mphHigh ?? Number.POSITIVE_INFINITY;
  return Math.max(0, b.mphLow - high(a), a.mphLow - high(b));
}

/** Why a result must be confirmed by a second analyst before it is shown as verified; empty when plausible. */
export function holdReasons(maxSpeed: number, intervals: CheckedSpan[]): string[] {
  const reasons: string[] = [];
  if (maxSpeed > HOLD_ABOVE_MPH)
    reasons.push(
      `${one(maxSpeed)} mph is faster than football players run (above ${HOLD_ABOVE_MPH} mph): a second analyst confirms it before it is shown as verified.`,
    );
  if (maxSpeed < HOLD_BELOW_MPH)
    reasons.push(
      `${one(maxSpeed)} mph is far below a sprint (under ${HOLD_BELOW_MPH} mph): a slowed-down clip reads like this, so a second analyst confirms it.`,
    );
  for (let i = 1; i < intervals.length; i += 1) {
    const a = intervals[i - 1];
    const b = intervals[i];
    const dt = (a.seconds + b.seconds) / 2;
    const accel = leastChange(a, b) / dt;
    if (accel <= MAX_ACCEL_MPH_PER_S) continue;
    reasons.push(
      `The speed jumps from ${one(a.mph)} mph (${a.fromYard}-${a.toYard} yards) to ${one(b.mph)} mph ` +
        `(${b.fromYard}-${b.toYard} yards), ${one(accel)} mph per second, more than a runner changes ` +
        `(${MAX_ACCEL_MPH_PER_S}): a mark may be late or early; a second analyst confirms it.`,
    );
    break;
  }
  return reasons;
}

/** Why the clip cannot give a verified number at all (reject 'Video quality too low'); empty when it can. */
export function qualityProblems(input: {
  realFps: number;
  fpsLabel: string;
  nominalFps: number;
  vfr: boolean;
  plusMinus: number;
  yards: number;
  underTenYards: boolean;
  windowYards: number;
}): string[] {
  const problems: string[] = [];
  if (input.realFps < MIN_FPS) {
    const dropped = input.nominalFps - input.realFps > 0.5;
    problems.push(
      dropped
        ? `The video is labelled ${input.fpsLabel} fps but really has about ${one(input.realFps)} frames per second (frames dropped or repeated), below the ${MIN_FPS} needed for a verified speed.`
        : `The video runs at ${input.fpsLabel} frames per second, below the ${MIN_FPS} needed for a verified speed.`,
    );
  }
  if (input.plusMinus > MAX_BOUND_MPH) {
    problems.push(
      input.vfr
        ? `The video's variable frame rate makes the bound ±${one(input.plusMinus)} mph, wider than ${one(MAX_BOUND_MPH)} mph.`
        : `The bound is ±${one(input.plusMinus)} mph, wider than the ${one(MAX_BOUND_MPH)} mph a verified speed may carry: a video with more frames per second is needed.`,
    );
  }
  if (input.underTenYards)
    problems.push(`The marked run covers ${input.yards} yards; at least ${input.windowYards} are needed.`);
  return problems;
}
