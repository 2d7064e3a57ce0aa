/**
 * Position against time as a penalised cubic spline (decision 210): uniform knots, a light penalty on
 * second differences of the coefficients, weighted least squares. The covariance of the coefficients
 * (residual variance, inflated for residuals that follow one another) gives the bound of any distance
 * the curve measures.
 */
export interface Spline {
  t0: number;
  step: number;
  coefficients: number[];
  /** Each group's offset from the first group's points (yards; `fitSpline`), 0 for that group. */
  offsets: Record<number, number>;
  /** Covariance of the coefficients (row-major, m x m). */
  cov: Float64Array;
  residualYards: number;
  used: number;
}

function basis(t: number, t0: number, step: number, m: number) {
  const x = (t - t0) / step;
  const seg = Math.min(m - 4, Math.max(0, Math.floor(x)));
  const u = x - seg;
  const v = 1 - u;
  return {
    seg,
    b: [
      (v * v * v) / 6,
      (3 * u ** 3 - 6 * u * u + 4) / 6,
      (-3 * u ** 3 + 3 * u * u + 3 * u + 1) / 6,
      u ** 3 / 6,
    ],
    d: [
      (-v * v) / 2 / step,
      (1.5 * u * u - 2 * u) / step,
      (-1.5 * u * u + u + 0.5) / step,
      (u * u) / 2 / step,
    ],
  };
}

function invert(a: Float64Array, m: number) {
  const aug = new Float64Array(m * 2 * m);
  for (let i = 0; i < m; i += 1) {
    for (let j = 0; j < m; j += 1) aug[i * 2 * m + j] = a[i * m + j];
    aug[i * 2 * m + m + i] = 1;
  }
  for (let c = 0; c < m; c += 1) {
    let p = c;
    for (let r = c + 1; r < m; r += 1) if (Math.abs(aug[r * 2 * m + c]) > Math.abs(aug[p * 2 * m + c])) p = r;
    if (p !== c)
      for (let k = 0; k < 2 * m; k += 1) {
        const tmp = aug[c * 2 * m + k];
        aug[c * 2 * m + k] = aug[p * 2 * m + k];
        aug[p * 2 * m + k] = tmp;
      }
    const d = aug[c * 2 * m + c];
    for (let k = 0; k < 2 * m; k += 1) aug[c * 2 * m + k] /= d;
    for (let r = 0; r < m; r += 1) {
      if (r === c) continue;
      const f = aug[r * 2 * m + c];
      if (f !== 0) for (let k = 0; k < 2 * m; k += 1) aug[r * 2 * m + k] -= f * aug[c * 2 * m + k];
    }
  }
  const inv = new Float64Array(m * m);
  for (let i = 0; i < m; i += 1) for (let j = 0; j < m; j += 1) inv[i * m + j] = aug[i * 2 * m + m + j];
  return inv;
}

export const FIT = { knotSeconds: 0.2, penalty: 0.1 };

/**
 * The penalised spline through `points`. A point's `group` (0 where none is given) says which of the track's
 * parts it belongs to, where each part may sit a constant distance off the others (tracker 2.22.0, decision
 * 354: the frames of two clicks made where the player was too close to another to line them up, each click
 * on its own place on his body): each group past the first that holds points gets its own offset, fitted with the
 * curve, so the curve is the run of the first group's point and the offsets' uncertainty is in the covariance
 * of its coefficients. Only differences of the curve (speeds, distances) are read from it.
 */
export function fitSpline(points: { t: number; y: number; group?: number }[]): Spline | null {
  if (points.length < 8) return null;
  const first = points[0].t;
  const last = points[points.length - 1].t;
  const segs = Math.max(1, Math.ceil((last - first) / FIT.knotSeconds - 1e-9));
  const step = (last - first) / segs || FIT.knotSeconds;
  const m = segs + 3;
  // The groups that hold points, past the first of them (whose points the curve is): one column each.
  const present = [...new Set(points.map((p) => p.group ?? 0))].sort((a, b) => a - b);
  const groups = present.slice(1);
  const column = new Map(groups.map((g, k) => [g, m + k]));
  const n = m + groups.length;
  const xtx = new Float64Array(n * n);
  const xty = new Float64Array(n);
  for (const p of points) {
    const { seg, b } = basis(p.t, first, step, m);
    const cols = [seg, seg + 1, seg + 2, seg + 3];
    const vals = [...b];
    const g = column.get(p.group ?? 0);
    if (g !== undefined) {
      cols.push(g);
      vals.push(1);
    }
    for (let i = 0; i < cols.length; i += 1) {
      xty[cols[i]] += vals[i] * p.y;
      for (let j = 0; j < cols.length; j += 1) xtx[cols[i] * n + cols[j]] += vals[i] * vals[j];
    }
  }
  const a = Float64Array.from(xtx);
  for (let k = 0; k + 2 < m; k += 1) {
    const idx = [k, k + 1, k + 2];
    const dd = [1, -2, 1];
    for (let i = 0; i < 3; i += 1)
      for (let j = 0; j < 3; j += 1) a[idx[i] * n + idx[j]] += FIT.penalty * dd[i] * dd[j];
  }
  const ainv = invert(a, n);
  const c = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) c[i] += ainv[i * n + j] * xty[j];
  const offsets: Record<number, number> = { [present[0]]: 0 };
  for (const [g, col] of column) offsets[g] = c[col];
  const value = (t: number, group = 0) => {
    const { seg, b } = basis(t, first, step, m);
    return b.reduce((s, bi, i) => s + bi * c[seg + i], 0) + (offsets[group] ?? 0);
  };
  const res = points.map((p) => p.y - value(p.t, p.group));
  let edf = 0;
  for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) edf += ainv[i * n + j] * xtx[j * n + i];
  const rss = res.reduce((s, r) => s + r * r, 0);
  const sigma2 = rss / Math.max(1, points.length - edf);
  // Residuals of neighbouring frames are not independent (the match errs alike on similar pictures):
  // the variance of a sum grows by (1 + rho) / (1 - rho) for a lag-one correlation rho.
  let num = 0;
  for (let i = 1; i < res.length; i += 1) num += res[i] * res[i - 1];
  const rho = Math.min(0.9, Math.max(0, rss > 0 ? num / rss : 0));
  const inflate = (1 + rho) / (1 - rho);
  // The covariance of the curve's coefficients: the block of the whole one that the offsets' columns leave.
  const tmp = new Float64Array(m * n);
  for (let i = 0; i < m; i += 1)
    for (let j = 0; j < n; j += 1) {
      let s = 0;
      for (let k = 0; k < n; k += 1) s += ainv[i * n + k] * xtx[k * n + j];
      tmp[i * n + j] = s;
    }
  const cov = new Float64Array(m * m);
  for (let i = 0; i < m; i += 1)
    for (let j = 0; j < m; j += 1) {
      let s = 0;
      for (let k = 0; k < n; k += 1) s += tmp[i * n + k] * ainv[k * n + j];
      cov[i * m + j] = s * sigma2 * inflate;
    }
  return {
    t0: first,
    step,
    coefficients: c.slice(0, m),
    offsets,
    cov,
    residualYards: Math.sqrt(sigma2 * inflate),
    used: points.length,
  };
}

/** The fitted position of a point of `group` at `t` (the curve plus the group's offset). */
export const fittedAt = (s: Spline, t: number, group = 0) => splineAt(s, t) + (s.offsets[group] ?? 0);

export const splineAt = (s: Spline, t: number) => {
  const { seg, b } = basis(t, s.t0, s.step, s.coefficients.length);
  return b.reduce((acc, bi, i) => acc + bi * s.coefficients[seg + i], 0);
};
export const splineSpeed = (s: Spline, t: number) => {
  const { seg, d } = basis(t, s.t0, s.step, s.coefficients.length);
  return d.reduce((acc, di, i) => acc + di * s.coefficients[seg + i], 0);
};

/** Standard deviation of the fitted distance covered between t1 and t2. */
export function distanceSigma(s: Spline, t1: number, t2: number) {
  const m = s.coefficients.length;
  const g = new Float64Array(m);
  const add = (t: number, sign: number) => {
    const { seg, b } = basis(t, s.t0, s.step, m);
    for (let i = 0; i < 4; i += 1) g[seg + i] += sign * b[i];
  };
  add(t2, 1);
  add(t1, -1);
  let v = 0;
  for (let i = 0; i < m; i += 1) for (let j = 0; j < m; j += 1) v += g[i] * s.cov[i * m + j] * g[j];
  return Math.sqrt(Math.max(0, v));
}

/** The time the fitted curve reaches `yards` (bisection inside [lo, hi]), or null. */
export function timeAt(s: Spline, yards: number, lo: number, hi: number) {
  if (splineAt(s, lo) > yards || splineAt(s, hi) < yards) return null;
  let a = lo;
  let b = hi;
  for (let k = 0; k < 60; k += 1) {
    const mid = (a + b) / 2;
    if (splineAt(s, mid) < yards) a = mid;
    else b = mid;
  }
  return b;
}
