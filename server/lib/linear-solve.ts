/** Small dense linear systems and least squares (the 40's proposer, the tracker's field map). */

/** The solution of a square linear system (Gauss-Jordan with pivoting), or null when it is singular. */
export function solveLinear(m: number[][], v: number[]) {
  const c = v.length;
  const a = m.map((row, i) => [...row, v[i]]);
  for (let col = 0; col < c; col += 1) {
    let p = col;
    for (let r = col + 1; r < c; r += 1) if (Math.abs(a[r][col]) > Math.abs(a[p][col])) p = r;
    [a[col], a[p]] = [a[p], a[col]];
    if (Math.abs(a[col][col]) < 1e-12) return null;
    for (let r = 0; r < c; r += 1) {
      if (r === col) continue;
      const f = a[r][col] / a[col][col];
      for (let k = col; k <= c; k += 1) a[r][k] -= f * a[col][k];
    }
  }
  return a.map((row, i) => row[c] / row[i]);
}

/** The least-squares coefficients of `rows` (one row of regressors per value of `y`), or null. */
export function leastSquares(rows: number[][], y: number[]) {
  const c = rows[0]?.length ?? 0;
  const m = Array.from({ length: c }, () => new Array<number>(c).fill(0));
  const v = new Array<number>(c).fill(0);
  rows.forEach((r, k) => {
    for (let i = 0; i < c; i += 1) {
      v[i] += r[i] * y[k];
      for (let j = 0; j < c; j += 1) m[i][j] += r[i] * r[j];
    }
  });
  return solveLinear(m, v);
}
