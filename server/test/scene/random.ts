/** A small seeded generator (mulberry32) and the draws a scene is made of: the same seed, the same scene. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [a, b). */
  range(a: number, b: number): number;
  /** Whole number in [a, b]. */
  int(a: number, b: number): number;
  chance(p: number): boolean;
  pick<T>(xs: readonly T[]): T;
  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(xs: readonly (readonly [T, number])[]): T;
}

export function rng(seed: number): Rng {
  let a = (seed ^ 0x9e3779b9) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r: Rng = {
    next,
    range: (x, y) => x + (y - x) * next(),
    int: (x, y) => x + Math.floor(next() * (y - x + 1)),
    chance: (p) => next() < p,
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    weighted: (xs) => {
      const total = xs.reduce((s, [, w]) => s + w, 0);
      let u = next() * total;
      for (const [v, w] of xs) {
        u -= w;
        if (u < 0) return v;
      }
      return xs[xs.length - 1][0];
    },
  };
  return r;
}

/** A hash of two integers to [0, 1): texture noise that needs no state. */
export function hash2(i: number, j: number, salt = 0) {
  let n = Math.imul(i, 374761393) + Math.imul(j, 668265263) + Math.imul(salt, 2147483647);
  n = Math.imul(n ^ (n >>> 13), 1274126177);
  return ((n ^ (n >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in [0, 1) at (x, y), cells of size 1. */
export function valueNoise(x: number, y: number, salt = 0) {
  const i = Math.floor(x);
  const j = Math.floor(y);
  const fx = x - i;
  const fy = y - j;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash2(i, j, salt);
  const b = hash2(i + 1, j, salt);
  const c = hash2(i, j + 1, salt);
  const d = hash2(i + 1, j + 1, salt);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}
