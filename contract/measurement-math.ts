import { holdReasons, impossibleInterval, qualityProblems } from './measurement-checks';

/**
 * The arithmetic of a measured Max Speed: one pure module shared by the server (preview, complete,
 * receipt), the web and the tests. See docs/decisions/101-measured-max-speed.md.
 *
 * A crossing marked on frame k (the first frame at or after the landmark crossed the line) happened
 * in (t[k] - d[k], t[k]], where t are the frames' presentation times read from the file and d[k] is
 * the duration before frame k (t[k] - t[k-1]). An interval between marks a < b of T = t[b] - t[a]
 * seconds therefore lies in (T - d[b], T + d[a]). Where a phone repeated a picture it did not capture,
 * d[k] reaches back to the last new picture before k (decision 198).
 */

export const YARD_STEP = 5;
export const MIN_MARKS = 3;
export const MAX_MARKS = 40;
export const WINDOW_YARDS = 10;

export interface Mark {
  frameIndex: number;
  yardLine: number;
}

export interface Timeline {
  /** Presentation time of every frame in seconds, in presentation order (relative to the first frame). */
  times: number[];
  /** Nominal frame rate as an exact fraction, for the method label. */
  fps: { num: number; den: number };
  vfr: boolean;
  /** Frames whose picture repeats the one before it (a phone filling in a frame it did not capture). */
  repeats?: number[];
  /**
   * Frames that changed too little to be told from a repeat (a still scene), as inclusive ranges, and how
   * many frames in a row this phone may repeat (decision 241): a bound reaching back over quiet frames
   * widens by up to that many.
   */
  quiet?: [number, number][];
  repeatRun?: number;
  /** The clip was filmed at this rate and stored slower (slow motion): `times` are already real times. */
  captureFps?: number | null;
}

interface Span {
  fromFrame: number;
  toFrame: number;
  fromYard: number;
  toYard: number;
  yards: number;
  seconds: number;
  /** The interval's true length lies between these (one frame duration either side). */
  secondsMin: number;
  secondsMax: number;
  mph: number;
  mphLow: number;
  mphHigh: number;
}

interface Measurement {
  marks: (Mark & { time: number })[];
  intervals: Span[];
  window: Span & { plusMinus: number; underTenYards: boolean };
  /** The window's speed to 0.1 mph: the value stored as Max Speed. */
  maxSpeed: number;
  /** The larger side of the window's range, rounded up to 0.1 mph. */
  plusMinus: number;
  /** Speed by distance: each interval's mph at its middle yard. */
  profile: { yard: number; mph: number }[];
  fpsLabel: string;
  /** New pictures per second over the marked run (repeated frames and gaps counted as they are). */
  realFps: number;
  methodLabel: string;
  /** How far the Max Speed moves when one end of its window is marked one frame off, in mph. */
  oneFrameMph: number;
  /** Why the video cannot give a verified number; empty when it can. */
  qualityProblems: string[];
  /** Why a second analyst must confirm the number before it is shown as verified; empty when plausible. */
  holdReasons: string[];
}

/** How a clip's frames changed (decision 241), as stored for a video and read into its timeline. */
export interface FrameChanges {
  /** The rule's version: media read by an older rule are read again (3: small runners' repeats, decision 257). */
  rule: 3;
  repeats: number[];
  quiet: [number, number][];
  repeatRun: number;
  /** Frames that clearly changed: how much of the clip the phone's habits were judged on. */
  movingFrames: number;
}

/** The frames of a timeline that are not new pictures, or may not be. */
export interface FrameDoubt {
  repeats: ReadonlySet<number>;
  quiet: readonly [number, number][];
  repeatRun: number;
}

export const frameDoubtOf = (t: Pick<Timeline, 'repeats' | 'quiet' | 'repeatRun'>): FrameDoubt => ({
  repeats: new Set(t.repeats ?? []),
  quiet: t.quiet ?? [],
  repeatRun: t.repeatRun ?? 0,
});

const isQuiet = (doubt: FrameDoubt, k: number) => doubt.quiet.some(([a, b]) => k >= a && k <= b);

export class MeasurementError extends Error {
  constructor(
    message: string,
    readonly field = 'marks',
  ) {
    super(message);
  }
}

/** yards per second to miles per hour: 3600 s/h over 1760 yd/mi. */
export const ydsToMph = (yardsPerSecond: number) => (yardsPerSecond * 3600) / 1760;

/** Rounds up to one decimal, ignoring float noise below 1e-9 (0.30000000000000004 stays 0.3). */
const ceilTenth = (x: number) => Math.ceil(x * 10 - 1e-9) / 10;
export const roundTenth = (x: number) => Math.round(x * 10 + Number.EPSILON) / 10;

/** '59.94', '30', '23.98', '59.90': the rate as the file states it, two decimals where it is not whole. */
function fpsLabel(fps: { num: number; den: number }) {
  if (!fps.den || !fps.num) return '?';
  const r = Math.round((fps.num / fps.den) * 100) / 100;
  return Number.isInteger(r) ? String(r) : r.toFixed(2);
}

export function methodLabel(timeline: Pick<Timeline, 'fps' | 'vfr' | 'captureFps'>, realFps?: number) {
  const rate = fpsLabel(timeline.fps);
  if (timeline.captureFps)
    return `video filmed at ${fpsLabel({ num: timeline.captureFps, den: 1 })} fps (${timeline.captureFps > fpsNumber(timeline.fps) ? 'slow motion' : 'time-lapse'} stored at ${rate}), yard-line crossings`;
  if (realFps !== undefined && realFps < 0.95 * fpsNumber(timeline.fps))
    return `video about ${one(realFps)} fps (labelled ${rate}, frames dropped or repeated), yard-line crossings`;
  return `video ${timeline.vfr ? 'variable rate, about ' : ''}${rate} fps, yard-line crossings`;
}

const one = (x: number) => (Math.round(x * 10) / 10).toString();
const fpsNumber = (fps: { num: number; den: number }) => (fps.den ? fps.num / fps.den : 0);

/**
 * The frame whose picture was the last new one before frame k: the frame before it, or past the frames
 * that repeat an earlier picture, and past as many quiet frames (that may be repeats) as this phone
 * repeats in a row (decision 241). `doubt` counts the quiet frames reached back over. A frame that itself
 * repeats a picture shows what its first frame showed: the reach starts before that first frame.
 */
export function lastNewBefore(k: number, doubt: FrameDoubt = NO_DOUBT) {
  let j = k - 1;
  if (doubt.repeats.has(k)) {
    while (j > 0 && doubt.repeats.has(j)) j -= 1;
    j -= 1;
  }
  while (j > 0 && doubt.repeats.has(j)) j -= 1;
  let extra = 0;
  while (j > 0 && extra < doubt.repeatRun && isQuiet(doubt, j)) {
    j -= 1;
    extra += 1;
  }
  return { frame: Math.max(j, 0), doubt: extra };
}

/**
 * Duration before frame k's picture was new: back to the last new picture before it (lastNewBefore).
 * The first frame takes the duration after it.
 */
export function frameDuration(times: number[], k: number, doubt: FrameDoubt = NO_DOUBT) {
  if (times.length < 2) return 0;
  if (k === 0) return times[1] - times[0];
  return times[k] - times[lastNewBefore(k, doubt).frame];
}
const NO_DOUBT: FrameDoubt = { repeats: new Set(), quiet: [], repeatRun: 0 };

/** New pictures per second between two frames: frames that repeat a picture do not count. */
export function realRate(times: number[], from: number, to: number, repeats: ReadonlySet<number>) {
  const seconds = times[to] - times[from];
  if (!(seconds > 0)) return 0;
  let fresh = 0;
  for (let k = from + 1; k <= to; k += 1) if (!repeats.has(k)) fresh += 1;
  return fresh / seconds;
}

function span(times: number[], a: Mark, b: Mark, doubt: FrameDoubt): Span {
  const seconds = times[b.frameIndex] - times[a.frameIndex];
  const secondsMin = seconds - frameDuration(times, b.frameIndex, doubt);
  const secondsMax = seconds + frameDuration(times, a.frameIndex, doubt);
  const yards = Math.abs(b.yardLine - a.yardLine);
  return {
    fromFrame: a.frameIndex,
    toFrame: b.frameIndex,
    fromYard: a.yardLine,
    toYard: b.yardLine,
    yards,
    seconds,
    secondsMin,
    secondsMax,
    mph: ydsToMph(yards / seconds),
    mphLow: ydsToMph(yards / secondsMax),
    mphHigh: secondsMin > 0 ? ydsToMph(yards / secondsMin) : Number.POSITIVE_INFINITY,
  };
}

/** Checks the marks and puts them in time order; throws MeasurementError with a message for the analyst. */
function orderMarks(timeline: Pick<Timeline, 'times'>, marks: Mark[]): Mark[] {
  const n = timeline.times.length;
  if (marks.length < MIN_MARKS) throw new MeasurementError(`Mark at least ${MIN_MARKS} yard-line crossings`);
  if (marks.length > MAX_MARKS) throw new MeasurementError(`Mark at most ${MAX_MARKS} yard-line crossings`);
  for (const m of marks) {
    if (!Number.isInteger(m.frameIndex) || m.frameIndex < 0 || m.frameIndex >= n) {
      throw new MeasurementError(`Frame ${m.frameIndex} is not in the video (frames 0 to ${n - 1})`);
    }
    if (!Number.isInteger(m.yardLine) || m.yardLine % YARD_STEP !== 0 || m.yardLine < 0 || m.yardLine > 100) {
      throw new MeasurementError(`Yard line ${m.yardLine} is not a 5-yard line between 0 and 100`);
    }
  }
  const sorted = [...marks].sort((a, b) => a.frameIndex - b.frameIndex);
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i].frameIndex === sorted[i - 1].frameIndex)
      throw new MeasurementError(`Frame ${sorted[i].frameIndex} is marked twice`);
  }
  const dir = Math.sign(sorted[1].yardLine - sorted[0].yardLine);
  for (let i = 1; i < sorted.length; i += 1) {
    if (Math.sign(sorted[i].yardLine - sorted[i - 1].yardLine) !== dir || dir === 0) {
      throw new MeasurementError(
        'Yard lines must go one way along the run, each line once, in the order of the frames',
      );
    }
  }
  return sorted;
}

/**
 * The fastest window of exactly 10 yards between two marks; without one, the shortest span of at
 * least 10 yards (the fastest among those); under 10 yards in all, the whole run (flagged).
 */
function fastestWindow(times: number[], marks: Mark[], doubt: FrameDoubt) {
  const spans: Span[] = [];
  for (let i = 0; i < marks.length; i += 1) {
    for (let j = i + 1; j < marks.length; j += 1) spans.push(span(times, marks[i], marks[j], doubt));
  }
  const total = spans.reduce((m, s) => Math.max(m, s.yards), 0);
  if (total < WINDOW_YARDS) {
    const whole = span(times, marks[0], marks[marks.length - 1], doubt);
    return { ...whole, underTenYards: true };
  }
  const shortest = spans
    .filter((s) => s.yards >= WINDOW_YARDS)
    .reduce((m, s) => Math.min(m, s.yards), Infinity);
  const candidates = spans.filter((s) => s.yards === shortest);
  const best = candidates.reduce((a, b) => (b.mph > a.mph ? b : a));
  return { ...best, underTenYards: false };
}

export function computeMeasurement(timeline: Timeline, marks: Mark[]): Measurement {
  const doubt = frameDoubtOf(timeline);
  const { repeats } = doubt;
  const ordered = orderMarks(timeline, marks);
  const { times } = timeline;
  const intervals = ordered.slice(1).map((m, i) => span(times, ordered[i], m, doubt));
  for (const s of intervals) {
    if (!(s.seconds > 0)) throw new MeasurementError('Marked frames must have increasing presentation times');
  }
  const impossible = impossibleInterval(intervals);
  if (impossible) throw new MeasurementError(impossible);
  const w = fastestWindow(times, ordered, doubt);
  const maxSpeed = roundTenth(w.mph);
  // Outward around the rounded value: the interval shown holds the whole unrounded range.
  const plusMinus = ceilTenth(Math.max(maxSpeed - w.mphLow, w.mphHigh - maxSpeed, 0.05));
  const realFps = realRate(times, ordered[0].frameIndex, ordered[ordered.length - 1].frameIndex, repeats);
  const label = fpsLabel(timeline.fps);
  const oneFrame = frameDuration(times, w.toFrame, doubt);
  return {
    marks: ordered.map((m) => ({ ...m, time: times[m.frameIndex] })),
    intervals,
    window: { ...w, plusMinus },
    maxSpeed,
    plusMinus,
    profile: intervals.map((s) => ({ yard: (s.fromYard + s.toYard) / 2, mph: s.mph })),
    fpsLabel: label,
    realFps,
    methodLabel: methodLabel(timeline, realFps),
    oneFrameMph: ydsToMph(w.yards / (w.seconds - oneFrame)) - w.mph,
    qualityProblems: qualityProblems({
      realFps,
      fpsLabel: label,
      nominalFps: timeline.captureFps ?? fpsNumber(timeline.fps),
      vfr: timeline.vfr,
      plusMinus,
      yards: w.yards,
      underTenYards: w.underTenYards,
      windowYards: WINDOW_YARDS,
    }),
    holdReasons: holdReasons(maxSpeed, intervals),
  };
}

/**
 * A tracked Max Speed as every screen states it (issue 48: one ± everywhere): the speed to 0.1 mph and the
 * ± that holds the whole fitted range around that rounded value, rounded up to 0.1. The workbench, the
 * stored result, the receipt, the card and the public page all show these two numbers.
 */
export function statedSpeed(mph: number, plusMinusMph: number) {
  const shown = roundTenth(mph);
  return { mph: shown, plusMinus: ceilTenth(Math.max(Math.abs(mph - shown) + plusMinusMph, 0.05)) };
}

/** A tracked Max Speed written as every screen states it: '21.1 mph ± 0.1' (statedSpeed, then formatSpeed). */
export function formatStatedSpeed(mph: number, plusMinusMph: number) {
  const stated = statedSpeed(mph, plusMinusMph);
  return formatSpeed(stated.mph, stated.plusMinus);
}

/**
 * '21.3 mph ± 0.4': how every screen, image and document writes a speed (decision 208). A speed typed
 * before measurements existed has no bound: '21.3 mph'.
 */
export function formatSpeed(mph: number, plusMinus: number | null | undefined) {
  const p = speedParts(mph, plusMinus);
  return p.bound ? `${p.number} ${p.unit} ${p.bound}` : `${p.number} ${p.unit}`;
}

/** formatSpeed's parts, for large type that sets them apart: '21.3', 'mph', '± 0.4' (or null). */
export function speedParts(mph: number, plusMinus: number | null | undefined) {
  return {
    number: mph.toFixed(1),
    unit: 'mph',
    bound: plusMinus === null || plusMinus === undefined ? null : `± ${plusMinus.toFixed(1)}`,
  };
}

/** What the ± of a marked Max Speed covers, and what it does not, in plain words (every receipt says it). */
export function boundInWords(oneFrameMph: number) {
  const moved =
    oneFrameMph > 0
      ? ` Moving one end of the fastest window by one frame changes the speed by about ${oneFrameMph.toFixed(1)} mph.`
      : '';
  return (
    'The ± covers the timing of whole frames: each crossing happened between its marked frame and the frame before it. ' +
    `It does not cover where the analyst judged the crossing to be: that is checked by a second analyst's blind measurement.${moved}`
  );
}

/** The rate to 0.01 as the file states it: 59.94, 29.97, 119.88, 120 (the kinds measured from a clip's frames). */
export const fpsOf = (t: Pick<Timeline, 'fps' | 'captureFps'>) =>
  Math.round((t.captureFps ?? (t.fps.den ? t.fps.num / t.fps.den : 0)) * 100) / 100;

export const fractionOf = (t: Pick<Timeline, 'fps' | 'captureFps'>) =>
  t.captureFps ? `${t.captureFps}/1` : `${t.fps.num}/${t.fps.den}`;

/** '59.94', '120': a rate written as the file states it, two decimals where it is not whole. */
export const fpsText = (fps: number) => (Number.isInteger(fps) ? String(fps) : fps.toFixed(2));
