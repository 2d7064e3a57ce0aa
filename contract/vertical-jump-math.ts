import {
  MeasurementError,
  fpsOf,
  fpsText,
  fractionOf,
  frameDoubtOf,
  lastNewBefore,
  realRate,
  type FrameDoubt,
  type Timeline,
} from './measurement-math';

/**
 * The arithmetic of a verified vertical jump (decision 243): one pure module shared by the server
 * (preview, complete, receipt), the web and the tests.
 *
 * The take-off frame is the first frame with both feet off the ground, the landing frame the first frame
 * with a foot on the ground. An event first shown on frame k happened in (t[k] - d[k], t[k]], d[k] the
 * duration back to the last new picture before k (the repeated-frame rule of decision 241, as for the
 * 40). The flight time t = t[landing] - t[take-off] therefore lies in (t - d[landing], t + d[take-off]),
 * and the height h = g·t²/8 (a body rising and falling the same height, in equal times) in the heights
 * of those two ends.
 */

/** Standard gravity, m/s² (the height is g·t²/8). */
export const STANDARD_GRAVITY = 9.80665;
const METERS_PER_INCH = 0.0254;
/** New pictures per second below which a vertical jump is not verified ('Video quality too low'). */
export const VERTICAL_MIN_FPS = 100;
/** The widest ± a verified vertical jump may have, in inches; a wider one is refused, never stored. */
export const VERTICAL_MAX_PLUS_MINUS = 0.8;
/** Flight times outside these are a wrong mark, not a jump (about 0.3 in and 70 in). */
const FLIGHT_MIN_SECONDS = 0.05;
const FLIGHT_MAX_SECONDS = 1.2;

export interface VerticalMarks {
  takeoffFrame: number;
  landingFrame: number;
}

export interface VerticalResult {
  /** g·t²/8 in inches to 0.1: the stored height. */
  heightInches: number;
  /** Outward around the rounded height, to 0.1 in: the stated ±. */
  plusMinusInches: number;
  /** The true height lies between these (one frame at each end). */
  heightInchesMin: number;
  heightInchesMax: number;
  /** Landing minus take-off, to 0.001 s. */
  flightSeconds: number;
  plusMinusSeconds: number;
  /** The unrounded flight time read from the file. */
  rawFlightSeconds: number;
  takeoffTime: number;
  landingTime: number;
  /** The rate as the file states it, to 0.01 (59.94, 120, 240; the filmed rate of slow motion). */
  fps: number;
  fpsFraction: string;
  /** New pictures per second between take-off and landing: what the 100 fps floor applies to. */
  realFps: number;
  /** Quiet frames before the take-off and the landing that the bound reaches back over (decision 241). */
  framesInDoubt: { takeoff: number; landing: number };
  /** 'verified vertical, video 240 fps'. */
  method: string;
  /** Why the clip cannot give a verified vertical jump; empty when it can. */
  qualityProblems: string[];
}

export const inchesOfFlight = (seconds: number) =>
  (STANDARD_GRAVITY * seconds * seconds) / 8 / METERS_PER_INCH;

const roundTenth = (x: number) => Math.round(x * 10 + 1e-7) / 10;
const ceilTenth = (x: number) => Math.ceil(x * 10 - 1e-7) / 10;
const roundMs = (x: number) => Math.round(x * 1000 + 1e-7) / 1000;
const ceilMs = (x: number) => Math.ceil(x * 1000 - 1e-7) / 1000;

export const verticalMethod = (fps: number) => `verified vertical, video ${fpsText(fps)} fps`;

function checkFrame(n: number, k: number, what: string) {
  if (!Number.isInteger(k) || k < 0 || k >= n)
    throw new MeasurementError(`Frame ${k} is not in the video (frames 0 to ${n - 1})`, what);
}

/** Duration back to the last new picture before frame k, and the quiet frames that reach covers. */
function before(times: number[], k: number, doubt: FrameDoubt) {
  if (k === 0) return { seconds: times.length > 1 ? times[1] - times[0] : 0, doubt: 0 };
  const last = lastNewBefore(k, doubt);
  return { seconds: times[k] - times[last.frame], doubt: last.doubt };
}

export function computeVertical(timeline: Timeline, marks: VerticalMarks): VerticalResult {
  const { times } = timeline;
  const n = times.length;
  const doubt = frameDoubtOf(timeline);
  checkFrame(n, marks.takeoffFrame, 'takeoffFrame');
  checkFrame(n, marks.landingFrame, 'landingFrame');
  const { takeoffFrame: s, landingFrame: f } = marks;
  const raw = times[f] - times[s];
  if (!(f > s) || !(raw > 0))
    throw new MeasurementError('The landing must come after the take-off in the video', 'landingFrame');
  const takeoff = before(times, s, doubt);
  const landing = before(times, f, doubt);
  const low = Math.max(0, raw - landing.seconds);
  const high = raw + takeoff.seconds;
  if (raw < FLIGHT_MIN_SECONDS || raw > FLIGHT_MAX_SECONDS)
    throw new MeasurementError(
      `Take-off (frame ${s + 1}) to landing (frame ${f + 1}) is ${raw.toFixed(3)} s in the air, not a jump (between ${FLIGHT_MIN_SECONDS} and ${FLIGHT_MAX_SECONDS} s): check the two marks`,
      'landingFrame',
    );
  const heightInches = roundTenth(inchesOfFlight(raw));
  const heightInchesMin = inchesOfFlight(low);
  const heightInchesMax = inchesOfFlight(high);
  const plusMinusInches = ceilTenth(
    Math.max(heightInches - heightInchesMin, heightInchesMax - heightInches, 0.05),
  );
  const flightSeconds = roundMs(raw);
  const plusMinusSeconds = ceilMs(Math.max(flightSeconds - low, high - flightSeconds, 0.0005));
  const realFps = realRate(times, s, f, doubt.repeats);
  const fps = fpsOf(timeline);
  const qualityProblems: string[] = [];
  if (realFps < VERTICAL_MIN_FPS)
    qualityProblems.push(
      `The video has about ${Math.round(realFps)} frames per second between the take-off and the landing, below the ${VERTICAL_MIN_FPS} needed for a verified vertical jump: film at 120 or 240 fps.`,
    );
  else if (plusMinusInches > VERTICAL_MAX_PLUS_MINUS + 1e-9)
    qualityProblems.push(
      `The height is only known to ± ${plusMinusInches.toFixed(1)} in, wider than the ± ${VERTICAL_MAX_PLUS_MINUS.toFixed(1)} in a verified vertical jump allows${
        takeoff.doubt + landing.doubt > 0
          ? ' (frames before the marks could not be told from repeated pictures)'
          : ''
      }: film at 240 fps with the phone still.`,
    );
  return {
    heightInches,
    plusMinusInches,
    heightInchesMin,
    heightInchesMax,
    flightSeconds,
    plusMinusSeconds,
    rawFlightSeconds: raw,
    takeoffTime: times[s],
    landingTime: times[f],
    fps,
    fpsFraction: fractionOf(timeline),
    realFps,
    framesInDoubt: { takeoff: takeoff.doubt, landing: landing.doubt },
    method: verticalMethod(fps),
    qualityProblems,
  };
}

/** '26.4 in ± 0.3, verified vertical, video 240 fps': how every screen writes a verified vertical jump. */
export function formatVertical(inches: number, plusMinus: number | null | undefined, method?: string | null) {
  const pm = plusMinus === null || plusMinus === undefined ? '' : ` ± ${plusMinus.toFixed(1)}`;
  return `${inches.toFixed(1)} in${pm}${method ? `, ${method}` : ''}`;
}

/** What the ± covers and what the method does not, in plain words (the receipt says it). */
export function verticalBoundWords(doubt: { takeoff: number; landing: number } = { takeoff: 0, landing: 0 }) {
  const reach = (what: string, frames: number) =>
    frames === 0
      ? `${what} frame and the frame before it`
      : `${what} frame and the frame ${frames + 1} frames before it (the frames between showed a still picture the phone may have repeated)`;
  return (
    `The ± covers the timing of whole frames: the feet left the ground between the ${reach('take-off', doubt.takeoff)}, and a foot touched down between the ${reach('landing', doubt.landing)}. ` +
    'The height is worked out from the time in the air (h = g·t²/8, g = 9.80665 m/s²), the flight-time method of jump mats and the My Jump apps.'
  );
}

/** What a flight-time height does not cover: the receipt and the public page say it. */
export const VERTICAL_NOT_COVERED =
  'A jumper who tucks the legs or bends the knees on landing stays in the air longer than the rise takes, so the height reads high; the analyst checks the knees are straight at landing. A step or run-up before the jump is not a standing vertical.';
