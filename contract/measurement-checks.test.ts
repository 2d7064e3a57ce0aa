import { describe, expect, it } from 'vitest';
import { HOLD_ABOVE_MPH, MAX_BOUND_MPH } from './measurement-checks';
import { computeMeasurement, MeasurementError, ydsToMph, type Timeline } from './measurement-math';

const cfr = (num: number, den: number, count: number, more: Partial<Timeline> = {}): Timeline => ({
  times: Array.from({ length: count }, (_, n) => (n * den) / num),
  fps: { num, den },
  vfr: false,
  ...more,
});
const mphToYps = (mph: number) => (mph * 1760) / 3600;

/** A seeded generator, so a failing trial can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Marks as a perfect analyst puts them: the first frame at or after the runner crosses each line. */
function trueMarks(times: number[], mph: number, startTime: number, lines: number[]) {
  const yps = mphToYps(mph);
  return lines.map((yardLine, i) => {
    const t = startTime + (i * 5) / yps;
    return { yardLine, frameIndex: times.findIndex((x) => x >= t - 1e-12) };
  });
}

describe('a verified speed is never silently wrong (decision 198)', () => {
  it('the reproduction: 120 fps, true 15.08 mph, marks on frames 1, 82 and 163 hold the truth after rounding', () => {
    const m = computeMeasurement(cfr(120, 1, 200), [
      { frameIndex: 1, yardLine: 0 },
      { frameIndex: 82, yardLine: 5 },
      { frameIndex: 163, yardLine: 10 },
    ]);
    expect(m.window.mphLow).toBeLessThan(15.08);
    expect(m.maxSpeed).toBe(15.2);
    expect(m.maxSpeed - m.plusMinus).toBeLessThanOrEqual(15.08);
    expect(m.maxSpeed - m.plusMinus).toBeLessThanOrEqual(m.window.mphLow + 1e-9);
    expect(m.maxSpeed + m.plusMinus).toBeGreaterThanOrEqual(m.window.mphHigh - 1e-9);
  });

  for (const fps of [120, 240, 30000 / 1001, 60000 / 1001]) {
    it(`random trials at ${fps.toFixed(2)} fps: the stated interval holds the true speed every time`, () => {
      const next = rng(Math.round(fps * 1000));
      const times = Array.from({ length: Math.ceil(fps * 4) }, (_, n) => n / fps);
      let misses = 0;
      for (let trial = 0; trial < 2000; trial += 1) {
        const mph = 14 + next() * 9.5;
        const marks = trueMarks(times, mph, 0.05 + next() * 0.2, [20, 25, 30]);
        const m = computeMeasurement({ times, fps: { num: fps, den: 1 }, vfr: false }, marks);
        if (mph < m.maxSpeed - m.plusMinus - 1e-9 || mph > m.maxSpeed + m.plusMinus + 1e-9) misses += 1;
      }
      expect(misses).toBe(0);
    });
  }

  it('marks on adjacent frames that put 5 yards in one frame are refused, naming the two marks', () => {
    const t = cfr(30000, 1001, 80);
    const marks = [
      { frameIndex: 0, yardLine: 0 },
      { frameIndex: 30, yardLine: 5 },
      { frameIndex: 31, yardLine: 10 },
      { frameIndex: 61, yardLine: 15 },
    ];
    expect(() => computeMeasurement(t, marks)).toThrow(MeasurementError);
    expect(() => computeMeasurement(t, marks)).toThrow(
      /the 5-yard line \(frame 31\) and the 10-yard line \(frame 32\) put 5 yards in 1 frame: no time at all/,
    );
    // Two frames apart: at least 76.7 mph, still no human.
    expect(() =>
      computeMeasurement(t, [
        { frameIndex: 0, yardLine: 0 },
        { frameIndex: 30, yardLine: 5 },
        { frameIndex: 32, yardLine: 10 },
      ]),
    ).toThrow(/put 5 yards in 2 frames: at least [\d.]+ mph, faster than anyone has run/);
  });

  it('a phone that repeats frames: the rate is the new pictures, the bound reaches back past repeats, a mark on a repeat reaches back before its picture', () => {
    // 30 fps labelled, every picture shown twice: 15 new pictures a second.
    const repeats = Array.from({ length: 60 }, (_, i) => 2 * i + 1);
    const t = cfr(30, 1, 120, { repeats });
    const marks = [
      { frameIndex: 4, yardLine: 20 },
      { frameIndex: 34, yardLine: 25 },
      { frameIndex: 64, yardLine: 30 },
    ];
    const m = computeMeasurement(t, marks);
    expect(m.realFps).toBeCloseTo(15, 5);
    // The picture before frame 64 was new at frame 62: two frame durations, not one.
    expect(m.window.secondsMin).toBeCloseTo(2 - 2 / 30, 9);
    expect(m.qualityProblems[0]).toBe(
      'The video is labelled 30 fps but really has about 15.0 frames per second (frames dropped or repeated), below the 25 needed for a verified speed.',
    );
    expect(m.methodLabel).toBe(
      'video about 15 fps (labelled 30, frames dropped or repeated), yard-line crossings',
    );
    // Decision 241: frame 65 repeats 64, so the crossing it shows happened after 62 and by 65: the end's
    // reach is 3 frame durations.
    const onRepeat = computeMeasurement(t, [...marks.slice(0, 2), { frameIndex: 65, yardLine: 30 }]);
    expect(onRepeat.window.secondsMin).toBeCloseTo(61 / 30 - 3 / 30, 9);
  });

  it('a coarse time base with dropped frames: the gaps widen the bound and the real rate is judged', () => {
    // Ticks of 1/30 s, but frames only at 0, 2, 4, 6, 7 of every 9: about 16.7 a second.
    const keep = [0, 2, 4, 6, 7];
    const ticks = Array.from({ length: 60 }, (_, i) => Math.floor(i / 5) * 9 + keep[i % 5]);
    const times = ticks.map((k) => k / 30);
    const marks = trueMarks(times, 20, 0.1, [20, 25, 30]);
    const m = computeMeasurement({ times, fps: { num: 30, den: 1 }, vfr: true }, marks);
    expect(m.realFps).toBeLessThan(18);
    expect(m.realFps).toBeGreaterThan(15);
    expect(m.qualityProblems.join(' ')).toMatch(/really has about 1[67]\.\d frames per second/);
  });

  it('one quality gate: a steady 25 fps clip of a 25 mph run is refused for its bound, not only a variable-rate one', () => {
    const t = cfr(25, 1, 120);
    const m = computeMeasurement(t, trueMarks(t.times, 25, 0.1, [20, 25, 30]));
    expect(m.plusMinus).toBeGreaterThan(MAX_BOUND_MPH);
    expect(m.qualityProblems).toContain(
      `The bound is ±${m.plusMinus.toFixed(1)} mph, wider than the 1.0 mph a verified speed may carry: a video with more frames per second is needed.`,
    );
  });

  it('holds what no football player runs, a jog, and a speed jump between neighbouring intervals', () => {
    const t = cfr(30000, 1001, 400);
    const steady = computeMeasurement(t, trueMarks(t.times, 20, 0.1, [10, 15, 20, 25]));
    expect(steady.holdReasons).toEqual([]);
    const fast = computeMeasurement(t, trueMarks(t.times, 38.3 * 0.75, 0.1, [10, 15, 20]));
    expect(fast.maxSpeed).toBeGreaterThan(HOLD_ABOVE_MPH);
    expect(fast.holdReasons[0]).toMatch(/faster than football players run/);
    const jog = computeMeasurement(t, trueMarks(t.times, 3.4, 0.1, [10, 15, 20]));
    expect(jog.holdReasons[0]).toMatch(/3\.\d mph is far below a sprint/);
    // A 20 mph run with its third mark 5 frames late: one interval slow, the next fast.
    const late = trueMarks(t.times, 20, 0.1, [10, 15, 20, 25]);
    late[2] = { ...late[2], frameIndex: late[2].frameIndex + 5 };
    const m = computeMeasurement(t, late);
    expect(m.holdReasons.join(' ')).toMatch(
      /The speed jumps from [\d.]+ mph \(15-20 yards\) to [\d.]+ mph \(20-25 yards\)/,
    );
  });

  it('says how far one frame moves the number', () => {
    const t = cfr(30000, 1001, 200);
    const m = computeMeasurement(t, trueMarks(t.times, 20, 0.1, [10, 15, 20]));
    const w = m.window;
    expect(m.oneFrameMph).toBeCloseTo(ydsToMph(w.yards / (w.seconds - 1001 / 30000)) - w.mph, 9);
    expect(m.oneFrameMph).toBeGreaterThan(0.3);
  });
});
