/**
 * The arithmetic of a measured Max Speed: one pure module shared by the server (preview, complete,
 * receipt), the web and the tests. See docs/decisions/101-measured-max-speed.md.
 *
 * A crossing marked on frame k (the first frame at or after the landmark crossed the line) happened
 * in (t[k] - d[k], t[k]], where t are the frames' presentation times read from the file and d[k] is
 * the duration before frame k (t[k] - t[k-1]). An interval between marks a < b of T = t[b] - t[a]
 * seconds therefore lies in (T - d[b], T + d[a]).
 */

export const YARD_STEP = 5;
export const MIN_MARKS = 3;
export const MAX_MARKS = 40;
export const WINDOW_YARDS = 10;
const MIN_FPS = 25;
const MAX_VFR_BOUND_MPH = 1.0;

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
  methodLabel: string;
  /** Why the video cannot give a verified number; empty when it can. */
  qualityProblems: string[];
}

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

/** '59.94', '30', '23.98': the nominal rate to two decimals without trailing zeros. */
function fpsLabel(fps: { num: number; den: number }) {
  if (!fps.den || !fps.num) return '?';
  return String(Math.round((fps.num / fps.den) * 100) / 100);
}

export function methodLabel(timeline: Pick<Timeline, 'fps' | 'vfr'>) {
  return `video ${timeline.vfr ? 'variable rate, about ' : ''}${fpsLabel(timeline.fps)} fps, yard-line crossings`;
}

/** Duration before frame k; the first frame takes the one after it. */
export function frameDuration(times: number[], k: number) {
  if (times.length < 2) return 0;
  return k > 0 ? times[k] - times[k - 1] : times[1] - times[0];
}

function span(times: number[], a: Mark, b: Mark): Span {
  const seconds = times[b.frameIndex] - times[a.frameIndex];
  const secondsMin = seconds - frameDuration(times, b.frameIndex);
  const secondsMax = seconds + frameDuration(times, a.frameIndex);
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
function fastestWindow(times: number[], marks: Mark[]) {
  const spans: Span[] = [];
  for (let i = 0; i < marks.length; i += 1) {
    for (let j = i + 1; j < marks.length; j += 1) spans.push(span(times, marks[i], marks[j]));
  }
  const total = spans.reduce((m, s) => Math.max(m, s.yards), 0);
  if (total < WINDOW_YARDS) {
    const whole = span(times, marks[0], marks[marks.length - 1]);
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
  const ordered = orderMarks(timeline, marks);
  const { times } = timeline;
  const intervals = ordered.slice(1).map((m, i) => span(times, ordered[i], m));
  for (const s of intervals) {
    if (!(s.seconds > 0)) throw new MeasurementError('Marked frames must have increasing presentation times');
  }
  const w = fastestWindow(times, ordered);
  const plusMinus = ceilTenth(Math.max(w.mph - w.mphLow, w.mphHigh - w.mph));
  const window = { ...w, plusMinus };
  const nominal = timeline.fps.den ? timeline.fps.num / timeline.fps.den : 0;
  const qualityProblems: string[] = [];
  if (nominal < MIN_FPS)
    qualityProblems.push(
      `The video runs at ${fpsLabel(timeline.fps)} frames per second, below the ${MIN_FPS} needed for a verified speed.`,
    );
  if (timeline.vfr && plusMinus > MAX_VFR_BOUND_MPH) {
    qualityProblems.push(
      `The video's variable frame rate makes the bound ±${plusMinus.toFixed(1)} mph, wider than ${MAX_VFR_BOUND_MPH.toFixed(1)} mph.`,
    );
  }
  if (w.underTenYards)
    qualityProblems.push(`The marked run covers ${w.yards} yards; at least ${WINDOW_YARDS} are needed.`);
  return {
    marks: ordered.map((m) => ({ ...m, time: times[m.frameIndex] })),
    intervals,
    window,
    maxSpeed: roundTenth(w.mph),
    plusMinus,
    profile: intervals.map((s) => ({ yard: (s.fromYard + s.toYard) / 2, mph: s.mph })),
    fpsLabel: fpsLabel(timeline.fps),
    methodLabel: methodLabel(timeline),
    qualityProblems,
  };
}

/** '21.3 mph ± 0.4': how every screen writes a measured speed. */
export function formatSpeed(mph: number, plusMinus: number | null | undefined) {
  return plusMinus === null || plusMinus === undefined
    ? `${mph.toFixed(1)} mph`
    : `${mph.toFixed(1)} mph ± ${plusMinus.toFixed(1)}`;
}
