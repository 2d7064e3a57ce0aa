import { solveLinear } from '../../../lib/linear-solve';

/**
 * Yard lines in a grey frame (decision 210): bright thin ridges found row by row, gathered by a Hough
 * vote over (position, slant) and refined by least squares. A line is x = a + s * (y - h/2). From tracker
 * 2.5.0 (decision 296) the ridge points are first freed of the lens's radial bending, measured on the clip
 * (`framesLines`), so the lines are straight where the field's are.
 */
export interface Line {
  a: number;
  s: number;
  votes: number;
}

const RIDGE_GAP = 4;
const RIDGE_MIN = 28;
const SLOPE_MAX = 1.6;
const SLOPE_STEP = 0.03;
/** Every other row: a line still gives a point per 2 rows, for half the work. */
const ROW_STEP = 2;
const INLIER_PX = 1.6;
const MAX_LINES = 40;

/**
 * Bright ridges of a frame: `xs`, `ys` the points (sub-pixel x; pixel (x, y) covers x..x+1 and y..y+1 of the
 * picture, decision 349), `rows` the picture row each was found on (points are in row order, x ascending within
 * a row). After `undistortRidges` `xs` and `ys` are of the
 * picture without its lens's bending, and `rows` still groups them.
 */
export interface Ridges {
  xs: Float64Array;
  ys: Float64Array;
  rows: Int16Array;
}

/**
 * Where a ridge found at pixel `x` of a row (`row`: the row's first pixel) has its middle: halfway between the
 * two places its brightness falls to half its height over the grass on that side (`k` px off), read between
 * pixels (decision 349). A centroid of the five pixels around the brightest one is pulled toward that pixel on
 * a line wider than they are, by up to half a pixel on a wide, slanted line; the half-height points are not.
 * Where a side does not fall within `k` px, the centroid of the pixels above the grass within `k` px.
 */
function ridgeCentre(g: Uint8Array, row: number, x: number, k: number) {
  const top = Math.max(g[row + x - 1], g[row + x], g[row + x + 1]);
  const left = (top + g[row + x - k]) / 2;
  const right = (top + g[row + x + k]) / 2;
  let l = x;
  while (l > x - k + 1 && g[row + l - 1] >= left) l -= 1;
  let r = x;
  while (r < x + k - 1 && g[row + r + 1] >= right) r += 1;
  const a = g[row + l - 1];
  const b = g[row + l];
  const c = g[row + r];
  const d = g[row + r + 1];
  if (a < left && b >= left && d < right && c >= right)
    return (l - 1 + (left - a) / (b - a) + r + (c - right) / (c - d)) / 2;
  const bg = (g[row + x - k] + g[row + x + k]) / 2;
  let m = 0;
  let mx = 0;
  for (let i = 1 - k; i < k; i += 1) {
    const wt = g[row + x + i] - bg;
    if (wt > 0) {
      m += wt;
      mx += wt * i;
    }
  }
  return x + (m > 0 ? mx / m : 0);
}

export function ridgePoints(g: Uint8Array, w: number, h: number): Ridges {
  const xs: number[] = [];
  const ys: number[] = [];
  const rows: number[] = [];
  const r = new Int16Array(w);
  const k = RIDGE_GAP;
  for (let y = 0; y < h; y += ROW_STEP) {
    const row = y * w;
    for (let x = k; x < w - k; x += 1) {
      const c = g[row + x];
      const d = Math.min(c - g[row + x - k], c - g[row + x + k]);
      r[x] = d > 0 ? d : 0;
    }
    for (let x = k + 1; x < w - k - 1; x += 1) {
      const v = r[x];
      if (v < RIDGE_MIN || v < r[x - 1] || v <= r[x + 1]) continue;
      // Pixel x covers x..x+1 of the picture (its centre at x + 0.5), as the clicks and the tracked points
      // read it (decision 349).
      xs.push(ridgeCentre(g, row, x, k) + 0.5);
      ys.push(y + 0.5);
      rows.push(y);
    }
  }
  return { xs: Float64Array.from(xs), ys: Float64Array.from(ys), rows: Int16Array.from(rows) };
}

/** The bending's scale, 1 + k1 r^2 / R^2, at an offset (du, dv) from the picture's centre. */
function bendAt(k1: number, w: number, h: number, du: number, dv: number) {
  return 1 + (k1 * (du * du + dv * dv)) / (0.25 * (w * w + h * h));
}

/**
 * Radial lens bending as the scenes draw it and phone lenses show it: a point at distance r from the
 * picture's centre is seen at r (1 + k1 r^2 / R^2), R the half diagonal (k1 < 0: barrel). Undoes it for an
 * offset (du, dv) from the centre (fixed-point iteration).
 */
function undistortOffset(k1: number, w: number, h: number, du: number, dv: number) {
  if (k1 === 0) return { du, dv };
  let a = du;
  let b = dv;
  for (let i = 0; i < 6; i += 1) {
    const s = bendAt(k1, w, h, a, b);
    a = du / s;
    b = dv / s;
  }
  return { du: a, dv: b };
}

/** A picture point without the lens's bending (same pixels, centre fixed). */
export function undistortPoint(k1: number, w: number, h: number, x: number, y: number) {
  const q = undistortOffset(k1, w, h, x - w / 2, y - h / 2);
  return { x: w / 2 + q.du, y: h / 2 + q.dv };
}

/** How much larger the picture shows a small thing at an undistorted point than a pinhole would. */
export function lensScale(k1: number, w: number, h: number, x: number, y: number) {
  return bendAt(k1, w, h, x - w / 2, y - h / 2);
}

/** The point of the picture where an undistorted point is seen. */
function distortPoint(k1: number, w: number, h: number, x: number, y: number) {
  const s = lensScale(k1, w, h, x, y);
  return { x: w / 2 + (x - w / 2) * s, y: h / 2 + (y - h / 2) * s };
}

/**
 * Where a straight line of the undistorted picture (x0 at its top row, x1 at its bottom row) crosses the top
 * and the bottom rows of the picture as shown, for drawing it over a frame.
 */
export function shownLine(k1: number, w: number, h: number, x0: number, x1: number) {
  if (k1 === 0) return { x0, x1 };
  const at = (row: number) => {
    let y = row;
    let p = { x: x0, y: row };
    for (let i = 0; i < 6; i += 1) {
      p = distortPoint(k1, w, h, x0 + ((x1 - x0) * y) / h, y);
      y += row - p.y;
    }
    return p.x;
  };
  return { x0: at(0), x1: at(h) };
}

function undistortRidges(p: Ridges, k1: number, w: number, h: number): Ridges {
  if (k1 === 0) return p;
  const xs = new Float64Array(p.xs.length);
  const ys = new Float64Array(p.ys.length);
  for (let i = 0; i < xs.length; i += 1) {
    const q = undistortPoint(k1, w, h, p.xs[i], p.ys[i]);
    xs[i] = q.x;
    ys[i] = q.y;
  }
  return { xs, ys, rows: p.rows };
}

function fitLine(xs: ArrayLike<number>, ys: ArrayLike<number>, idx: number[], yc: number) {
  let n = 0;
  let sy = 0;
  let sx = 0;
  let syy = 0;
  let sxy = 0;
  for (const i of idx) {
    const y = ys[i] - yc;
    n += 1;
    sy += y;
    sx += xs[i];
    syy += y * y;
    sxy += y * xs[i];
  }
  const det = n * syy - sy * sy;
  if (n < 2 || det <= 0) return null;
  const s = (n * sxy - sy * sx) / det;
  return { a: (sx - s * sy) / n, s };
}

export function detectLines(g: Uint8Array, w: number, h: number): Line[] {
  return linesOf(ridgePoints(g, w, h), w, h);
}

/**
 * The rows a frame's ridge points span, from the 5th to the 95th percentile of their rows (a few points on the
 * stands or a player's kit above or below the field move it little).
 */
function ridgeSpan(rows: Int16Array) {
  const n = rows.length;
  if (n === 0) return 0;
  return rows[Math.floor(0.95 * (n - 1))] - rows[Math.floor(0.05 * (n - 1))];
}

/** The straight lines through a frame's ridge points (Hough vote, then least squares on the inliers). */
export function linesOf(pts: Ridges, w: number, h: number): Line[] {
  return linesWithPoints(pts, w, h).map((l) => l.line);
}

function linesWithPoints(pts: Ridges, w: number, h: number) {
  const yc = h / 2;
  const { xs, ys, rows } = pts;
  const nS = Math.round((2 * SLOPE_MAX) / SLOPE_STEP) + 1;
  // A line's votes spread over SLOPE_STEP * h/2 pixels of position between two slopes: bins that wide
  // keep a long line in a tall picture in one or two cells.
  const bin = Math.max(1, (SLOPE_STEP * h) / 4);
  const aMin = -Math.ceil((SLOPE_MAX * yc) / bin) - 2;
  const nA = Math.ceil(w / bin) - 2 * aMin + 4;
  const acc = new Int32Array(nS * nA);
  const used = new Uint8Array(xs.length);
  for (let i = 0; i < xs.length; i += 1) {
    const x = xs[i];
    const dy = ys[i] - yc;
    for (let si = 0; si < nS; si += 1) {
      const ai = Math.round((x - (-SLOPE_MAX + si * SLOPE_STEP) * dy) / bin) - aMin;
      if (ai >= 0 && ai < nA) acc[si * nA + ai] += 1;
    }
  }
  // A line holds points on a fifth of the picture's rows, or on two fifths of the rows the frame's ridges span
  // (the field's markings) where the field fills less than half of the picture (a distant sideline, a phone
  // held upright: decision 309); at least 12. A yard line crosses the whole field, a painted number or a hash
  // mark a few of its rows.
  const minVotes = Math.max(12, Math.round(Math.min(0.2 * h, 0.4 * ridgeSpan(rows)) / ROW_STEP));
  const peaks: number[] = [];
  for (let si = 1; si < nS - 1; si += 1)
    for (let ai = 1; ai < nA - 1; ai += 1) {
      const j = si * nA + ai;
      const v = acc[j];
      if (v < minVotes) continue;
      if (v < acc[j - 1] || v < acc[j + 1] || v < acc[j - nA] || v < acc[j + nA]) continue;
      peaks.push(j);
    }
  peaks.sort((p, q) => acc[q] - acc[p] || p - q);
  // The points of each row (x ascending within a row): a line's inliers are looked up by row around where
  // the line crosses it, not among every point of the frame. Undistorted, a row's points spread over a few
  // rows: the search spans where the line crosses the lowest and the highest of them.
  const rowStart: number[] = [0];
  for (let i = 1; i <= xs.length; i += 1) if (i === xs.length || rows[i] !== rows[i - 1]) rowStart.push(i);
  const yLo: number[] = [];
  const yHi: number[] = [];
  for (let r = 0; r + 1 < rowStart.length; r += 1) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = rowStart[r]; i < rowStart[r + 1]; i += 1) {
      lo = Math.min(lo, ys[i]);
      hi = Math.max(hi, ys[i]);
    }
    yLo.push(lo);
    yHi.push(hi);
  }
  const near = (a: number, s: number, tol: number) => {
    const out: number[] = [];
    for (let r = 0; r + 1 < rowStart.length; r += 1) {
      const lo = rowStart[r];
      const hi = rowStart[r + 1];
      const x0 = a + s * (yLo[r] - yc);
      const x1 = a + s * (yHi[r] - yc);
      // A point's sub-pixel shift (at most 2 px) can put two ridges 2 px apart out of order: search 4 px wider.
      const from = Math.min(x0, x1) - tol - 4;
      const to = Math.max(x0, x1) + tol + 4;
      let i = lo;
      let j = hi;
      while (i < j) {
        const mid = (i + j) >> 1;
        if (xs[mid] <= from) i = mid + 1;
        else j = mid;
      }
      for (; i < hi && xs[i] < to; i += 1)
        if (!used[i] && Math.abs(xs[i] - a - s * (ys[i] - yc)) < tol) out.push(i);
    }
    return out;
  };
  const lines: { line: Line; points: number[] }[] = [];
  // Strongest first; a peak left by a line already taken (its points used) refits to too few points.
  for (const at of peaks) {
    if (lines.length >= MAX_LINES) break;
    let line: { a: number; s: number } | null = {
      a: ((at % nA) + aMin) * bin,
      s: -SLOPE_MAX + Math.floor(at / nA) * SLOPE_STEP,
    };
    let inliers: number[] = [];
    for (let pass = 0; pass < 3 && line; pass += 1) {
      const { a, s } = line;
      inliers = near(a, s, pass === 0 ? 2.5 + bin : INLIER_PX);
      line = fitLine(xs, ys, inliers, yc);
    }
    if (!line || inliers.length < minVotes) continue;
    for (const i of inliers) used[i] = 1;
    lines.push({ line: { ...line, votes: inliers.length }, points: inliers });
  }
  return lines.sort((p, q) => p.line.a - q.line.a);
}

/** Frames the lens is measured on, spread over the clip. */
const LENS_FRAMES = 16;

/** The frames of a clip of `n` frames the lens is measured on: `LENS_FRAMES` spread over it. */
export function lensFrames(n: number) {
  const m = Math.min(n, LENS_FRAMES);
  return Array.from({ length: m }, (_, j) => Math.floor(((j + 0.5) * n) / m));
}

/**
 * Every frame's yard lines in the picture without the lens's bending (tracker 2.5.0), and the lens's k1
 * measured on a few of them (`lensK1`). Positions on these lines are undistorted points (`undistortPoint`).
 * `seen`: frames' lines found on their ridge points as they are (`linesOf`), where the caller found them
 * while the clip decoded (tracker 2.7.0): the lens is measured from them, and where it is measured as none
 * they are the lines (the other frames' are found here). `curves`: frames' straightness the caller scored
 * (`straightness`, with those lines), not scored again.
 */
export function framesLines(
  ridges: Ridges[],
  w: number,
  h: number,
  seen?: (Line[] | undefined)[],
  curves?: (number[] | null | undefined)[],
) {
  const k1 = clipLens(ridges, w, h, seen, curves);
  return { k1, lines: ridges.map((p, i) => lensLines(p, k1, w, h, seen?.[i])) };
}

/** The lens's k1 of a clip of these frames' ridge points, by `framesLines`' rule (its `seen` and `curves`). */
export function clipLens(
  ridges: Ridges[],
  w: number,
  h: number,
  seen?: (Line[] | undefined)[],
  curves?: (number[] | null | undefined)[],
) {
  const picked = lensFrames(ridges.length);
  return lensK1(
    picked.map((i) => ridges[i]),
    w,
    h,
    seen && picked.map((i) => seen[i]),
    curves && picked.map((i) => curves[i]),
  );
}

/**
 * One frame's yard lines in the picture without the lens's bending `k1` (`framesLines`): without a lens, the
 * lines found on its ridge points as they are (`seen`, where the caller found them already).
 */
export function lensLines(p: Ridges, k1: number, w: number, h: number, seen?: Line[]) {
  return k1 === 0 ? (seen ?? linesOf(p, w, h)) : linesOf(undistortRidges(p, k1, w, h), w, h);
}

/** Lens bending tried (k1), and the band around a straight line its bent points are looked for in (px). */
const LENS_K1 = { min: -0.16, max: 0.08, step: 0.004 };
const LENS_BAND_PX = 5;
const LENS_CLIP_PX = 1.5;
/**
 * The lens is taken as measured where at least this many frames measure it and half of them agree with the
 * clip's measure within LENS_AGREE; else the picture is taken as a pinhole's, as before tracker 2.5.0.
 */
const LENS_MIN_FRAMES = 4;
const LENS_AGREE = 0.01;
const LENS_STEPS = Math.round((LENS_K1.max - LENS_K1.min) / LENS_K1.step);

/**
 * How straight one frame's yard lines are for each k1 tried (`LENS_K1`): painted yard lines are straight on
 * the field, and a pinhole picture keeps them straight, so the k1 whose undoing leaves the lines' points
 * straightest is the lens's. The frame's lines are found as they are; the points within a band of each are
 * undistorted for every k1 tried, a line is fitted again, and the residuals (each clipped at LENS_CLIP_PX)
 * are summed. Null without a line reaching far enough from the centre to bend. A tracker that scores a frame
 * while the clip decodes keeps it, and `framesLines` does not score that frame again.
 */
export function straightness(pts: Ridges, w: number, h: number, seen?: Line[]): number[] | null {
  const yc = h / 2;
  const groups: { xs: Float64Array; ys: Float64Array }[] = [];
  const taken = new Uint8Array(pts.xs.length);
  for (const line of seen ?? linesOf(pts, w, h)) {
    const xs: number[] = [];
    const ys: number[] = [];
    let far = 0;
    for (let i = 0; i < pts.xs.length; i += 1) {
      if (taken[i] || Math.abs(pts.xs[i] - line.a - line.s * (pts.ys[i] - yc)) >= LENS_BAND_PX) continue;
      taken[i] = 1;
      xs.push(pts.xs[i]);
      ys.push(pts.ys[i]);
      far = Math.max(far, Math.hypot(pts.xs[i] - w / 2, pts.ys[i] - yc));
    }
    if (xs.length >= 12 && far > 0.4 * Math.min(w, h))
      groups.push({ xs: Float64Array.from(xs), ys: Float64Array.from(ys) });
  }
  if (groups.length === 0) return null;
  const rows = new Int16Array(0);
  const cost = (k1: number) => {
    let total = 0;
    for (const gr of groups) {
      const u = undistortRidges({ xs: gr.xs, ys: gr.ys, rows }, k1, w, h);
      let idx = Array.from(u.xs, (_, i) => i);
      let line = fitLine(u.xs, u.ys, idx, yc);
      if (!line) continue;
      const { a, s } = line;
      // One refit on the points near the first fit: a stray point (a number, a player) does not tilt it.
      idx = idx.filter((i) => Math.abs(u.xs[i] - a - s * (u.ys[i] - yc)) < 2 * LENS_CLIP_PX);
      line = fitLine(u.xs, u.ys, idx, yc) ?? line;
      for (let i = 0; i < u.xs.length; i += 1) {
        const e = u.xs[i] - line.a - line.s * (u.ys[i] - yc);
        total += Math.min(e * e, LENS_CLIP_PX * LENS_CLIP_PX);
      }
    }
    return total;
  };
  return Array.from({ length: LENS_STEPS + 1 }, (_, j) => cost(LENS_K1.min + j * LENS_K1.step));
}

/** The k1 of the least sum (between grid points: the parabola through it and its neighbours); null at an end. */
function leastK1(costs: number[]): number | null {
  let j = 0;
  for (let i = 1; i < costs.length; i += 1) if (costs[i] < costs[j]) j = i;
  if (j === 0 || j === costs.length - 1) return null;
  const [c0, c1, c2] = [costs[j - 1], costs[j], costs[j + 1]];
  const den = c0 - 2 * c1 + c2;
  return LENS_K1.min + j * LENS_K1.step + (den > 0 ? (0.5 * (c0 - c2) * LENS_K1.step) / den : 0);
}

/**
 * The lens's k1 from a few frames' ridge points (issue 48, tracker 2.5.0, decision 296): the k1 that makes
 * the lines of all of them straightest together, where at least LENS_MIN_FRAMES frames measure one of
 * their own and half of those agree with it within LENS_AGREE, and it bends the corners by half a pixel or
 * more; 0 (a pinhole's picture) otherwise. `scored`: frames' straightness already scored (`straightness`).
 */
export function lensK1(
  frames: Ridges[],
  w: number,
  h: number,
  seen?: (Line[] | undefined)[],
  scored?: (number[] | null | undefined)[],
): number {
  return lensOf(
    frames.map((p, i) => (scored?.[i] !== undefined ? scored[i] : straightness(p, w, h, seen?.[i]))),
    w,
    h,
  );
}

/**
 * The lens's k1 from frames' straightness (`straightness`; null: a frame whose lines do not tell), by the rule
 * of `lensK1`. A tracker that finds each frame's lines as the clip decodes asks it after each frame the lens
 * is measured on, and stops once the frames so far measure one (decision 299): with a lens, every frame's
 * lines are found again with the bending undone. Only when the lines are found depends on it, not what they
 * are.
 */
export function lensOf(scored: (number[] | null)[], w: number, h: number): number {
  const curves = scored.filter((c): c is number[] => c !== null);
  if (curves.length === 0) return 0;
  const sum = curves[0].map((_, j) => curves.reduce((t, c) => t + c[j], 0));
  const k1 = leastK1(sum);
  const own = curves.map(leastK1).filter((k): k is number => k !== null);
  if (k1 === null || own.length < LENS_MIN_FRAMES) return 0;
  const agree = own.filter((k) => Math.abs(k - k1) <= LENS_AGREE).length;
  // A bend of under half a pixel at the picture's corners is within what the measure can tell from none.
  if (agree < 0.5 * own.length || Math.abs(k1) * 0.5 * Math.hypot(w, h) < 0.5) return 0;
  return k1;
}

export const lineX = (l: Pick<Line, 'a' | 's'>, y: number, h: number) => l.a + l.s * (y - h / 2);

/**
 * The picture row where a frame's yard lines meet (their vanishing point: the horizon's row for a camera held
 * level), from `x = a + s (y - h/2)` of each line by least squares; null with fewer than two lines or lines
 * too near parallel to meet in a measurable place. A player's size in the picture grows with his distance
 * below that row (issue 48, decision 286), where the field's pixels per yard along a row also change with the
 * angle the camera looks along the field.
 */
export function horizonRow(lines: Pick<Line, 'a' | 's'>[], h: number): number | null {
  return linesMeet(lines, h)?.y ?? null;
}

/** Where the lines meet in the picture (`horizonRow`'s least squares), or null. */
function linesMeet(lines: Pick<Line, 'a' | 's'>[], h: number) {
  if (lines.length < 2) return null;
  const n = lines.length;
  const ma = lines.reduce((t, l) => t + l.a, 0) / n;
  const ms = lines.reduce((t, l) => t + l.s, 0) / n;
  const vs = lines.reduce((t, l) => t + (l.s - ms) ** 2, 0) / n;
  if (vs < 1e-6) return null;
  const u = -lines.reduce((t, l) => t + (l.a - ma) * (l.s - ms), 0) / n / vs;
  return { x: ma + ms * u, y: h / 2 + u };
}

export interface Labelled extends Line {
  /** Line number: yards along the field are 5 * label, growing with image x. */
  label: number;
}

function median(v: number[]) {
  const s = [...v].sort((p, q) => p - q);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}

/** The median gap between neighbouring positions (sorted ascending), or null with fewer than two. */
function medianGap(xs: number[]) {
  if (xs.length < 2) return null;
  return median(xs.slice(1).map((x, k) => x - xs[k]));
}

/**
 * One line per painted line (issue 48, tracker 2.4.0): a thick line is sometimes found twice, a few pixels
 * apart. Of lines closer than a quarter of the picture's line spacing on the reference row, the one with
 * more votes is kept. `xc` is each line's x on that row.
 */
function withoutTwins(cur: Line[], xc: number[]) {
  const order = xc.map((_, i) => i).sort((p, q) => xc[p] - xc[q]);
  const spacing = medianGap(order.map((i) => xc[i]));
  if (spacing === null) return order;
  const kept: number[] = [];
  for (const i of order) {
    const last = kept[kept.length - 1];
    if (last !== undefined && xc[i] - xc[last] < 0.25 * spacing) {
      if (cur[i].votes > cur[last].votes) kept[kept.length - 1] = i;
    } else kept.push(i);
  }
  return kept;
}

/**
 * Carries the line numbers from one frame to the next: the shift that pairs the most lines (the camera
 * moves less than half a line spacing between frames); each paired line keeps its number. A line found in
 * this frame alone takes the number its place between the paired lines gives (their spacing, not their
 * count: a line missed or found twice does not renumber the lines after it, issue 48, tracker 2.4.0), and is
 * left out where its place is not within a third of a spacing of a line's. The first frame numbers its lines
 * by their order, 0 for the line just left of `originX`.
 */
export function labelLines(
  prev: Labelled[] | null,
  cur: Line[],
  yRef: number,
  h: number,
  originX: number,
): Labelled[] {
  if (cur.length === 0) return [];
  const xAll = cur.map((l) => lineX(l, yRef, h));
  const order = withoutTwins(cur, xAll);
  const xc = order.map((i) => xAll[i]);
  const labels = new Array<number | null>(order.length).fill(null);
  if (!prev || prev.length === 0) {
    let i0 = xc.findIndex((x) => x > originX) - 1;
    if (i0 < 0) i0 = xc.findIndex((x) => x > originX) === -1 ? xc.length - 1 : 0;
    return order.map((i, j) => ({ ...cur[i], label: j - i0 }));
  }
  const xp = prev.map((l) => lineX(l, yRef, h));
  const spacing = medianGap([...xp].sort((p, q) => p - q)) ?? medianGap(xc) ?? 100;
  const tol = 0.25 * spacing;
  let best = { score: -1, err: Infinity, d: 0 };
  for (const a of xc)
    for (const b of xp) {
      const d = a - b;
      if (Math.abs(d) > 0.5 * spacing) continue;
      let score = 0;
      let err = 0;
      for (const x of xc) {
        const e = Math.min(...xp.map((p) => Math.abs(x - p - d)));
        if (e < tol) {
          score += 1;
          err += e;
        }
      }
      if (score > best.score || (score === best.score && err < best.err)) best = { score, err, d };
    }
  const taken = new Set<number>();
  for (let j = 0; j < xc.length; j += 1) {
    let k = -1;
    let e = tol;
    xp.forEach((p, m) => {
      if (Math.abs(xc[j] - p - best.d) < e) {
        e = Math.abs(xc[j] - p - best.d);
        k = m;
      }
    });
    if (k >= 0 && !taken.has(prev[k].label)) {
      labels[j] = prev[k].label;
      taken.add(prev[k].label);
    }
  }
  const paired = labels.flatMap((l, j) => (l === null ? [] : [j]));
  if (paired.length === 0) return [];
  // Paired numbers must grow with x; a frame where they do not is left without lines.
  for (let k = 1; k < paired.length; k += 1) if (labels[paired[k]]! <= labels[paired[k - 1]]!) return [];
  for (let j = 0; j < xc.length; j += 1) {
    if (labels[j] !== null) continue;
    // The two paired lines nearest on each side (or the two nearest on one side), their spacing per number.
    const left = paired.filter((q) => q < j);
    const right = paired.filter((q) => q > j);
    const [p, q] =
      left.length && right.length
        ? [left[left.length - 1], right[0]]
        : left.length >= 2
          ? [left[left.length - 2], left[left.length - 1]]
          : right.length >= 2
            ? [right[0], right[1]]
            : [null, null];
    let place: number;
    if (p === null || q === null) {
      const only = paired[0];
      place = labels[only]! + (xc[j] - xc[only]) / spacing;
    } else place = labels[p]! + ((xc[j] - xc[p]) / (xc[q] - xc[p])) * (labels[q]! - labels[p]!);
    const label = Math.round(place);
    if (Math.abs(place - label) > 1 / 3 || taken.has(label)) continue;
    labels[j] = label;
    taken.add(label);
  }
  return order.flatMap((i, j) => (labels[j] === null ? [] : [{ ...cur[i], label: labels[j] }]));
}

export interface FieldMap {
  /** Yards (5 per line number) at image x on the row the map was made for. */
  yards(x: number): number;
  /** Pixels per yard at image x. */
  pxPerYard(x: number): number;
  /** Root-mean-square distance of the lines from the fitted map, in pixels. */
  rmsPx: number;
  lines: number;
}

/**
 * What the fit's map knows of the field's perspective along a picture row beyond its own lines (tracker 2.26.0,
 * decision 363): the slope of the horizon in the picture (`horizonSlope`, the camera's roll as the tangent of
 * its angle, measured on the clip), or null where it is not known.
 */
export interface RowPerspective {
  horizonSlope: number | null;
}

/**
 * Image x against yards along one row: a pinhole camera maps a straight row of the field to the image by
 * x = (p Y + q) / (r Y + 1), fitted to the lines crossing the row. The tracker's following (`row` not given)
 * fits it to four lines or more and takes two or three as a straight scale. The fit (`row` given, decision
 * 363) fits it to three lines or more, and to two where the horizon's slope is known: the row meets the
 * horizon where the field's far end along the row shows, x∞ = V.x + (y - V.y) / slope (V where the yard
 * lines meet), which leaves two unknowns; a level camera (slope 0) sees a straight scale, as two lines give.
 */
export function fieldMap(lines: Labelled[], y: number, h: number, row?: RowPerspective): FieldMap | null {
  const pts = lines.map((l) => ({ Y: 5 * l.label, x: lineX(l, y, h) }));
  if (pts.length < 2) return null;
  // A horizon within a millionth of level is level: the far end lies so far off that the straight scale is
  // the map (and the pole's arithmetic would lose its digits).
  if (row && pts.length === 2 && row.horizonSlope !== null && Math.abs(row.horizonSlope) > 1e-6) {
    const far = rowMeetsHorizon(lines, y, h, row.horizonSlope);
    if (far !== null) return polarMap(pts, far);
  }
  const fit = pts.length >= (row ? 3 : 4) ? pinholeFit(pts) : straightFit(pts);
  if (!fit) return null;
  const { p, q, r } = fit;
  const rmsPx = fitRms(pts, fit);
  return {
    yards: (x) => (x - q) / (p - r * x),
    pxPerYard: (x) => {
      const Y = (x - q) / (p - r * x);
      return Math.abs((p - r * q) / (r * Y + 1) ** 2);
    },
    rmsPx,
    lines: pts.length,
  };
}

/** x = (p Y + q) / (r Y + 1) through three points or more, by least squares on `x (r Y + 1) = p Y + q`. */
function pinholeFit(pts: { Y: number; x: number }[]) {
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const v = [0, 0, 0];
  for (const { Y, x } of pts) {
    const row = [Y, 1, -Y * x];
    for (let i = 0; i < 3; i += 1) {
      v[i] += row[i] * x;
      for (let j = 0; j < 3; j += 1) m[i][j] += row[i] * row[j];
    }
  }
  const sol = solveLinear(m, v);
  return sol ? { p: sol[0], q: sol[1], r: sol[2] } : null;
}

/** How far (pixels, root mean square) the points lie from a map `x = (p Y + q) / (r Y + 1)`. */
function fitRms(pts: { Y: number; x: number }[], { p, q, r }: { p: number; q: number; r: number }) {
  return Math.sqrt(pts.reduce((s, t) => s + ((p * t.Y + q) / (r * t.Y + 1) - t.x) ** 2, 0) / pts.length);
}

/** x = p Y + q through two points or more, by least squares. */
function straightFit(pts: { Y: number; x: number }[]) {
  const n = pts.length;
  const mY = pts.reduce((s, t) => s + t.Y, 0) / n;
  const mx = pts.reduce((s, t) => s + t.x, 0) / n;
  const sxy = pts.reduce((s, t) => s + (t.Y - mY) * (t.x - mx), 0);
  const syy = pts.reduce((s, t) => s + (t.Y - mY) ** 2, 0);
  const p = sxy / syy;
  return { p, q: mx - p * mY, r: 0 };
}

/**
 * Where row `y` meets the horizon of slope `slope` drawn through the point the lines meet (their vanishing
 * point, by least squares), in picture x; null where the lines are too near parallel to meet.
 */
function rowMeetsHorizon(lines: Pick<Line, 'a' | 's'>[], y: number, h: number, slope: number) {
  const v = linesMeet(lines, h);
  return v ? v.x + (y - v.y) / slope : null;
}

/** The pinhole map through two lines' points whose row shows the field's far end at picture x `far`. */
function polarMap(pts: { Y: number; x: number }[], far: number): FieldMap {
  // Y = Y0 + A / (x - far): two points give both.
  const [a, b] = pts;
  const wa = 1 / (a.x - far);
  const wb = 1 / (b.x - far);
  const A = (b.Y - a.Y) / (wb - wa);
  const Y0 = a.Y - A * wa;
  return {
    yards: (x) => Y0 + A / (x - far),
    pxPerYard: (x) => (x - far) ** 2 / Math.abs(A),
    rmsPx: 0,
    lines: 2,
  };
}

/** Fewest frames `horizonSlope` reads the horizon on; how far (pixels, root mean square) their lines may lie from the map. */
const HORIZON_MIN_FRAMES = 3;
const HORIZON_FIT_PX = 1;

/**
 * The horizon's slope in the picture (the camera's roll), from the frames whose map rests on four yard lines
 * or more that fit it within a pixel (decision 363): on each, the row through `rowOf(i)` meets the horizon
 * where the fitted map puts the field's far end (x∞ = p / r), and the line from the yard lines' meeting point
 * to there is the horizon. The median of at least `HORIZON_MIN_FRAMES` frames; null with fewer (a clip that
 * never shows four lines, or whose four do not fit one map: lines numbered wrong).
 */
export function horizonSlope(
  frames: { lines: Labelled[] }[],
  h: number,
  rowOf: (i: number) => number | null,
): number | null {
  const slopes: number[] = [];
  frames.forEach((f, i) => {
    if (f.lines.length < 4) return;
    const y = rowOf(i);
    const v = linesMeet(f.lines, h);
    if (y === null || !v) return;
    const pts = f.lines.map((l) => ({ Y: 5 * l.label, x: lineX(l, y, h) }));
    const fit = pinholeFit(pts);
    if (!fit) return;
    if (fitRms(pts, fit) > HORIZON_FIT_PX) return;
    const { p, r } = fit;
    // The slope from the meeting point to x∞ = p / r on row y, written so that a level row (r = 0) gives 0.
    slopes.push(((y - v.y) * r) / (p - r * v.x));
  });
  if (slopes.length < HORIZON_MIN_FRAMES) return null;
  slopes.sort((a, b) => a - b);
  return slopes[Math.floor(slopes.length / 2)];
}

/**
 * The map at `x` describes a field a standing player (2 yards) could stand on in this picture: between 4 px
 * and the picture's height tall. Near the pole of the pinhole map (a wrong labelling of the lines on one
 * frame) pixels per yard grow without bound (issue 48, scene 7027: a search 146,000 px wide); such a frame
 * has no map at that point.
 */
export function plausibleMapAt(map: FieldMap | null, x: number, h: number): map is FieldMap {
  if (!map) return false;
  const ppy = map.pxPerYard(x);
  return Number.isFinite(ppy) && 2 * ppy >= 4 && 2 * ppy <= h;
}
