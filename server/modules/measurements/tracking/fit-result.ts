import { trackedMethodLabel, type RefitTrackInput, type TrackResult } from '../../../../contract/tracking';
import {
  distanceSigma,
  FIT,
  fitSpline,
  fittedAt,
  splineAt,
  splineSpeed,
  timeAt,
  type Spline,
} from './fit-track';
import { footOffset } from './follow-player';
import { TRACKER, zoneEnd, type RawTrack } from './track-clip';
import {
  fieldMap,
  horizonRow,
  horizonSlope,
  plausibleMapAt,
  shownLine,
  undistortPoint,
  type Labelled,
} from './yard-lines';

const MPH = 3600 / 1760;
const WINDOW_YARDS = 10;
/** Two standard deviations: the bound holds the truth about 95 times in 100. */
const K = 2;
/**
 * What the fit does not see (issue 48), sized on the calibration scenes of the accuracy benchmark:
 * - `groundYards`: how far the ground point kept under the followed upper body strays from the feet as the
 *   pose changes (one standard deviation, yards, at each end of the window);
 * - `perspective`: a camera above the field sees upright bodies lean toward the bottom of the picture, more
 *   the further from its middle; the ground point kept under the upper body then shifts by up to this
 *   share of the upper body's height above the feet for each picture-width the player crosses. Added in
 *   full (it is a bias, not noise) for the distance the player crossed the picture during the window; from
 *   tracker 2.17.0 its direction is known where the camera looks down (`leanShift`, decision 331), and half
 *   of it is taken off the distance, the bound holding the other half;
 * - `footDrift`: how far the ground point strays up or down the body (the foot offset scaled by the player's
 *   size as the tracker reads it, decision 298), as a share of the foot offset (one deviation, at each end;
 *   decision 276, sized again for tracker 2.2.0 by decision 286, checked for 2.7.0 by decision 298).
 */
export const BOUND = {
  groundYards: 0.03,
  perspective: 1,
  upperBody: 0.67,
  footDrift: 0.06,
};

/**
 * The ground point's drift up or down the player's body at one end of the window, in yards along the field
 * (issue 48, decision 276): the foot offset (the ground point's distance below the followed upper body, which
 * grows and shrinks with the player's size as the tracker follows it) times `BOUND.footDrift`, the share of it
 * the ground point may be off (one deviation, sized on the calibration scenes), times how many yards along the
 * field one pixel up the picture is there (the yard lines' slant: none where they stand upright).
 */
function footDriftYards(raw: RawTrack, i: number, x: number, y: number) {
  const here = yardsAt(raw, i, x, y);
  const above = yardsAt(raw, i, x, y - 1);
  if (!here || !above) return 0;
  const height = raw.frames[i]?.height ?? TRACKER.playerYards * here.pxPerYard;
  return BOUND.footDrift * footOffset(height) * Math.abs(above.yards - here.yards);
}

/** A kept yard line (x at the top and the bottom of the picture) as `x = a + s (y - H/2)`. */
const lineOf = (l: { x0: number; x1: number }, H: number) => {
  const s = (l.x1 - l.x0) / H;
  return { a: l.x0 + (s * H) / 2, s };
};

/**
 * Whether frame `i`'s yard lines meet above the middle of the picture, or run parallel (a camera looking down
 * steeply): then the camera looks down at the field, and upright bodies meet below the picture (decision 331).
 * False with fewer than two lines, or where they meet at or below the middle (a camera level or looking up).
 */
function looksDown(raw: RawTrack, i: number) {
  const ls = raw.lines[i]?.lines ?? [];
  if (ls.length < 2) return false;
  const H = raw.height;
  const row = horizonRow(
    ls.map((l) => lineOf(l, H)),
    H,
  );
  return row === null || row < H / 2;
}

/**
 * The lean's share of the window's distance, in yards along the run, taken off it (tracker 2.17.0, decision
 * 331). A camera above the field sees upright bodies meet at a point below the picture, so a ground point kept
 * straight under the followed upper body lies further from the middle column than the feet, by more the
 * further out he is. Between two frames of the window that pushes the ends apart along the picture by the
 * change in his column: the distance reads long where his column moved the way he runs across the picture,
 * short where it moved against it (a pan that overtook him), by between none and `perspectiveYards`. Half of
 * that is taken off, and the bound holds the other half in full. Zero where the camera may not look down
 * (`looksDown`): the lean's direction is then not known, and the bound holds all of it.
 */
function leanShift(
  raw: RawTrack,
  a: { frameIndex: number; x: number; y: number },
  b: { frameIndex: number; x: number; y: number },
  perspectiveYards: number,
) {
  if (!(perspectiveYards > 0) || !looksDown(raw, a.frameIndex) || !looksDown(raw, b.frameIndex)) return 0;
  // The yards counted along the run (`yardLine`: they grow the way he runs) against the picture's x, at each
  // end: where they grow with x, a point pushed outward from the middle moves on with his column.
  const way = (f: typeof a) => {
    const here = yardsAt(raw, f.frameIndex, f.x, f.y);
    const right = yardsAt(raw, f.frameIndex, f.x + 1, f.y);
    return here && right ? Math.sign(right.yards - here.yards) : 0;
  };
  const wa = way(a);
  if (wa === 0 || way(b) !== wa) return 0;
  return (Math.sign((b.x - a.x) * wa) * perspectiveYards) / 2;
}

/**
 * The widest ± a tracked Max Speed may be stored with (issue 48): 0.3 mph at 50 frames a second or more,
 * 0.4 below. A wider one is refused with the reason, never narrowed (decision 267).
 */
const MAX_SPEED_CEILING = { fast: 0.3, slow: 0.4, fastFps: 50 };

/** The ceiling for a clip whose frames fall at `times` (seconds): by its median frame interval. */
export function maxSpeedCeiling(times: number[]) {
  const steps = times
    .slice(1)
    .map((t, k) => t - times[k])
    .filter((d) => d > 0)
    .sort((a, b) => a - b);
  const step = steps.length ? steps[Math.floor(steps.length / 2)] : Infinity;
  return 1 / step >= MAX_SPEED_CEILING.fastFps ? MAX_SPEED_CEILING.fast : MAX_SPEED_CEILING.slow;
}

export interface Timing {
  frameTimes: number[];
  fps: { num: number; den: number };
  vfr: boolean;
}

/** Yards along the field of the point (x, y) as frame `i` shows it, by that frame's yard lines (null off the map). */
export function yardsAt(
  raw: RawTrack,
  i: number,
  xShown: number,
  yShown: number,
  slope: number | null = clipHorizon(raw),
) {
  const ls = raw.lines[i]?.lines ?? [];
  const H = raw.height;
  // The lines are of the picture without the lens's bending (tracker 2.5.0): so is the point read on them.
  const { x, y } = undistortPoint(raw.lens?.k1 ?? 0, raw.width, H, xShown, yShown);
  const map = fieldMap(labelledOf(ls, H), y, H, { horizonSlope: slope });
  if (!plausibleMapAt(map, x, H)) return null;
  return {
    yards: map.yards(x),
    calYards: map.rmsPx / Math.max(1e-6, map.pxPerYard(x)),
    lines: map.lines,
    pxPerYard: map.pxPerYard(x),
  };
}

const labelledOf = (ls: RawTrack['lines'][0]['lines'], H: number): Labelled[] =>
  ls.map((l) => ({ ...lineOf(l, H), votes: 0, label: l.yardLine / 5 }));

/**
 * The horizon's slope over a track's clip (decision 363), read on the rows the player was followed on; kept
 * per track, as a track's lines do not change once found.
 */
const horizons = new WeakMap<RawTrack, number | null>();
function clipHorizon(raw: RawTrack) {
  let slope = horizons.get(raw);
  if (slope === undefined) {
    const H = raw.height;
    const k1 = raw.lens?.k1 ?? 0;
    const frames = raw.lines.map((f) => ({ lines: labelledOf(f?.lines ?? [], H) }));
    slope = horizonSlope(frames, H, (i) => {
      const f = raw.frames[i];
      return f?.state === 'tracked' ? undistortPoint(k1, raw.width, H, f.x, f.y).y : null;
    });
    horizons.set(raw, slope);
  }
  return slope;
}

/**
 * The steepest horizon a phone held by hand is taken to show where the clip cannot measure it (decision 363):
 * 3 degrees off level (the benchmark draws up to 2.5).
 */
const HORIZON_SLOPE_MAX = Math.tan((3 * Math.PI) / 180);

/**
 * Where the map at either end of the window rests on two yard lines and the clip never shows the horizon's
 * slope (`clipHorizon`), how far the window's distance may be off (yards): the most a horizon up to
 * `HORIZON_SLOPE_MAX` either way moves the distance between the ends from the level camera's straight scale.
 * 0 where both ends rest on three lines or more, or the slope was measured.
 */
function horizonYards(raw: RawTrack, a: { frameIndex: number; x: number; y: number }, b: typeof a) {
  if (clipHorizon(raw) !== null) return 0;
  const level = [a, b].map((f) => yardsAt(raw, f.frameIndex, f.x, f.y));
  if (!level[0] || !level[1] || (level[0].lines > 2 && level[1].lines > 2)) return 0;
  const distance = level[1].yards - level[0].yards;
  let most = 0;
  for (const slope of [HORIZON_SLOPE_MAX, -HORIZON_SLOPE_MAX]) {
    const ya = yardsAt(raw, a.frameIndex, a.x, a.y, slope);
    const yb = yardsAt(raw, b.frameIndex, b.x, b.y, slope);
    // A horizon that puts either end off the field's map: the distance is not known at all (a ± as wide as
    // the window, which no ceiling lets through).
    if (!ya || !yb) return WINDOW_YARDS;
    most = Math.max(most, Math.abs(yb.yards - ya.yards - distance));
  }
  return most;
}

/** The yard lines where they cross the top and the bottom of the picture as shown (the lens's bending put back). */
function shownLines(raw: RawTrack): RawTrack['lines'] {
  const k1 = raw.lens?.k1 ?? 0;
  if (k1 === 0) return raw.lines;
  return raw.lines.map((f) => ({
    frameIndex: f.frameIndex,
    lines: f.lines.map((l) => ({
      yardLine: l.yardLine,
      ...shownLine(k1, raw.width, raw.height, l.x0, l.x1),
    })),
  }));
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};
const up = (x: number) => Math.ceil(x * 100 - 1e-9) / 100;
const two = (x: number) => Math.round(x * 100) / 100;

/** Fastest 10-yard window of the curve: a 1 ms grid, the end found by bisection. */
/** The step (seconds) the fastest 10 yards' start is searched in. */
const WINDOW_STEP_SECONDS = 0.001;

function fastestWindow(s: Spline, lo: number, hi: number) {
  let best: { t0: number; t1: number } | null = null;
  for (let t0 = lo; t0 < hi; t0 += WINDOW_STEP_SECONDS) {
    const t1 = timeAt(s, splineAt(s, t0) + WINDOW_YARDS, t0, hi);
    if (t1 === null) break;
    if (!best || t1 - t0 < best.t1 - best.t0) best = { t0, t1 };
  }
  return best;
}

/**
 * A window is measured only where the player was seen (issue 48): never across a gap of frames longer
 * than `MAX_GAP_SECONDS` where he was lost or in doubt. The stretches of fitted frames without such a gap.
 */
export const MAX_GAP_SECONDS = 0.1;
/**
 * Whether `seconds` between two frames seen for sure is a gap. `MAX_GAP_SECONDS` holds three frame intervals
 * at 30 fps, six at 60 and twelve at 120; a phone's 29.97, 59.94 or 119.88 fps (1000/1001 of those rates)
 * takes the same frames a tenth of a millisecond longer, and the rule treats them as the same rate
 * (decision 351).
 */
const isGap = (seconds: number) => seconds > MAX_GAP_SECONDS * (1001 / 1000) + 1e-9;
/**
 * The least deviation the passes that leave out stray points assume (yards): a point within four of them,
 * half a yard, of the curve is never called a stray. Strays are a number given to the wrong line (5 yards)
 * or a match on another player (a yard or more); the ground point's own drift and a field map that changes
 * as lines enter the picture (a few tenths) stay in the fit and in its bound, and are not made into gaps.
 */
const FIT_FLOOR_YARDS = 0.125;
function seenStretches(times: number[]) {
  const out: { lo: number; hi: number }[] = [];
  let lo = times[0];
  for (let k = 1; k <= times.length; k += 1)
    if (k === times.length || isGap(times[k] - times[k - 1])) {
      out.push({ lo, hi: times[k - 1] });
      lo = times[k];
    }
  return out;
}

/** A frame the fit uses: followed for sure (or corrected by the analyst) and placed on the field. */
const seenForSure = (f: TrackResult['frames'][0]) =>
  (f.state === 'tracked' || f.state === 'corrected') && f.yards !== null;

/** A frame the tracker could not stand behind as the player's: lost (the match low) or unsure who he was. */
const inDoubt = (f: Pick<TrackResult['frames'][0], 'state'>) => f.state === 'unsure' || f.state === 'low';

/**
 * The terms a tracked Max Speed's bound adds besides the fit's own spread, in yards a second over a window
 * `T` seconds long run at `v` yards a second (one formula for `fitTrack`, which bounds the speed with them,
 * and `widenedBy`, which names the widest):
 * - the map's error at both ends of the window (`calYards` each), as a share of it, at that speed;
 * - the ground point's stray at both ends (`groundYards` a deviation at each);
 * - the lean across the picture: a bias, added in full outside the deviations.
 */
const linesTerm = (v: number, calYards: number) => v * ((Math.SQRT2 * calYards) / WINDOW_YARDS);
const groundTerm = (groundYards: number, T: number) => (Math.SQRT2 * groundYards) / T;
const leanTerm = (perspectiveYards: number, T: number) => perspectiveYards / T;

/** The click (its index in `clicks`, in order) whose look places frame `i`: the nearest one (decision 302). */
function zoneOf(clicks: number[], i: number) {
  let k = 0;
  while (k + 1 < clicks.length && i > zoneEnd(clicks[k], clicks[k + 1])) k += 1;
  return k;
}

/**
 * Which click's look places each frame (tracker 2.10.0, decision 306): each click the frames nearer to it than
 * to another click (decision 302), and where the fastest 10 yards `win` hold frames of more than one click's,
 * the click nearest their middle places every frame of its neighbours' that its look followed for sure (its
 * `reach`). Two clicks a person makes fall a little apart on the body (decision 305), and the frames two looks
 * place step by that where they meet: inside the window the step is in the distance, and no term of the bound
 * holds it. One look's own drift over the window is what the bound's ground terms were sized on. Null where
 * the window rests on one click's frames, or the track has no reach (one click, or before tracker 2.10.0).
 */
export function oneLook(raw: RawTrack, frames: TrackResult['frames'], win: { t0: number; t1: number }) {
  const clicks = raw.clicks;
  if (!clicks || clicks.length < 2 || !raw.reach?.length) return null;
  const inWindow = frames.filter(
    (f) => f.time >= win.t0 - 1e-9 && f.time <= win.t1 + 1e-9 && f.state !== 'skipped',
  );
  const zones = [...new Set(inWindow.map((f) => zoneOf(clicks, f.frameIndex)))];
  if (zones.length < 2) return null;
  const middle = (win.t0 + win.t1) / 2;
  const timeOf = (i: number) => frames[i]?.time ?? Infinity;
  const k = zones.reduce((a, b) =>
    Math.abs(timeOf(clicks[b]) - middle) < Math.abs(timeOf(clicks[a]) - middle) ? b : a,
  );
  // A look that followed none of its neighbours' frames for sure (another player there, scene 10184) still
  // places the window: the other clicks' frames are moved onto it by the steps read between the looks
  // (tracker 2.16.0, decision 314).
  return lookOf(raw, clicks[k]);
}

/** The look of the click on frame `click`: the frames it followed for sure over its neighbours' (`reach`). */
function lookOf(raw: RawTrack, click: number) {
  const look = raw.reach?.find((r) => r.click === click);
  return { click, frames: new Map((look?.frames ?? []).map((f) => [f.frameIndex, f])) };
}

/**
 * Frames a step between two clicks' looks must be read on (`looksApart`), by both looks together, for the step
 * to be taken as read: chosen, not sized (a median of fewer is one or two frames' match).
 */
const LINED_UP_FRAMES = 3;

/**
 * How far the look of each click places the player from the look of the next click (pixels, the median over
 * the frames between them that both followed for sure), and on how many frames that was read. Tracker 2.10.0,
 * decision 306. Read on fewer than `LINED_UP_FRAMES` frames the step is unknown and is taken as none (tracker
 * 2.13.0, decision 311): one frame's match is no step, and a track moved by it steps where the looks meet
 * (scene 9583: a step read on one frame, where one look had slid a yard off, moved two clicks' frames by it and
 * gave 14.12 ± 0.35 mph for a true 15.44). `unlinedClicks` refuses where such a step could move the window.
 */
function looksApart(raw: RawTrack) {
  const clicks = raw.clicks ?? [];
  const reach = new Map((raw.reach ?? []).map((r) => [r.click, r.frames]));
  return clicks.slice(0, -1).map((_, k) => {
    const mid = zoneEnd(clicks[k], clicks[k + 1]);
    const dx: number[] = [];
    const dy: number[] = [];
    let ahead = 0;
    for (const own of reach.get(clicks[k]) ?? []) {
      const other = raw.frames[own.frameIndex];
      if (own.frameIndex <= mid || other?.state !== 'tracked') continue;
      dx.push(own.x - other.x);
      dy.push(own.y - other.y);
      ahead += 1;
    }
    for (const own of reach.get(clicks[k + 1]) ?? []) {
      const other = raw.frames[own.frameIndex];
      if (own.frameIndex > mid || other?.state !== 'tracked') continue;
      dx.push(other.x - own.x);
      dy.push(other.y - own.y);
    }
    // Read from both sides (tracker 2.16.0, decision 314): each look followed the player for sure on a frame
    // of the other's at least. One look alone, on a few frames where another player came close, reads the
    // step wrong and nothing checks it (scene 10184: 12 px of height read by one look on 5 frames of a
    // crossing, for a step of none, moved the frames before it and gave 15.10 ± 0.21 mph for a true 15.36).
    const n = ahead > 0 && dx.length > ahead ? dx.length : 0;
    return n >= LINED_UP_FRAMES ? { x: median(dx), y: median(dy), n } : { x: 0, y: 0, n };
  });
}

/**
 * The track's frames as the fit places them (tracker 2.10.0, decision 306): the frames the look of the click
 * at the fastest 10 yards reaches, where the tracker followed them for sure, placed by that look
 * (`oneLook`); every other click's frames moved by how far its look places the player from that one's, read
 * where the two looks of neighbouring clicks both followed him between them (the median over those frames; a
 * step read on fewer than `LINED_UP_FRAMES` of them moves nothing, decision 311), so that the track does not
 * step where the looks meet either (a step beside the window would draw the fastest 10 yards onto it).
 */
function placedByOneLook(raw: RawTrack, look: NonNullable<ReturnType<typeof oneLook>>): RawTrack {
  const clicks = raw.clicks!;
  const apart = looksApart(raw);
  const at = clicks.indexOf(look.click);
  // Each click's frames moved onto the look at the window: by the steps between it and that click.
  const moves = clicks.map((_, j) => {
    let x = 0;
    let y = 0;
    for (let k = at; k < j; k += 1) {
      x += apart[k].x;
      y += apart[k].y;
    }
    for (let k = j; k < at; k += 1) {
      x -= apart[k].x;
      y -= apart[k].y;
    }
    return { x, y };
  });
  return {
    ...raw,
    frames: raw.frames.map((f) => {
      const g = f.state === 'tracked' ? look.frames.get(f.frameIndex) : undefined;
      if (g) return { ...f, x: g.x, y: g.y, height: g.height ?? f.height };
      const m = moves[zoneOf(clicks, f.frameIndex)];
      return f.state === 'skipped' || (m.x === 0 && m.y === 0) ? f : { ...f, x: f.x + m.x, y: f.y + m.y };
    }),
  };
}

/**
 * Whether the fastest 10 yards could rest on clicks whose looks were not lined up (tracker 2.10.0, decision
 * 306): two neighbouring clicks, neither of whose looks followed the player for sure on `LINED_UP_FRAMES`
 * frames of the other's (clicks made close together where another player came near), such that the window
 * holds frames of both sides of them that the look placing it does not reach, or their frames meet where
 * the player ran at 90% of his top speed or more (`CLICK_AT_SPEED`): a step there slows or speeds the curve
 * where the fastest 10 yards may lie, and draws the window off them. Where on the body each of those clicks
 * was made is then unknown, and no term of the bound holds the step. False before tracker 2.10.0.
 */
function unlinedClicks(raw: RawTrack, result: TrackResult) {
  const top = result.maxSpeed;
  const clicks = raw.clicks;
  if (!top || !clicks || clicks.length < 2 || !raw.reach || result.profile.length === 0) return false;
  const apart = looksApart(raw);
  const timeOf = (i: number) => result.frames[i]?.time;
  const profile = result.profile;
  for (let k = 0; k + 1 < clicks.length; k += 1) {
    if (apart[k].n >= LINED_UP_FRAMES) continue;
    const t = timeOf(zoneEnd(clicks[k], clicks[k + 1]) + 1);
    if (t === undefined || t < profile[0].time - 1e-9 || t > profile[profile.length - 1].time + 1e-9)
      continue;
    if (speedNear(profile, t) >= CLICK_AT_SPEED * top.mph) return true;
    // A step moves the fitted curve within two knots of it (a cubic piece spans four): one that near the
    // fastest 10 yards moves them, at any speed (tracker 2.16.0, decision 314; calibration scene 8610, clicked
    // twice two frames apart 0.12 s before the window, 0.64 yards apart on the body: 16.91 ± 0.29 mph for a
    // true 17.42).
    if (t >= top.fromTime - 2 * FIT.knotSeconds && t <= top.toTime + 2 * FIT.knotSeconds) return true;
  }
  const look = oneLook(raw, result.frames, { t0: top.fromTime, t1: top.toTime });
  if (!look) return false;
  const at = clicks.indexOf(look.click);
  for (const f of result.frames) {
    if (f.time < top.fromTime - 1e-9 || f.time > top.toTime + 1e-9 || f.state !== 'tracked') continue;
    if (look.frames.has(f.frameIndex)) continue;
    const zone = zoneOf(clicks, f.frameIndex);
    for (let k = Math.min(zone, at); k < Math.max(zone, at); k += 1)
      if (apart[k].n < LINED_UP_FRAMES) return true;
  }
  return false;
}

/** How the refusal of a track followed where no yard lines were read begins (`fitPlaced`). */
const YARD_LINES_UNREAD = 'The yard lines could not be read';

/**
 * The look that places the fastest 10 yards `win` (`oneLook`), and where they rest on one click's frames, that
 * click's look (tracker 2.24.0, decision 361): the other clicks' frames are moved onto it all the same
 * (`placedByOneLook`). A step where two looks meet just beside the window slows the fitted curve there and
 * draws the window off the player's fastest yards: accuracy scene 14417 (clicks on a foot, 25 fps), two looks
 * 0.43 yards apart met 0.1 s after the window, whose end the step had drawn 0.7 s before the true one: 20.06 ±
 * 0.33 mph for a true 20.98. Null with fewer than two clicks or no reach.
 */
function windowLook(raw: RawTrack, frames: TrackResult['frames'], win: { t0: number; t1: number }) {
  const clicks = raw.clicks;
  if (!clicks || clicks.length < 2 || !raw.reach?.length) return null;
  const spanning = oneLook(raw, frames, win);
  if (spanning) return spanning;
  const middle = (win.t0 + win.t1) / 2;
  const seen = frames.filter((f) => f.state !== 'skipped');
  if (seen.length === 0) return null;
  const at = seen.reduce((a, b) => (Math.abs(b.time - middle) < Math.abs(a.time - middle) ? b : a));
  return lookOf(raw, clicks[zoneOf(clicks, at.frameIndex)]);
}

export function fitTrack(
  raw: RawTrack,
  timing: Timing,
  edits: RefitTrackInput = { corrections: [], dropped: [] },
): TrackResult {
  const first = fitPlaced(raw, timing, edits);
  const top = first.maxSpeed;
  const look = top && windowLook(raw, first.frames, { t0: top.fromTime, t1: top.toTime });
  const placed = look ? placedByOneLook(raw, look) : null;
  const again = placed ? fitPlaced(placed, timing, edits) : null;
  const placing = again?.maxSpeed ? look : null;
  const result = placing ? again! : first;
  if (!unlinedClicks(raw, result)) return result;
  // Where the fastest 10 yards could rest on clicks that were not lined up, the steps between clicks are fitted
  // with the run (tracker 2.22.0, decision 354): their uncertainty is then in the fit's spread, and the bound's
  // ceiling judges what it comes to, instead of a refusal whatever it comes to.
  const stepped = fitPlaced(placing ? placed! : raw, timing, edits, stepGroups(raw, placing));
  // No fastest 10 yards with the steps fitted: the refusal for the clicks not lined up says why.
  if (!stepped.maxSpeed) return result;
  return { ...stepped, fit: { ...stepped.fit, clickSteps: raw.clicks!.length - 1 } };
}

/**
 * The part of the track each frame is fitted in (`fitSpline`'s groups) where the steps between clicks are
 * fitted with the run (decision 354): each click's frames are a part of their own, and the frames the look at
 * the fastest 10 yards placed (`placedByOneLook`, where it placed the window) are in its click's part. Every
 * step is fitted, the ones `looksApart` read too: where clicks crowd together the looks drift as much as the
 * step between them, and a step read from their difference is their drift (decision 342; pinned scene 11722,
 * where a step read on seven frames put the window's start 0.11 yards off).
 */
function stepGroups(raw: RawTrack, look: ReturnType<typeof oneLook>) {
  const clicks = raw.clicks ?? [];
  const at = look ? clicks.indexOf(look.click) : -1;
  return (frameIndex: number) =>
    look && look.frames.has(frameIndex) && raw.frames[frameIndex]?.state === 'tracked'
      ? at
      : zoneOf(clicks, frameIndex);
}

/**
 * The fit of a track whose frames are placed as given (`fitTrack`); `groupOf` puts each frame in a part of the
 * track fitted with its own offset (`stepGroups`).
 */
function fitPlaced(
  raw: RawTrack,
  timing: Timing,
  edits: RefitTrackInput,
  groupOf: (frameIndex: number) => number = () => 0,
): TrackResult {
  const fixes = new Map(edits.corrections.map((c) => [c.frameIndex, c]));
  const dropped = new Set(edits.dropped);
  const problems: string[] = [];
  const frames: TrackResult['frames'] = raw.frames.map((f) => {
    const time = timing.frameTimes[f.frameIndex] ?? 0;
    // A frame the tracker did not follow stays so: there is nothing on it to drop or correct (decision 301).
    const skipped = f.state === 'skipped';
    const fix = skipped ? undefined : fixes.get(f.frameIndex);
    const x = fix?.x ?? f.x;
    const y = fix?.y ?? f.y;
    const state = !skipped && dropped.has(f.frameIndex) ? 'dropped' : fix ? 'corrected' : f.state;
    const at = yardsAt(raw, f.frameIndex, x, y);
    return {
      frameIndex: f.frameIndex,
      time,
      x,
      y,
      yards: at ? at.yards : null,
      confidence: fix ? 1 : f.confidence,
      state,
    };
  });
  const usable = frames.filter(seenForSure);
  const cal = median(
    usable
      .map((f) => yardsAt(raw, f.frameIndex, f.x, f.y))
      .flatMap((a) => (a && a.lines >= 4 ? [a.calYards] : [])),
  );
  let points = usable.map((f) => ({
    t: f.time,
    y: f.yards!,
    frameIndex: f.frameIndex,
    corrected: f.state === 'corrected',
    group: groupOf(f.frameIndex),
  }));
  let spline = fitSpline(points);
  // Up to three passes without the tracked points more than four deviations off (a match on a passing
  // player's shirt, a frame whose lines were numbered wrong), the deviation read from the median residual so
  // that the points it is to find do not widen it (tracker 2.4.0). At most a tenth of the points are left
  // out: a track with more such points is not a few stray frames, and its bound shows it.
  for (let pass = 0; spline && pass < 3; pass += 1) {
    const s0 = spline;
    const off = points.map((p) => Math.abs(p.y - fittedAt(s0, p.t, p.group)));
    const deviation = Math.max(1.4826 * median(off), FIT_FLOOR_YARDS);
    // The analyst's corrections are his word: never left out.
    const kept = points.filter((p, k) => p.corrected || off[k] <= 4 * deviation);
    if (kept.length === points.length || kept.length < 8 || kept.length < 0.9 * usable.length) break;
    points = kept;
    spline = fitSpline(points);
  }
  // A frame left out as a stray is one the track is unsure of: listed with the others, shown on the
  // workbench, and not seen where the fastest 10 yards are looked for beyond what was seen (`windowCut`).
  const fitted = new Set(points.map((p) => p.frameIndex));
  for (const f of usable) if (!fitted.has(f.frameIndex)) f.state = 'unsure';
  const low = frames.filter((f) => f.state === 'low').length;
  if (low > 0) problems.push(`The tracker lost the player or was unsure on ${low} frames: check them`);
  const unsure = frames.filter(inDoubt).map((f) => f.frameIndex);
  const algorithm = {
    name: TRACKER.name,
    version: TRACKER.version,
    params: {
      analysisSide: TRACKER.analysisSide,
      playerYards: TRACKER.playerYards,
      minConfidence: TRACKER.minConfidence,
      knotSeconds: FIT.knotSeconds,
      penalty: FIT.penalty,
      windowYards: WINDOW_YARDS,
      k: K,
      groundYards: BOUND.groundYards,
      footDrift: BOUND.footDrift,
    },
  };
  const base = {
    frames,
    lines: shownLines(raw),
    width: raw.width,
    height: raw.height,
    method: trackedMethodLabel(timing.fps, timing.vfr, points.length),
    algorithm,
    unsure,
  };
  if (!spline) {
    // Followed, but not placed on the field: the yard lines were not read there (tracker 2.22.0; fresh scene
    // 13327, a phone upright 5.5 m up: 168 frames followed for sure, none with two lines read, was refused as
    // 'too few frames were tracked').
    const followed = frames.filter((f) => f.state === 'tracked' || f.state === 'corrected');
    const unplaced = followed.length - usable.length;
    if (unplaced > usable.length)
      problems.unshift(
        `${YARD_LINES_UNREAD} on ${unplaced} of the ${followed.length} frames the player was followed on, so where he was on the field is not known there`,
      );
    else problems.push('Too few frames were tracked to fit the run');
    return {
      ...base,
      crossings: [],
      profile: [],
      maxSpeed: null,
      splits: [],
      flyTen: null,
      toNinety: null,
      fit: {
        knots: [],
        coefficients: [],
        residualYards: 0,
        calibrationYards: cal,
        framesUsed: points.length,
        groundYards: BOUND.groundYards,
        perspectiveYards: 0,
        leanShiftYards: 0,
        horizonYards: 0,
        clickSteps: 0,
      },
      problems,
    };
  }
  const s = spline;
  const lo = points[0].t;
  const hi = points[points.length - 1].t;
  const inside = (t: number) => t >= lo - 1e-9 && t <= hi + 1e-9;
  const crossings: TrackResult['crossings'] = [];
  for (let yl = Math.ceil(splineAt(s, lo) / 5) * 5; yl <= splineAt(s, hi); yl += 5) {
    const tc = timeAt(s, yl, lo, hi);
    if (tc === null) continue;
    const frameIndex = timing.frameTimes.findIndex((t) => t >= tc - 1e-9);
    if (frameIndex >= 0) crossings.push({ yardLine: yl, frameIndex, time: timing.frameTimes[frameIndex] });
  }
  const profile = frames
    .filter((f) => inside(f.time))
    .map((f) => ({ time: f.time, yards: two(splineAt(s, f.time)), mph: two(splineSpeed(s, f.time) * MPH) }));
  // The calibration error of a distance measured against two different lines, as a share of the distance.
  const calShare = (yards: number) => (Math.SQRT2 * cal) / yards;
  let win: { t0: number; t1: number } | null = null;
  for (const part of seenStretches(points.map((p) => p.t))) {
    const w = fastestWindow(s, part.lo, part.hi);
    if (w && (!win || w.t1 - w.t0 < win.t1 - win.t0)) win = w;
  }
  let maxSpeed: TrackResult['maxSpeed'] = null;
  let flyTen: TrackResult['flyTen'] = null;
  let perspective = 0;
  let shift = 0;
  let horizon = 0;
  let ground = BOUND.groundYards;
  if (win) {
    const T = win.t1 - win.t0;
    const v = WINDOW_YARDS / T;
    const seen = usable.filter((f) => f.state !== 'unsure');
    const near = (t: number) => seen.reduce((a, b) => (Math.abs(b.time - t) < Math.abs(a.time - t) ? b : a));
    const a = near(win.t0);
    const b = near(win.t1);
    // The ground point's stray at each end of the window: across it, and up or down the body (decision 276).
    const ends = [a, b].map((f) =>
      Math.hypot(BOUND.groundYards, footDriftYards(raw, f.frameIndex, f.x, f.y)),
    );
    ground = Math.hypot(ends[0], ends[1]) / Math.SQRT2;
    const sigma = Math.hypot(distanceSigma(s, win.t0, win.t1) / T, linesTerm(v, cal), groundTerm(ground, T));
    const perspectiveYards =
      BOUND.perspective * BOUND.upperBody * TRACKER.playerYards * (Math.abs(b.x - a.x) / raw.width);
    perspective = perspectiveYards;
    // Yards grow the way he runs (`yardLine`), so a window's distance is the later end's yards less the earlier's.
    shift = leanShift(raw, a, b, perspectiveYards);
    // What the lean may still be after its likely share is taken off, and what the horizon's slope may move
    // where it is not known: biases, added in full.
    horizon = horizonYards(raw, a, b);
    const bias = leanTerm(perspectiveYards - Math.abs(shift), T) + leanTerm(horizon, T);
    const vOut = (WINDOW_YARDS - shift) / T;
    maxSpeed = {
      mph: two(vOut * MPH),
      plusMinusMph: up((K * sigma + bias) * MPH),
      fromYard: two(splineAt(s, win.t0)),
      toYard: two(splineAt(s, win.t1)),
      fromTime: win.t0,
      toTime: win.t1,
    };
    // The time to run 10 yards at that speed (the window's own time where nothing was taken off).
    const tOut = WINDOW_YARDS / vOut;
    flyTen = {
      value: Math.round(tOut * 1000) / 1000,
      plusMinus: Math.ceil(((K * sigma + bias) / vOut) * tOut * 1000) / 1000,
    };
  } else
    problems.push(
      lo < hi && splineAt(s, hi) - splineAt(s, lo) >= WINDOW_YARDS
        ? 'The player was not seen through 10 yards without a gap: no Max Speed'
        : 'The tracked run covers less than 10 yards: no Max Speed',
    );
  const splits: TrackResult['splits'] = [];
  for (let k = 0; k + 1 < crossings.length; k += 1) {
    const a = timeAt(s, crossings[k].yardLine, lo, hi)!;
    const b = timeAt(s, crossings[k + 1].yardLine, lo, hi)!;
    const T = b - a;
    const sigmaT = Math.hypot(distanceSigma(s, a, b), 5 * calShare(5)) / (5 / T);
    splits.push({
      fromYard: crossings[k].yardLine,
      toYard: crossings[k + 1].yardLine,
      seconds: { value: Math.round(T * 1000) / 1000, plusMinus: Math.ceil(K * sigmaT * 1000) / 1000 },
    });
  }
  let toNinety: TrackResult['toNinety'] = null;
  if (maxSpeed && splineSpeed(s, lo) * MPH < 0.9 * maxSpeed.mph) {
    for (let t = lo; t <= hi; t += 0.001)
      if (splineSpeed(s, t) * MPH >= 0.9 * maxSpeed.mph) {
        toNinety = {
          seconds: Math.round((t - lo) * 1000) / 1000,
          yards: two(splineAt(s, t) - splineAt(s, lo)),
        };
        break;
      }
  }
  return {
    ...base,
    crossings,
    profile,
    maxSpeed,
    splits,
    flyTen,
    toNinety,
    fit: {
      knots: Array.from({ length: s.coefficients.length - 2 }, (_, i) => s.t0 + (i - 1) * s.step),
      coefficients: s.coefficients,
      residualYards: s.residualYards,
      calibrationYards: cal,
      framesUsed: points.length,
      groundYards: Math.ceil(ground * 1000) / 1000,
      perspectiveYards: Math.round(perspective * 1000) / 1000,
      leanShiftYards: Math.round(shift * 1000) / 1000,
      horizonYards: Math.ceil(horizon * 1000) / 1000,
      clickSteps: 0,
    },
    problems,
  };
}

/** A click the tracker asks for (issue 48): 'resume' tracks again from it, 'confirm' settles who was meant. */
export interface ClickNeeded {
  frameIndex: number;
  reason: string;
  kind: 'resume' | 'confirm';
}

/**
 * The followed frames that bound the fastest 10 yards: the last at or before its start and the first at or
 * after its end (the receipt's stills, and the frames the analyst checks the track on: decision 308).
 */
export function windowEnds(result: TrackResult) {
  const w = result.maxSpeed;
  const frames = result.frames.filter((f) => f.state !== 'dropped' && f.state !== 'skipped');
  if (!w || !frames.length) return null;
  return {
    first: [...frames].reverse().find((f) => f.time <= w.fromTime) ?? frames[0],
    last: frames.find((f) => f.time >= w.toTime) ?? frames[frames.length - 1],
  };
}

/** The fitted curve's speed at its point nearest time `t` (a profile of at least one point). */
const speedNear = (profile: TrackResult['profile'], t: number) =>
  profile.reduce((a, b) => (Math.abs(b.time - t) < Math.abs(a.time - t) ? b : a)).mph;

/**
 * How near (seconds) the fastest 10 yards may end at the edge of what was seen, or begin at it, and still be
 * taken as running into it (tracker 2.15.0, decision 313): the window is searched a step at a time
 * (`WINDOW_STEP_SECONDS`), so one that ends at the edge ends within a few steps of its last frame.
 */
const EDGE_SECONDS = 5 * WINDOW_STEP_SECONDS;

/**
 * Where the fastest 10 yards could lie beyond what was seen for sure (issue 48): an edge of a stretch of
 * fitted frames, short of the clip's first or last frame, where the player is at 95% of his top speed or
 * more. Across a gap in doubt (the track goes on past it) a click in the gap settles it; at the end of the
 * track (lost, or out of the picture) a player still gaining speed toward the edge is cut short. He is taken
 * as still gaining where the fitted speed rises toward the edge, or where the fastest 10 yards run into the
 * edge (tracker 2.15.0, decision 313): the fastest 10 yards of what was seen then end (or begin) at its last
 * (first) frame, so no 10 yards before it were as fast, whatever the curve does at its very end (a curve's
 * end, and a track slipping off the player before it is lost, bend it down there).
 */
function windowCut(result: TrackResult) {
  const top = result.maxSpeed;
  const profile = result.profile;
  if (!top || profile.length < 2) return null;
  const seen = result.frames.filter(seenForSure);
  // The clip's first and last frames the tracker followed (a clip followed on every second frame may begin or
  // end on one it did not, decision 301).
  const first = result.frames.find((f) => f.state !== 'skipped')?.frameIndex ?? 0;
  const last = result.frames.findLast((f) => f.state !== 'skipped')?.frameIndex ?? result.frames.length - 1;
  const speedAt = (t: number) => speedNear(profile, t);
  for (let k = 0; k < seen.length; k += 1) {
    const f = seen[k];
    const next = seen[k + 1];
    const prev = seen[k - 1];
    const endsAfter = !next || isGap(next.time - f.time);
    const endsBefore = !prev || isGap(f.time - prev.time);
    for (const [ends, dir, other] of [
      [endsAfter && f.frameIndex < last, 1, next],
      [endsBefore && f.frameIndex > first, -1, prev],
    ] as const) {
      if (!ends) continue;
      const edge = speedAt(f.time);
      const short = dir > 0 ? f.time - top.toTime : top.fromTime - f.time;
      const runsInto = short >= -1e-9 && short <= EDGE_SECONDS;
      if (other) {
        if (edge >= 0.95 * top.mph || runsInto)
          return {
            frame: f.frameIndex,
            gap:
              dir > 0
                ? { from: f.frameIndex + 1, to: other.frameIndex - 1 }
                : { from: other.frameIndex + 1, to: f.frameIndex - 1 },
          };
        continue;
      }
      const inside = speedAt(f.time - dir * 0.15);
      if ((edge >= 0.95 * top.mph && edge > inside) || runsInto)
        return { frame: f.frameIndex, gap: null, before: dir < 0 };
    }
  }
  return null;
}

/**
 * Where another player who looks the same runs beside the tracked one and comes close enough to be taken for him
 * (tracker 2.27.0, decision 364): over the fastest 10 yards and `seconds` either side, the share of the frames
 * followed (not skipped) that the tracker was unsure of (`unsure`: a look-alike close enough to take the track,
 * or the match low) and the share with a look-alike beside him (`beside`, `raw.beside`). Where both reach their
 * share, the tracked point can slide along his body toward the other player by more than any term of the bound
 * holds (decision 360), and no Max Speed is given. Chosen at a tenth each, between the fits of the planted-feet
 * calibration tracks (14440-14559, both analysts): the two scenes whose windows reached both (14534, the exact
 * analyst: 17.59 ± 0.28 mph given for a true 18.10, the point 0.13 yards along the body; 14447, both analysts,
 * 1.06 and 0.94 times their ± off) at 0.13-0.19 of each; every other fit had the smaller of its two shares at 0.07
 * or under, and every value given at 0.05 or under (either share alone is common on values given inside).
 */
export const LOOK_ALIKE_BESIDE = { seconds: 0.5, unsure: 0.1, beside: 0.1 };

/** The two shares of `LOOK_ALIKE_BESIDE` over the fastest 10 yards and the seconds either side, or null. */
export function lookAlikeBeside(raw: RawTrack, result: TrackResult) {
  const top = result.maxSpeed;
  if (!top) return null;
  const pad = LOOK_ALIKE_BESIDE.seconds;
  const near = result.frames.filter(
    (f) => f.state !== 'skipped' && f.time >= top.fromTime - pad - 1e-9 && f.time <= top.toTime + pad + 1e-9,
  );
  if (near.length === 0) return null;
  const beside = new Set(raw.beside ?? []);
  return {
    unsure: near.filter(inDoubt).length / near.length,
    beside: near.filter((f) => beside.has(f.frameIndex)).length / near.length,
  };
}

/**
 * A click's share of the player's top speed from which his body is taken to lean as in his fastest 10 yards
 * (decision 302): the clicks whose look of the player places his feet there must be inside those yards or at
 * this share of his top speed or more. Chosen, not sized on the scenes: the fastest 10 yards are run near top
 * speed, and a runner under 90% of it is still driving forward or slowing, his body shaped otherwise.
 */
const CLICK_AT_SPEED = 0.9;

/**
 * Where the ground point in the fastest 10 yards rests on a click made where the player ran much slower
 * (issue 48, decision 302): the frame the analyst is asked to click, inside those yards, or null. The
 * tracker places the feet below the followed upper body by the distance the click showed; a player clicked
 * standing or starting is shaped otherwise at full speed, and that offset, the same over the window, moves
 * the measured distance as the camera's view of the yard lines turns (scene 8575 of the accuracy benchmark:
 * 20.18 ± 0.27 mph for a true 19.85; 19.86 ± 0.24 with a click in the window). Each click places the frames
 * nearer to it than to another click, as the tracker follows them (`followClicks`). Null for a track without
 * its clicks (before tracker 2.9.0).
 */
function slowClick(raw: RawTrack, result: TrackResult) {
  const top = result.maxSpeed;
  const clicks = raw.clicks;
  if (!top || !clicks?.length || result.profile.length === 0) return null;
  const inWindow = (t: number) => t >= top.fromTime - 1e-9 && t <= top.toTime + 1e-9;
  const profile = result.profile;
  // His speed where he was clicked, as the fitted curve gives it; unknown (taken as slower) off the curve's
  // ends, where the clicked frame was not fitted (no yard lines there, say).
  const speedAt = (t: number) =>
    t < profile[0].time - 1e-9 || t > profile[profile.length - 1].time + 1e-9 ? 0 : speedNear(profile, t);
  const middle = (top.fromTime + top.toTime) / 2;
  // Frames another click's look places in the fit (tracker 2.10.0).
  const look = oneLook(raw, result.frames, { t0: top.fromTime, t1: top.toTime });
  for (let k = 0; k < clicks.length; k += 1) {
    const c = result.frames[clicks[k]];
    if (!c || inWindow(c.time) || speedAt(c.time) >= CLICK_AT_SPEED * top.mph) continue;
    const from = k === 0 ? 0 : zoneEnd(clicks[k - 1], clicks[k]) + 1;
    const to = k === clicks.length - 1 ? Infinity : zoneEnd(clicks[k], clicks[k + 1]);
    // A frame of the window this click places, where the player was followed for sure, nearest its middle.
    const ask = result.frames
      .filter(
        (f) =>
          f.frameIndex >= from &&
          f.frameIndex <= to &&
          inWindow(f.time) &&
          !(look && look.click !== clicks[k] && look.frames.has(f.frameIndex)) &&
          (f.state === 'tracked' || f.state === 'corrected'),
      )
      .reduce<TrackResult['frames'][0] | null>(
        (a, f) => (a === null || Math.abs(f.time - middle) < Math.abs(a.time - middle) ? f : a),
        null,
      );
    if (ask) return { frameIndex: ask.frameIndex, clicked: clicks[k] };
  }
  return null;
}

/**
 * Where no 10 yards were seen without a gap though the fitted run covers 10 yards or more (tracker 2.16.0,
 * decision 314): the gaps of frames in doubt between the stretches seen for sure, the one where the fitted
 * curve runs fastest first (the fastest 10 yards most likely run through it). A click there lets the tracker
 * follow the player through it; without one no Max Speed can be measured. A gap where every frame was
 * followed for sure and only the map is missing (no yard lines in view) is not asked: a click cannot add
 * yard lines.
 */
function splittingGaps(result: TrackResult) {
  const profile = result.profile;
  if (result.maxSpeed || profile.length < 2) return [];
  if (profile[profile.length - 1].yards - profile[0].yards < WINDOW_YARDS) return [];
  const seen = result.frames.filter(seenForSure);
  const gaps: { from: number; to: number; mph: number }[] = [];
  for (let k = 0; k + 1 < seen.length; k += 1) {
    const [a, b] = [seen[k], seen[k + 1]];
    if (!isGap(b.time - a.time)) continue;
    if (result.frames.slice(a.frameIndex + 1, b.frameIndex).some(inDoubt))
      gaps.push({
        from: a.frameIndex + 1,
        to: b.frameIndex - 1,
        mph: speedNear(profile, (a.time + b.time) / 2),
      });
  }
  return gaps.sort((x, y) => y.mph - x.mph);
}

/** The first of the analyst's clicks on a frame from `gap.from` to `gap.to`, if any. */
function clickInside(raw: RawTrack, gap: { from: number; to: number }) {
  return raw.clicks?.find((c) => c >= gap.from && c <= gap.to);
}

/**
 * Where the tracker stops and asks (issue 48): a stretch in doubt that no later click covers, when the
 * fastest 10 yards could lie in it (no Max Speed without it, or the player not clearly slower, under 80%
 * of his top speed, where he was last seen for sure); a gap of frames in doubt, not yet clicked inside, where
 * the fastest 10 yards end against it; the fastest 10 yards placed by a click where the player ran much slower
 * (`slowClick`); and another player who looks the same running beside the player through the measured
 * window, until a click has confirmed whom the analyst means.
 */
export function clickNeeded(
  raw: RawTrack,
  result: TrackResult,
  confirmed: number[],
  ended: number[] = [],
): ClickNeeded | null {
  const top = result.maxSpeed;
  const profile = result.profile;
  for (const d of raw.doubts ?? []) {
    // Answered 'not in view here': the track ends where the doubt began.
    if (!d.open || ended.includes(d.clickAt)) continue;
    const edge = d.dir > 0 ? profile[profile.length - 1] : profile[0];
    // Only where he was clearly slower (the start, or slowing down) can the stretch be left unasked: the
    // speed the curve gives at its own end is not precise enough to tell 95% from 100%.
    if (top && edge && edge.mph < 0.8 * top.mph) continue;
    return {
      frameIndex: d.clickAt,
      reason: `${d.reason} on frame ${d.from + 1}: click the player on this frame to go on`,
      kind: 'resume',
    };
  }
  const cut = windowCut(result);
  const middle = (gap: { from: number; to: number }) => {
    const m = Math.round((gap.from + gap.to) / 2);
    // A frame the tracker followed (decision 301: not every frame of a 240 fps clip is).
    return (
      result.frames
        .filter((f) => f.state !== 'skipped' && f.frameIndex >= gap.from && f.frameIndex <= gap.to)
        .reduce<number | null>(
          (a, f) => (a === null || Math.abs(f.frameIndex - m) < Math.abs(a - m) ? f.frameIndex : a),
          null,
        ) ?? m
    );
  };
  // A gap the analyst has already clicked inside is not asked again: the track stayed unsure there after his
  // click, and a click on another of its frames would be followed the same way (decision 309).
  if (cut?.gap && !ended.includes(middle(cut.gap)) && clickInside(raw, cut.gap) === undefined) {
    const mid = middle(cut.gap);
    return {
      frameIndex: mid,
      reason: `The tracker was unsure of the player from frame ${cut.gap.from + 1} to ${cut.gap.to + 1}, where he runs fastest: click the player on this frame to go on`,
      kind: 'resume',
    };
  }
  // No 10 yards seen without a gap (tracker 2.16.0): the gap where he runs fastest, not yet clicked inside.
  const split = splittingGaps(result).find(
    (gap) => !ended.includes(middle(gap)) && clickInside(raw, gap) === undefined,
  );
  if (split)
    return {
      frameIndex: middle(split),
      reason: `The tracker was unsure of the player from frame ${split.from + 1} to ${split.to + 1}, so no 10 yards were seen without a gap: click the player on this frame to go on`,
      kind: 'resume',
    };
  const slow = slowClick(raw, result);
  if (slow && !ended.includes(slow.frameIndex))
    return {
      frameIndex: slow.frameIndex,
      reason: `The tracker places the player's feet by how he looked where he was clicked (frame ${slow.clicked + 1}), and there he ran much slower than in his fastest 10 yards, where a body is shaped otherwise: click the player on this frame, where he runs fastest`,
      kind: 'resume',
    };
  if (top && confirmed.length === 0) {
    const timeOf = new Map(result.frames.map((f) => [f.frameIndex, f.time]));
    const inWindow = (raw.beside ?? []).filter((i) => {
      const t = timeOf.get(i) ?? -1;
      return t >= top.fromTime && t <= top.toTime;
    });
    if (inWindow.length > 0)
      return {
        frameIndex: inWindow[0],
        reason:
          'Another player who looks the same runs beside this one: click the player you mean on this frame to confirm',
        kind: 'confirm',
      };
  }
  return null;
}

/**
 * What to film differently when a tracked Max Speed's ± is over the ceiling (decision 300): said of the
 * term whose absence would narrow the ± most, as the bound adds them (`fitTrack`).
 */
const WIDENED_BY = {
  ground:
    'where the feet meet the field is placed only to a few pixels, and here a few pixels move the player along the field: film from higher up, square to the field, panning to keep the player near the middle of the picture',
  lean: 'the player crossed much of the picture, and a camera above the field sees a body lean more the further it is from the middle of the picture: pan to keep the player near the middle of the picture',
  fit: 'the tracked positions waver from frame to frame: hold the phone steadier, with the player in full view, at a higher frame rate',
  lines:
    'the yard lines fit the map from picture to field too loosely: keep two or more yard lines sharp in view',
  horizon:
    'only two yard lines showed where he ran fastest and the clip never showed four, so how the field recedes along the picture is not known: hold the phone level and keep more of the field in view',
  unknown:
    'film from higher up, square to the field, panning to keep the player near the middle of the picture',
} as const;

/**
 * The bound's terms of a fitted Max Speed in mph, as `fitTrack` adds them: the lean in full, the ground point's
 * stray and the map's error at two deviations (null without the fit's figures).
 */
export function boundTermsMph(result: TrackResult) {
  const m = result.maxSpeed;
  const f = result.fit as TrackResult['fit'] | undefined;
  if (!m || !f) return null;
  const T = m.toTime - m.fromTime;
  if (!(T > 0)) return null;
  const terms = {
    lean: leanTerm(f.perspectiveYards - Math.abs(f.leanShiftYards ?? 0), T) * MPH,
    horizon: leanTerm(f.horizonYards ?? 0, T) * MPH,
    ground: K * groundTerm(f.groundYards, T) * MPH,
    lines: K * linesTerm(WINDOW_YARDS / T, f.calibrationYards) * MPH,
  };
  // A fit stored without one of its figures: no term can be named.
  return Object.values(terms).every(Number.isFinite) ? terms : null;
}

/** Which of the bound's terms widens a tracked Max Speed's ± most (null without the fit's figures). */
export function widenedBy(result: TrackResult): Exclude<keyof typeof WIDENED_BY, 'unknown'> | null {
  const terms = boundTermsMph(result);
  if (!terms) return null;
  const { lean, horizon, ground, lines } = terms;
  // The biases are added in full, the deviations together.
  const bias = lean + horizon;
  const spread = Math.max(0, result.maxSpeed!.plusMinusMph - bias);
  const fit = Math.sqrt(Math.max(0, spread ** 2 - ground ** 2 - lines ** 2));
  // The ± each term's absence would leave: the least is the term that widens it most.
  const without = {
    ground: Math.hypot(fit, lines) + bias,
    lean: spread + horizon,
    horizon: spread + lean,
    fit: Math.hypot(ground, lines) + bias,
    lines: Math.hypot(fit, ground) + bias,
  };
  return (Object.keys(without) as (keyof typeof without)[]).reduce((a, b) =>
    without[b] < without[a] ? b : a,
  );
}

/** How the question of `windowCheck` begins: an answer to it is judged by `confirmRadius`. */
const WINDOW_CHECK = 'Check the track where the fastest 10 yards';
/**
 * Elsewhere (another player beside him: whom the analyst means), a click within this share of the picture's
 * height confirms.
 */
const CONFIRM_SHARE = 0.04;

/**
 * How far from the tracked point (pixels of the stored picture) the analyst's click on an asked frame may
 * fall and still confirm it (decision 336). Where the tracker asks to check the window's ends (decision 308):
 * as far as the bound lets the ground point stray up or down the body at one end, two deviations
 * (`K × BOUND.footDrift × footOffset`, the player's height where he was followed on that frame). A click
 * further away tracks the player again from it, as any click the tracker asks for. At 0.04 of the picture's
 * height, a track 25 px over the feet of a 126 px runner at the window's end was confirmed and gave
 * 21.71 ± 0.37 mph for a true 21.33 (accuracy scene 11495). Elsewhere, and for a frame without the player's
 * height (tracks before tracker 2.1.0), `CONFIRM_SHARE` of the picture's height.
 */
export function confirmRadius(raw: RawTrack, ask: ClickNeeded) {
  const height = raw.frames.find((f) => f.frameIndex === ask.frameIndex)?.height;
  if (ask.reason.startsWith(WINDOW_CHECK) && height) return K * BOUND.footDrift * footOffset(height);
  return CONFIRM_SHARE * raw.height;
}

/**
 * Whether the analyst's click on a frame asked to confirm (`kind: 'confirm'`) confirms the track there (tracker
 * 2.29.0, decision 367): judged against where the fit places the player on that frame, the point the workbench
 * shows, within `confirmRadius`. Where the fastest 10 yards rest on one click's look (decisions 306, 361) the fit
 * moves the other clicks' frames onto it, and a click judged against the point as followed could confirm a place
 * the fit does not use (pinned scene 14325: the window's first frame placed 18 pixels behind the runner, the
 * followed point on him). A frame the fit does not show (skipped) is judged against the followed point.
 */
export function clickConfirms(
  raw: RawTrack,
  result: Pick<TrackResult, 'frames'>,
  ask: ClickNeeded,
  click: { x: number; y: number },
) {
  const shown = result.frames.find((f) => f.frameIndex === ask.frameIndex);
  const at =
    shown && shown.state !== 'skipped' ? shown : raw.frames.find((f) => f.frameIndex === ask.frameIndex);
  return !!at && Math.hypot(click.x - at.x, click.y - at.y) <= confirmRadius(raw, ask);
}

/**
 * The analyst checks the track where the fastest 10 yards begin or end (decision 308), once nothing else
 * stands in the way of the Max Speed: a track that slid off the player, which no check of the tracker's sees,
 * is off his feet there, the more the further from the clicks. One end is asked: the one further in time from
 * the nearest click (the end, where there is none). A click near the tracked point (`confirmRadius`) confirms
 * it; one elsewhere tracks the player again from it. Nothing is asked where an end was clicked, corrected or
 * confirmed.
 */
function windowCheck(
  raw: RawTrack,
  result: TrackResult,
  confirmed: number[],
  ended: number[] = [],
): ClickNeeded | null {
  const ends = windowEnds(result);
  if (!ends) return null;
  const clicked = raw.clicks ?? [];
  const timeOf = new Map(result.frames.map((f) => [f.frameIndex, f.time]));
  const clicks = clicked.map((i) => timeOf.get(i)).filter((t) => t !== undefined);
  const settled = (f: TrackResult['frames'][number]) =>
    confirmed.includes(f.frameIndex) ||
    clicked.includes(f.frameIndex) ||
    ended.includes(f.frameIndex) ||
    f.state === 'corrected';
  if (settled(ends.first) || settled(ends.last)) return null;
  const fromClicks = (t: number) => Math.min(...clicks.map((c) => Math.abs(c - t)));
  const begin = clicks.length > 0 && fromClicks(ends.first.time) > fromClicks(ends.last.time);
  return {
    frameIndex: (begin ? ends.first : ends.last).frameIndex,
    reason: `${WINDOW_CHECK} ${begin ? 'begin' : 'end'}: click the field under the player's hips on this frame (a click on the tracked point confirms it; elsewhere, the player is tracked again from your click)`,
    kind: 'confirm',
  };
}

/** How a refusal of `trackVerdict` begins. */
const REFUSED = 'No Max Speed from this track: ';

/**
 * What the family is told of a track the tracker refused (`trackVerdict`'s `failure`), in their words: why no
 * Max Speed could be verified from the clip, and how to film the next one (decision 352). The analyst who
 * rejects the request starts from it; it names no frame and no term of the bound. Null for a failure that is
 * not the tracker's refusal (a clip that could not be decoded: the analyst says what to fix).
 */
export function familyAdvice(failure: string): string | null {
  if (!failure.startsWith(REFUSED)) return null;
  const why = failure.slice(REFUSED.length);
  const lead = 'We could not verify a Max Speed from this clip:';
  const ceiling =
    /^the speed is only known to ± ([0-9.]+) mph, wider than the ± ([0-9.]+) mph .*\((.*)\)$/.exec(why);
  if (ceiling) {
    // The widest term's advice is what follows its last colon (WIDENED_BY).
    const advice = ceiling[3].split(': ').pop()!;
    return `${lead} from where it was filmed his speed could only be measured to ± ${ceiling[1]} mph, and a verified Max Speed needs ± ${ceiling[2]} mph or better. Next time, ${advice}.`;
  }
  if (/^The tracked run covers less than 10 yards/.test(why))
    return `${lead} it shows less than 10 yards of the player's run. Next time, film the whole run of 20 yards or more, with him in full view near the middle of the picture.`;
  if (why.startsWith(YARD_LINES_UNREAD))
    return `${lead} the yard lines could not be read where the player ran, so where he was on the field is not known. Next time, keep two or more yard lines sharp in view, filming from the sideline at press-box height.`;
  if (/^the player was (first|last) seen for sure on frame/.test(why))
    return `${lead} it does not show the whole of the player's fastest stretch. Next time, start filming before he starts to run, and keep filming until he has slowed down.`;
  return `${lead} the player could not be followed for sure through his fastest 10 yards (another player came close to him, or he was hard to tell from the field or left the picture). Next time, keep him in full view near the middle of the picture for the whole run of 20 yards or more, clear of other players if you can.`;
}

/**
 * What a fitted track comes to (issue 48): it asks for a click, fails with the reason in words (nothing can
 * be stored from it), or is done. `checkWindow`: whether it asks the analyst to check the window's ends
 * (decision 308; not when a stored track is checked again, with nobody to answer).
 */
export function trackVerdict(
  raw: RawTrack,
  result: TrackResult,
  confirmed: number[],
  ended: number[] = [],
  { checkWindow = true }: { checkWindow?: boolean } = {},
) {
  const needsClickAt = clickNeeded(raw, result, confirmed, ended) ?? undefined;
  if (needsClickAt) return { needsClickAt, failure: undefined };
  if (!result.maxSpeed)
    return {
      needsClickAt: undefined,
      failure: `${REFUSED}${result.problems.join('; ') || 'the run could not be fitted'}`,
    };
  // Answered 'the player is not in view here' where he was seen running fastest: the feet there rest on a
  // click made where he ran slower.
  if (slowClick(raw, result))
    return {
      needsClickAt: undefined,
      failure:
        REFUSED +
        'the player was not clicked where he runs fastest, and a click where he ran slower does not place his feet there',
    };
  // Clicks whose looks could not be lined up where the fastest 10 yards lie are refused, their steps fitted with
  // the run or not (tracker 2.25.0, decision 362: on planted-feet calibration scenes 4 of 10 fits with the steps
  // fitted held the truth outside their ±, one given 0.55 mph off; 2 of 28 fits without steps, by at most 1.07
  // times their ±, both over the ceiling).
  const steps = (result.fit as TrackResult['fit'] | undefined)?.clickSteps ?? 0;
  if (steps > 0 || unlinedClicks(raw, result))
    return {
      needsClickAt: undefined,
      failure:
        REFUSED +
        'where the player runs fastest he was clicked on frames too close together to tell where on his body each click was made (another player came close there), and two clicks placing his feet differently move the distance measured',
    };
  const alike = lookAlikeBeside(raw, result);
  if (alike && alike.unsure >= LOOK_ALIKE_BESIDE.unsure && alike.beside >= LOOK_ALIKE_BESIDE.beside)
    return {
      needsClickAt: undefined,
      failure:
        REFUSED +
        'where the player runs fastest another player who looks the same ran beside him and came close enough to be taken for him, and the tracked point can slide along his body toward the other player there',
    };
  const cut = windowCut(result);
  const clicked = cut?.gap ? clickInside(raw, cut.gap) : undefined;
  if (cut?.gap && clicked !== undefined)
    return {
      needsClickAt: undefined,
      failure: `${REFUSED}the tracker was still unsure of the player from frame ${cut.gap.from + 1} to ${cut.gap.to + 1}, where he runs fastest, after the click on frame ${clicked + 1}, so the fastest 10 yards cannot be measured through it`,
    };
  if (cut)
    return {
      needsClickAt: undefined,
      failure: cut.before
        ? `${REFUSED}the player was first seen for sure on frame ${cut.frame + 1}, already as fast as anywhere after it, so the fastest 10 yards may lie before it`
        : `${REFUSED}the player was last seen for sure on frame ${cut.frame + 1} while still gaining speed, so the fastest 10 yards may lie beyond it`,
    };
  // The ± is judged last of the refusals: where the fastest 10 yards rest on a click made elsewhere, or may
  // lie where the player was not seen, the value is not his Max Speed, and a refusal that named its ± would
  // read as if it were (fresh scene 10268: 13.77 mph fitted for a true 17.09, refused as 'only known to
  // ± 0.49 mph'; the window began where the player was first seen for sure).
  const ceiling = maxSpeedCeiling(result.frames.map((f) => f.time));
  if (result.maxSpeed.plusMinusMph > ceiling + 1e-9)
    return {
      needsClickAt: undefined,
      failure: `${REFUSED}the speed is only known to ± ${result.maxSpeed.plusMinusMph.toFixed(2)} mph, wider than the ± ${ceiling.toFixed(1)} mph a verified Max Speed allows at this frame rate (${WIDENED_BY[widenedBy(result) ?? 'unknown']})`,
    };
  const check = checkWindow ? windowCheck(raw, result, confirmed, ended) : null;
  return { needsClickAt: check ?? undefined, failure: undefined };
}
