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
 * The arithmetic of a verified 40-yard dash (decision 209): one pure module shared by the server
 * (preview, complete, receipt), the web and the tests.
 *
 * The start is the first frame that shows the runner's first movement, the finish the first frame in
 * which the torso has crossed the finish line. An event first shown on frame k happened in
 * (t[k] - d[k], t[k]], where d[k] is the duration back to the previous new picture (as for Max Speed,
 * decision 101/198). A first movement begins small, and a phone may leave its first moments undrawn
 * (decision 330): the first frame that shows it can come up to `FORTY_UNDRAWN_SECONDS` later than that
 * (decision 368). The time T = t[finish] - t[start] therefore lies in
 * (T - d[finish], T + d[start] + FORTY_UNDRAWN_SECONDS); the time stored is T to 0.01 s, or the hundredth
 * nearest it whose ± reaches both ends most narrowly.
 */

export const FORTY_YARDS = 40;
export const FORTY_LINE_STEP = 10;
/** Real frames per second below which a 40 is not verified ('Video quality too low'). */
export const FORTY_MIN_FPS = 50;
/** Faster than the fastest electronically timed 40 (4.21-4.22 s at the NFL combine): a wrong mark. */
export const FORTY_FASTEST_SECONDS = 4.0;
/**
 * The widest ± a verified 40 may have (issue 49): 59.94 fps gives about 0.02-0.03 s with the display's
 * rounding, 120 and 240 fps 0.01-0.02 (since decision 368's reach at the start: 0.03, and 0.02 at 120 and 240
 * fps, on a steady clip). A wider one is refused, never stored as verified.
 */
export const FORTY_MAX_PLUS_MINUS = 0.03;
/**
 * Seconds of a first movement a phone may leave undrawn (decisions 330, 368): a movement begins small, and a
 * frame drawn up to this long after it may still show the stance. Sized on the calibration 40s (8651-8690):
 * the stance was still drawn up to 10.2 ms after the true first movement (8687, 59.94 fps); an eye reading the
 * clip at full size first saw it up to 12.3 ms late (8686, 240 fps). The start's end of every 40's bound
 * reaches back this much further, and the proposer's frames for the start reach back as far.
 */
export const FORTY_UNDRAWN_SECONDS = 0.0125;

export interface FortyLine {
  yardLine: number;
  frameIndex: number;
}

export interface FortyMarks {
  startFrame: number;
  finishFrame: number;
  lines: FortyLine[];
}

export interface FortySplit {
  yardLine: number;
  frameIndex: number;
  seconds: number;
  plusMinusSeconds: number;
}

export interface FortyResult {
  /**
   * The stored time, to 0.01 s: finish minus start, or the hundredth nearest it whose ± covers what the frames
   * allow (`secondsMin` to `secondsMax`) most narrowly (decision 368).
   */
  seconds: number;
  /** The unrounded time read from the file. */
  rawSeconds: number;
  /**
   * The true time lies between these: a frame's duration before the finish, and before the start a frame's
   * duration and `FORTY_UNDRAWN_SECONDS` (decision 368; results stored before it reach back a frame only).
   */
  secondsMin: number;
  secondsMax: number;
  /** Outward around the stored time, to 0.01 s: the stated ±. */
  plusMinusSeconds: number;
  startTime: number;
  finishTime: number;
  /** Duration of the frame before the start and before the finish: the quantisation at each end. */
  startFrameSeconds: number;
  finishFrameSeconds: number;
  /** 10-, 20- and 30-yard splits from the start, for the lines that were marked. */
  splits: FortySplit[];
  /** The rate shown: the filmed rate of a slow-motion or time-lapse clip, else the nominal rate, to 0.01 (59.94). */
  fps: number;
  /** The same rate as the file states it, exactly: '60000/1001', '120/1'. */
  fpsFraction: string;
  /**
   * Frames before the start and before the finish that could not be told from a repeated picture (a still
   * scene) and that the bound reaches back over (decision 241); 0 and 0 on most clips.
   */
  framesInDoubt: { start: number; finish: number };
  /** New pictures per second between start and finish: what the 50 fps floor applies to. */
  realFps: number;
  /** 'verified 40, video 240 fps': how the result names its method everywhere it is shown. */
  method: string;
  /** Why the clip cannot give a verified 40 ('Video quality too low'); empty when it can. */
  qualityProblems: string[];
}

/** Rounds to 0.01 ignoring float noise (4.625 -> 4.63). */
export const roundHundredth = (x: number) => Math.round(x * 100 + 1e-7) / 100;
const ceilHundredth = (x: number) => Math.ceil(x * 100 - 1e-7) / 100;

/**
 * The time stored (decision 368): of the hundredths whose ± covers the whole range the frames allow most
 * narrowly, the one nearest the frames' own time (finish minus start). The range reaches further back at the
 * start than a frame, so the frames' own time rounded may need a wider ± than a hundredth nearer its middle.
 */
function storedTime(own: number, low: number, high: number) {
  let best = roundHundredth(own);
  let bestPm = outward(best, low, high);
  for (let k = Math.floor(low * 100); k <= Math.ceil(high * 100); k += 1) {
    const c = k / 100;
    const pm = outward(c, low, high);
    if (pm < bestPm - 1e-9 || (pm < bestPm + 1e-9 && Math.abs(c - own) < Math.abs(best - own) - 1e-9)) {
      best = c;
      bestPm = pm;
    }
  }
  return roundHundredth(best);
}

/** The stated ± around a rounded time: covers the whole range the frames allow, rounded up to 0.01. */
function outward(rounded: number, low: number, high: number) {
  return ceilHundredth(Math.max(rounded - low, high - rounded, 0.005));
}

/**
 * A frame the video has. A frame that repeats the picture before it is not refused (decision 241): what it
 * shows was first shown earlier, and its bound reaches back before that picture.
 */
function checkFrame(n: number, k: number, what: string) {
  if (!Number.isInteger(k) || k < 0 || k >= n)
    throw new MeasurementError(`Frame ${k} is not in the video (frames 0 to ${n - 1})`, what);
}

function checkLines(lines: FortyLine[], n: number) {
  const seen = new Set<number>();
  for (const l of lines) {
    if (
      !Number.isInteger(l.yardLine) ||
      l.yardLine % FORTY_LINE_STEP !== 0 ||
      l.yardLine < 0 ||
      l.yardLine > 40
    )
      throw new MeasurementError(
        `Yard line ${l.yardLine} is not one of the lines 0, 10, 20, 30, 40`,
        'lines',
      );
    if (seen.has(l.yardLine))
      throw new MeasurementError(`The ${l.yardLine}-yard line is marked twice`, 'lines');
    seen.add(l.yardLine);
    checkFrame(n, l.frameIndex, 'lines');
  }
  if (!seen.has(0) || !seen.has(FORTY_YARDS))
    throw new MeasurementError(
      'Mark the start line (0) and the finish line (40): a 40 whose lines cannot be seen cannot be verified',
      'lines',
    );
}

export const fortyMethod = (fps: number) => `verified 40, video ${fpsText(fps)} fps`;

/** Duration back to the last new picture before frame k, and the quiet frames that reach covers. */
function before(times: number[], k: number, doubt: FrameDoubt) {
  if (k === 0) return { seconds: times.length > 1 ? times[1] - times[0] : 0, doubt: 0 };
  const last = lastNewBefore(k, doubt);
  return { seconds: times[k] - times[last.frame], doubt: last.doubt };
}

export function computeForty(timeline: Timeline, marks: FortyMarks): FortyResult {
  const { times } = timeline;
  const n = times.length;
  const doubt = frameDoubtOf(timeline);
  const { repeats } = doubt;
  checkFrame(n, marks.startFrame, 'startFrame');
  checkFrame(n, marks.finishFrame, 'finishFrame');
  checkLines(marks.lines, n);
  const { startFrame: s, finishFrame: f } = marks;
  const raw = times[f] - times[s];
  if (!(f > s) || !(raw > 0))
    throw new MeasurementError('The finish must come after the start in the video', 'finishFrame');
  const startBefore = before(times, s, doubt);
  const finishBefore = before(times, f, doubt);
  const dStart = startBefore.seconds;
  const dFinish = finishBefore.seconds;
  // The first movement may precede the first frame that shows it by what a phone leaves undrawn (decision 368).
  const startReach = dStart + FORTY_UNDRAWN_SECONDS;
  const seconds = storedTime(raw, raw - dFinish, raw + startReach);
  // Judged on the fastest time the bound allows (issue 49): a wide bound cannot carry a time under the floor.
  if (raw - dFinish < FORTY_FASTEST_SECONDS)
    throw new MeasurementError(
      `Start (frame ${s + 1}) to finish (frame ${f + 1}) is ${raw.toFixed(2)} s${
        (raw - dFinish).toFixed(2) === raw.toFixed(2)
          ? ''
          : `, as fast as ${(raw - dFinish).toFixed(2)} s within its bound`
      }, faster than anyone has run 40 yards (${FORTY_FASTEST_SECONDS.toFixed(1)} s): check the two marks`,
      'finishFrame',
    );
  const splits = marks.lines
    .filter((l) => l.yardLine > 0 && l.yardLine < FORTY_YARDS)
    .sort((a, b) => a.yardLine - b.yardLine)
    .map((l) => {
      const t = times[l.frameIndex] - times[s];
      if (!(l.frameIndex > s && l.frameIndex < f))
        throw new MeasurementError(
          `The ${l.yardLine}-yard line must be crossed between the start and the finish`,
          'lines',
        );
      const d = before(times, l.frameIndex, doubt).seconds;
      const rounded = storedTime(t, t - d, t + startReach);
      return {
        yardLine: l.yardLine,
        frameIndex: l.frameIndex,
        seconds: rounded,
        plusMinusSeconds: outward(rounded, t - d, t + startReach),
      };
    });
  for (let i = 1; i < splits.length; i += 1) {
    if (splits[i].frameIndex <= splits[i - 1].frameIndex)
      throw new MeasurementError('The yard lines must be crossed in order along the run', 'lines');
  }
  const realFps = realRate(times, s, f, repeats);
  const fps = fpsOf(timeline);
  const plusMinusSeconds = outward(seconds, raw - dFinish, raw + startReach);
  const qualityProblems: string[] = [];
  if (realFps < FORTY_MIN_FPS)
    qualityProblems.push(
      `The video has about ${Math.round(realFps)} frames per second between the start and the finish, below the ${FORTY_MIN_FPS} needed for a verified 40.`,
    );
  else if (plusMinusSeconds > FORTY_MAX_PLUS_MINUS + 1e-9)
    qualityProblems.push(
      `The time is only known to ± ${plusMinusSeconds.toFixed(2)} s, wider than the ± ${FORTY_MAX_PLUS_MINUS.toFixed(2)} s a verified 40 allows${
        startBefore.doubt + finishBefore.doubt > 0
          ? ' (frames before the marks could not be told from repeated pictures)'
          : ''
      }: film at 60 fps or more with the phone still.`,
    );
  return {
    seconds,
    rawSeconds: raw,
    secondsMin: raw - dFinish,
    secondsMax: raw + startReach,
    plusMinusSeconds,
    startTime: times[s],
    finishTime: times[f],
    startFrameSeconds: dStart,
    finishFrameSeconds: dFinish,
    splits,
    fps,
    fpsFraction: fractionOf(timeline),
    framesInDoubt: { start: startBefore.doubt, finish: finishBefore.doubt },
    realFps,
    method: fortyMethod(fps),
    qualityProblems,
  };
}

/** '4.62 s ± 0.01 (verified 40, video 240 fps)': how every screen writes a verified 40. */
export function formatForty(seconds: number, plusMinus: number | null | undefined, method?: string | null) {
  const pm = plusMinus === null || plusMinus === undefined ? '' : ` ± ${plusMinus.toFixed(2)}`;
  return `${seconds.toFixed(2)} s${pm}${method ? ` (${method})` : ''}`;
}

const reachBack = (what: string, frames: number) =>
  frames === 0
    ? `${what} frame and the frame before it`
    : `${what} frame and the frame ${frames + 1} frames before it (the ${frames === 1 ? 'frame' : `${frames} frames`} between showed a still picture that could have been one the phone repeated, so the bound includes ${frames === 1 ? 'it' : 'them'})`;

/**
 * How much further back than a frame the start's end of a result's range reaches: `FORTY_UNDRAWN_SECONDS` for
 * a result computed since decision 368, 0 for one stored before it.
 */
export function undrawnReachOf(r: Pick<FortyResult, 'secondsMax' | 'rawSeconds' | 'startFrameSeconds'>) {
  const reach = r.secondsMax - r.rawSeconds - r.startFrameSeconds;
  return reach > 1e-6 ? reach : 0;
}

/**
 * What the ± of a verified 40 covers, in plain words (the receipt says it); `undrawn`: seconds the start's end
 * reaches back beyond a frame (`undrawnReachOf`).
 */
export function fortyBoundWords(
  doubt: { start: number; finish: number } = { start: 0, finish: 0 },
  undrawn = 0,
) {
  const start =
    undrawn > 0
      ? `the first movement happened between the ${reachBack('start', doubt.start)}, or up to ${undrawn.toFixed(4)} s before that (a phone may leave the first moments of a movement undrawn)`
      : `the first movement happened between the ${reachBack('start', doubt.start)}`;
  const middle =
    undrawn > 0
      ? ' The time given is the hundredth nearest finish minus start whose ± covers that whole range most narrowly.'
      : '';
  return (
    `The ± covers the timing of whole frames: ${start}, and the torso crossed the finish line between the ${reachBack('finish', doubt.finish)}.${middle} ` +
    'This is electronic-style video time, started on first movement as electronic combine timing is; it is not a hand time, and no hand-time equivalent is given.'
  );
}

/**
 * How a receipt says where its frames came from (decision 212): the tracker's proposal and what the analyst
 * changed of it, or marked by hand.
 */
export function proposalInWords(
  p: { algorithm: string; version: string; changes: string[] } | null | undefined,
): string {
  if (!p) return 'Every frame was found and marked by the analyst.';
  const head = `The tracker (${p.algorithm} ${p.version}) proposed the frames and the analyst checked each one`;
  return p.changes.length
    ? `${head}: ${p.changes.join('; ')}; the other proposed frames were kept.`
    : `${head} and kept them all.`;
}

/** What a proposal found for one end of a 40: a frame it told (within one of the truth), or frames it named. */
interface ProposalEnd {
  frame: number | null;
  between?: { fromFrame: number; toFrame: number } | null;
}

/**
 * A start or finish marked where the analyst's proposal says the movement or the crossing cannot be (issue 49,
 * decision 332): the frames the analyst could have meant, in words, or null where the mark agrees. A frame the
 * proposal told holds the truth within one frame, and frames it named hold it (on every benchmark scene since
 * proposer 2.15.1), so a mark outside them times the 40 from a frame the runner had not reached, or had passed:
 * a start marked after them is late (the first movement was on an earlier frame, the 40 reads fast).
 */
export function markAgainstProposal(what: 'start' | 'finish', marked: number, p: ProposalEnd): string | null {
  const range =
    p.frame !== null
      ? { from: Math.max(0, p.frame - 1), to: p.frame + 1, told: true }
      : p.between
        ? { from: p.between.fromFrame, to: p.between.toFrame, told: false }
        : null;
  if (!range || (marked >= range.from && marked <= range.to)) return null;
  const thing = what === 'start' ? "the runner's first movement" : 'the torso crossing the finish line';
  const at = range.told ? `on frame ${p.frame! + 1}` : `between frames ${range.from + 1} and ${range.to + 1}`;
  const side = marked > range.to ? 'after' : 'before';
  const mark =
    what === 'start'
      ? 'mark the first frame that shows him moving'
      : 'mark the first frame that shows his torso past the line';
  return `The ${what} is marked on frame ${marked + 1}, ${side} where the proposal found ${thing} ${at}: ${mark}, from frame ${range.from + 1} to ${range.to + 1}.`;
}
