import { describe, expect, it } from 'vitest';
import {
  MeasurementError,
  computeMeasurement,
  formatSpeed,
  methodLabel,
  ydsToMph,
  type Timeline,
} from './measurement-math';

const cfr = (num: number, den: number, count: number): Timeline => ({
  times: Array.from({ length: count }, (_, n) => (n * den) / num),
  fps: { num, den },
  vfr: false,
});

describe('measured speed arithmetic', () => {
  it('converts yards per second to mph as yd/s x 3600 / 1760', () => {
    expect(ydsToMph(10)).toBeCloseTo(20.454545, 5);
    expect(ydsToMph(1760 / 3600)).toBeCloseTo(1, 10);
  });

  // 10 yards between the first and last of three marks, about one second apart. By hand:
  // T = b frames x den/num, d = den/num, mph = 10/T x 3600/1760, range 10/(T+d) .. 10/(T-d),
  // +/- = the larger distance from the rounded max to either end, rounded up to 0.1 (decision 198).
  const cases = [
    {
      fps: '23.976',
      num: 24000,
      den: 1001,
      b: 24,
      mph: 20.434111,
      max: 20.4,
      low: 19.616747,
      high: 21.322551,
      pm: 1.0,
    },
    {
      fps: '25',
      num: 25,
      den: 1,
      b: 25,
      mph: 20.454545,
      max: 20.5,
      low: 19.667832,
      high: 21.306818,
      pm: 0.9,
    },
    {
      fps: '29.97',
      num: 30000,
      den: 1001,
      b: 30,
      mph: 20.434111,
      max: 20.4,
      low: 19.774946,
      high: 21.138736,
      pm: 0.8,
    },
    {
      fps: '30',
      num: 30,
      den: 1,
      b: 30,
      mph: 20.454545,
      max: 20.5,
      low: 19.794721,
      high: 21.159875,
      pm: 0.8,
    },
    {
      fps: '59.94',
      num: 60000,
      den: 1001,
      b: 60,
      mph: 20.434111,
      max: 20.4,
      low: 20.099126,
      high: 20.780452,
      pm: 0.4,
    },
    {
      fps: '60',
      num: 60,
      den: 1,
      b: 60,
      mph: 20.454545,
      max: 20.5,
      low: 20.119225,
      high: 20.801233,
      pm: 0.4,
    },
    {
      fps: '120',
      num: 120,
      den: 1,
      b: 120,
      mph: 20.454545,
      max: 20.5,
      low: 20.2855,
      high: 20.626432,
      pm: 0.3,
    },
    {
      fps: '240',
      num: 240,
      den: 1,
      b: 240,
      mph: 20.454545,
      max: 20.5,
      low: 20.369672,
      high: 20.540129,
      pm: 0.2,
    },
  ];
  for (const c of cases) {
    it(`${c.fps} fps: 10 yards in ${c.b} frames is ${c.max} mph ± ${c.pm}`, () => {
      const m = computeMeasurement(cfr(c.num, c.den, c.b + 10), [
        { frameIndex: 0, yardLine: 20 },
        { frameIndex: Math.floor(c.b / 2), yardLine: 25 },
        { frameIndex: c.b, yardLine: 30 },
      ]);
      expect(m.window.yards).toBe(10);
      expect(m.window.mph).toBeCloseTo(c.mph, 5);
      expect(m.window.mphLow).toBeCloseTo(c.low, 5);
      expect(m.window.mphHigh).toBeCloseTo(c.high, 5);
      expect(m.maxSpeed).toBe(c.max);
      expect(m.plusMinus).toBe(c.pm);
      expect(m.methodLabel).toBe(`video ${c.fps === '23.976' ? '23.98' : c.fps} fps, yard-line crossings`);
      expect(m.intervals).toHaveLength(2);
      // 23.976 fps film is below the 25 fps a verified number needs.
      expect(m.qualityProblems).toHaveLength(c.num / c.den < 25 ? 1 : 0);
    });
  }

  it('variable frame rate: the bound takes the frame durations at each mark, and the low side can be the larger', () => {
    // Frames alternate 0.8d and 1.2d (d = 1/30): t(n) = floor(n/2) x 2d + (n mod 2) x 0.8d.
    const d = 1 / 30;
    const times = Array.from({ length: 40 }, (_, n) => Math.floor(n / 2) * 2 * d + (n % 2) * 0.8 * d);
    const m = computeMeasurement({ times, fps: { num: 30, den: 1 }, vfr: true }, [
      { frameIndex: 2, yardLine: 20 },
      { frameIndex: 17, yardLine: 25 },
      { frameIndex: 31, yardLine: 30 },
    ]);
    // T = t(31) - t(2) = 30.8d - 2d = 0.96 s; before frame 2: 1.2d = 0.04 s; before frame 31: 0.8d.
    expect(m.window.seconds).toBeCloseTo(0.96, 10);
    expect(m.window.secondsMax).toBeCloseTo(1.0, 10);
    expect(m.window.secondsMin).toBeCloseTo(0.933333, 5);
    expect(m.window.mph).toBeCloseTo(21.306818, 5);
    expect(m.window.mphLow).toBeCloseTo(20.454545, 5);
    expect(m.window.mphHigh).toBeCloseTo(21.915584, 5);
    expect(m.plusMinus).toBe(0.9);
    expect(m.maxSpeed).toBe(21.3);
    expect(m.methodLabel).toBe('video variable rate, about 30 fps, yard-line crossings');
  });

  it('takes the fastest 10-yard window of a longer run and gives a speed profile', () => {
    // 30 fps; 5-yard splits of 15, 12, 11, 13 frames.
    const m = computeMeasurement(cfr(30, 1, 80), [
      { frameIndex: 0, yardLine: 10 },
      { frameIndex: 15, yardLine: 15 },
      { frameIndex: 27, yardLine: 20 },
      { frameIndex: 38, yardLine: 25 },
      { frameIndex: 51, yardLine: 30 },
    ]);
    expect(m.window).toMatchObject({ fromYard: 15, toYard: 25, fromFrame: 15, toFrame: 38 });
    // 10 yards in 23 frames = 0.76667 s -> 26.68 mph.
    expect(m.window.mph).toBeCloseTo(26.679842, 5);
    expect(m.profile.map((p) => p.yard)).toEqual([12.5, 17.5, 22.5, 27.5]);
    expect(m.profile[1].mph).toBeCloseTo(ydsToMph(5 / 0.4), 8);
  });

  it('a run in the other direction (yard lines counting down) measures the same', () => {
    const m = computeMeasurement(cfr(60, 1, 90), [
      { frameIndex: 60, yardLine: 30 },
      { frameIndex: 0, yardLine: 40 },
      { frameIndex: 30, yardLine: 35 },
    ]);
    expect(m.marks.map((x) => x.yardLine)).toEqual([40, 35, 30]);
    expect(m.maxSpeed).toBe(20.5);
  });

  it('without an exact 10-yard pair, takes the shortest span of at least 10 yards', () => {
    const m = computeMeasurement(cfr(30, 1, 100), [
      { frameIndex: 0, yardLine: 0 },
      { frameIndex: 40, yardLine: 15 },
      { frameIndex: 80, yardLine: 30 },
    ]);
    expect(m.window.yards).toBe(15);
    expect(m.qualityProblems).toEqual([]);
  });

  it('flags what cannot give a verified number: under 25 fps, VFR beyond 1.0 mph (three distinct 5-yard lines always span 10)', () => {
    const slow = computeMeasurement(cfr(15, 1, 40), [
      { frameIndex: 0, yardLine: 0 },
      { frameIndex: 8, yardLine: 5 },
      { frameIndex: 15, yardLine: 10 },
    ]);
    expect(slow.qualityProblems[0]).toMatch(/15 frames per second, below the 25/);
    const vfrTimes = Array.from({ length: 40 }, (_, n) => Math.floor(n / 2) * (1 / 10) + (n % 2) * 0.09);
    const vfr = computeMeasurement({ times: vfrTimes, fps: { num: 20, den: 1 }, vfr: true }, [
      { frameIndex: 1, yardLine: 0 },
      { frameIndex: 11, yardLine: 5 },
      { frameIndex: 21, yardLine: 10 },
    ]);
    expect(vfr.qualityProblems.some((p) => /variable frame rate makes the bound/.test(p))).toBe(true);
  });

  it('refuses marks that cannot be a run, with a message for the analyst', () => {
    const t = cfr(30, 1, 60);
    const bad = (marks: { frameIndex: number; yardLine: number }[], msg: RegExp) =>
      expect(() => computeMeasurement(t, marks)).toThrow(msg);
    bad(
      [
        { frameIndex: 0, yardLine: 0 },
        { frameIndex: 5, yardLine: 5 },
      ],
      /at least 3/,
    );
    bad(
      [
        { frameIndex: 0, yardLine: 0 },
        { frameIndex: 5, yardLine: 5 },
        { frameIndex: 60, yardLine: 10 },
      ],
      /Frame 60 is not in the video/,
    );
    bad(
      [
        { frameIndex: 0, yardLine: 0 },
        { frameIndex: 5, yardLine: 7 },
        { frameIndex: 9, yardLine: 10 },
      ],
      /Yard line 7/,
    );
    bad(
      [
        { frameIndex: 0, yardLine: 0 },
        { frameIndex: 0, yardLine: 5 },
        { frameIndex: 9, yardLine: 10 },
      ],
      /marked twice/,
    );
    bad(
      [
        { frameIndex: 0, yardLine: 0 },
        { frameIndex: 5, yardLine: 10 },
        { frameIndex: 9, yardLine: 5 },
      ],
      /one way/,
    );
    expect(() => computeMeasurement(t, [])).toThrow(MeasurementError);
  });

  it('writes speeds the same way everywhere', () => {
    expect(formatSpeed(21.3, 0.4)).toBe('21.3 mph ± 0.4');
    expect(formatSpeed(21, null)).toBe('21.0 mph');
    expect(methodLabel({ fps: { num: 60000, den: 1001 }, vfr: false })).toBe(
      'video 59.94 fps, yard-line crossings',
    );
  });
});
