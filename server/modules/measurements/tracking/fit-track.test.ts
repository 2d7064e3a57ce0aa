import { describe, expect, it } from 'vitest';
import { distanceSigma, fitSpline, fittedAt, splineAt } from './fit-track';

/**
 * A run at 60 fps that reaches 9 yards a second, sampled with a little noise from a fixed sequence (no
 * randomness in the test): yards at time t.
 */
const run = (t: number) => 9 * t - 9 * 0.9 * (1 - Math.exp(-t / 0.9));
const noise = (k: number) => 0.02 * Math.sin(k * 12.9898) * Math.cos(k * 4.1414);
const times = Array.from({ length: 240 }, (_, k) => k / 60);

/** The distance covered over [a, b] and the fit's deviation of it. */
function distance(points: { t: number; y: number; group?: number }[], a: number, b: number) {
  const s = fitSpline(points)!;
  return { yards: splineAt(s, b) - splineAt(s, a), sigma: distanceSigma(s, a, b), s };
}

describe('fitSpline with parts fitted with their own offsets (decision 354)', () => {
  const a = 2;
  const b = 3;
  const truth = run(b) - run(a);
  // The frames after 2.5 s sit 0.3 yards further on: a second click made on another place on the body.
  const stepped = times.map((t, k) => ({
    t,
    y: run(t) + noise(k) + (t >= 2.5 ? 0.3 : 0),
    group: t >= 2.5 ? 1 : 0,
  }));

  it('a step inside the window moves the distance when it is not known, and not when its part is fitted', () => {
    const blind = distance(
      stepped.map(({ t, y }) => ({ t, y })),
      a,
      b,
    );
    expect(Math.abs(blind.yards - truth)).toBeGreaterThan(0.2);
    const fitted = distance(stepped, a, b);
    expect(Math.abs(fitted.yards - truth)).toBeLessThan(0.05);
    expect(fitted.s.offsets[1]).toBeCloseTo(0.3, 1);
    // The truth inside two deviations of the fit, which holds the offset's own uncertainty.
    expect(Math.abs(fitted.yards - truth)).toBeLessThan(2 * fitted.sigma);
  });

  it("the offset's uncertainty widens the distance's deviation against a track of one part", () => {
    const one = distance(
      times.map((t, k) => ({ t, y: run(t) + noise(k) })),
      a,
      b,
    );
    const two = distance(
      times.map((t, k) => ({ t, y: run(t) + noise(k), group: t >= 2.5 ? 1 : 0 })),
      a,
      b,
    );
    expect(Math.abs(two.yards - truth)).toBeLessThan(0.05);
    expect(two.sigma).toBeGreaterThan(one.sigma * 1.2);
  });

  it('the curve is the first part that holds points, and each point is fitted with its own offset', () => {
    const later = stepped.map((p) => ({ ...p, group: p.group + 3 }));
    const s = fitSpline(later)!;
    expect(s.offsets[3]).toBe(0);
    expect(s.offsets[4]).toBeCloseTo(0.3, 1);
    expect(fittedAt(s, 3, 4) - fittedAt(s, 3, 3)).toBeCloseTo(0.3, 1);
    expect(splineAt(s, b) - splineAt(s, a)).toBeCloseTo(truth, 1);
  });
});
