import { describe, expect, it } from 'vitest';
import {
  FORTY_MIN_FPS,
  FORTY_UNDRAWN_SECONDS,
  computeForty,
  formatForty,
  fortyBoundWords,
  markAgainstProposal,
  undrawnReachOf,
} from './forty-math';
import { MeasurementError, type Timeline } from './measurement-math';

const cfr = (num: number, den: number, count: number): Timeline => ({
  times: Array.from({ length: count }, (_, n) => (n * den) / num),
  fps: { num, den },
  vfr: false,
});

const lines = (start: number, finish: number, more: { yardLine: number; frameIndex: number }[] = []) => [
  { yardLine: 0, frameIndex: start },
  { yardLine: 40, frameIndex: finish },
  ...more,
];

describe('the time of a verified 40', () => {
  // 240 fps, start on frame 100, finish on frame 1210: T = 1110/240 = 4.625 s.
  // By hand: each end is quantised by one frame, 1/240 = 0.0041667 s, and the first movement may precede the
  // first frame that shows it by 0.0125 s more (decision 368), so the true time lies in
  // (4.625 - 0.0041667, 4.625 + 0.0041667 + 0.0125] = (4.6208, 4.6417]. From 4.63 it reaches 0.0092 below and
  // 0.0117 above: ± 0.02 (4.62 would need 0.03, 4.64 as narrow but further from 4.625): stored 4.63 ± 0.02.
  it('is finish minus start read from the frame times, with the frame quantisation at both ends and the undrawn start', () => {
    const r = computeForty(cfr(240, 1, 1500), {
      startFrame: 100,
      finishFrame: 1210,
      lines: lines(100, 1210),
    });
    expect(r.rawSeconds).toBeCloseTo(4.625, 10);
    expect(r.seconds).toBe(4.63);
    expect(r.secondsMin).toBeCloseTo(4.625 - 1 / 240, 10);
    expect(r.secondsMax).toBeCloseTo(4.625 + 1 / 240 + 0.0125, 10);
    expect(undrawnReachOf(r)).toBeCloseTo(FORTY_UNDRAWN_SECONDS, 10);
    expect(r.plusMinusSeconds).toBe(0.02);
    expect(r.fps).toBe(240);
    expect(r.method).toBe('verified 40, video 240 fps');
    expect(r.qualityProblems).toEqual([]);
  });

  // Per rate, a run of about 4.62 s from a start on frame 10: the finish is the first frame at or after
  // 4.62 s. By hand the range is (T - 1/fps, T + 1/fps + 0.0125]; the bound from a hundredth is the larger
  // reach of the range from it, rounded up to 0.01; the time stored is the hundredth nearest T of those with
  // the smallest bound:
  //  60 fps: 277/60 = 4.616667, range (4.600000, 4.645833]: 4.62 and 4.63 both 0.03 -> 4.62 ± 0.03
  // 120 fps: 555/120 = 4.625000, range (4.616667, 4.645833]: 4.63 0.02 (4.62 0.03) -> 4.63 ± 0.02
  // 240 fps: 1109/240 = 4.620833, range (4.616667, 4.637500]: 4.62 and 4.63 both 0.02 -> 4.62 ± 0.02
  const cases = [
    { fps: 60, finish: 10 + 277, raw: 277 / 60, shown: 4.62, pm: 0.03 },
    { fps: 120, finish: 10 + 555, raw: 555 / 120, shown: 4.63, pm: 0.02 },
    { fps: 240, finish: 10 + 1109, raw: 1109 / 240, shown: 4.62, pm: 0.02 },
  ];
  it.each(cases)(
    'at $fps fps a run of about 4.62 s reads $shown ± $pm',
    ({ fps, finish, raw, shown, pm }) => {
      const r = computeForty(cfr(fps, 1, finish + 20), {
        startFrame: 10,
        finishFrame: finish,
        lines: lines(10, finish),
      });
      expect(r.rawSeconds).toBeCloseTo(raw, 10);
      expect(r.seconds).toBe(shown);
      const d = 1 / fps;
      const high = raw + d + FORTY_UNDRAWN_SECONDS;
      const byHand = Math.ceil(Math.max(shown - (raw - d), high - shown) * 100 - 1e-7) / 100;
      expect(byHand).toBe(pm);
      expect(r.plusMinusSeconds).toBe(pm);
      // The stated interval holds every time the frames allow.
      expect(r.seconds - r.plusMinusSeconds).toBeLessThanOrEqual(raw - d + 1e-9);
      expect(r.seconds + r.plusMinusSeconds).toBeGreaterThanOrEqual(high - 1e-9);
    },
  );

  // The range is a frame at each end and 0.0125 s more at the start: 0.0292 s wide at 120 fps and 0.0208 at
  // 240, so its middle to 0.01 reaches both ends within 0.02 (0.0146 and 0.0104, and 0.005 of rounding),
  // wherever the time falls: 59.94 fps stays within the ceiling of 0.03 (0.0229 and 0.005).
  it('states ± 0.02 at 120 and 240 fps and at most 0.03 at 59.94, wherever the time falls', () => {
    for (const [num, den, most] of [
      [120, 1, 0.02],
      [240, 1, 0.02],
      [60000, 1001, 0.03],
    ])
      for (let k = 0; k < 20; k += 1) {
        const finish = 10 + Math.round((4.6 * num) / den) + k;
        const r = computeForty(cfr(num, den, 1300), {
          startFrame: 10,
          finishFrame: finish,
          lines: lines(10, finish),
        });
        expect(r.plusMinusSeconds).toBeLessThanOrEqual(most);
        expect(r.seconds - r.plusMinusSeconds).toBeLessThanOrEqual(r.secondsMin + 1e-9);
        expect(r.seconds + r.plusMinusSeconds).toBeGreaterThanOrEqual(r.secondsMax - 1e-9);
        expect(r.qualityProblems).toEqual([]);
      }
  });

  it('gives 10-, 20- and 30-yard splits from the start for the lines that were marked', () => {
    const r = computeForty(cfr(240, 1, 1500), {
      startFrame: 100,
      finishFrame: 1210,
      lines: lines(100, 1210, [
        { yardLine: 20, frameIndex: 100 + 636 },
        { yardLine: 10, frameIndex: 100 + 384 },
      ]),
    });
    // 384/240 = 1.6 s: range (1.595833, 1.616667], from 1.60 0.0167 above -> 0.02; 636/240 = 2.65 s:
    // (2.645833, 2.666667], from 2.65 0.0167 above -> 0.02.
    expect(r.splits).toEqual([
      { yardLine: 10, frameIndex: 484, seconds: 1.6, plusMinusSeconds: 0.02 },
      { yardLine: 20, frameIndex: 736, seconds: 2.65, plusMinusSeconds: 0.02 },
    ]);
  });

  it(`refuses a clip below ${FORTY_MIN_FPS} real frames a second as 'Video quality too low'`, () => {
    const r = computeForty(cfr(30, 1, 200), { startFrame: 5, finishFrame: 144, lines: lines(5, 144) });
    // 139/30 = 4.6333: range (4.6, 4.679167]: from 4.63 0.0492 above (0.05), from 4.64 0.04 below: 4.64.
    expect(r.seconds).toBe(4.64);
    // At 30 fps each end is quantised by 0.0333 s: the bound would be ± 0.04.
    expect(r.plusMinusSeconds).toBe(0.04);
    expect(r.qualityProblems).toEqual([
      'The video has about 30 frames per second between the start and the finish, below the 50 needed for a verified 40.',
    ]);
  });

  it('takes real times of a slow-motion clip and names the filmed rate', () => {
    const t = { ...cfr(240, 1, 1200), fps: { num: 30, den: 1 }, captureFps: 240 };
    const r = computeForty(t, { startFrame: 0, finishFrame: 1110, lines: lines(0, 1110) });
    expect(r.method).toBe('verified 40, video 240 fps');
    expect(r.qualityProblems).toEqual([]);
  });

  const refuse = (marks: Parameters<typeof computeForty>[1], message: string) => {
    expect(() => computeForty(cfr(240, 1, 1500), marks)).toThrow(MeasurementError);
    expect(() => computeForty(cfr(240, 1, 1500), marks)).toThrow(message);
  };

  it('refuses a 40 whose start and finish lines are not both marked', () => {
    refuse(
      { startFrame: 100, finishFrame: 1210, lines: [{ yardLine: 0, frameIndex: 100 }] },
      'Mark the start line (0) and the finish line (40): a 40 whose lines cannot be seen cannot be verified',
    );
  });

  it('refuses a finish before the start, a line out of order and an impossible time', () => {
    refuse(
      { startFrame: 1210, finishFrame: 100, lines: lines(100, 1210) },
      'The finish must come after the start',
    );
    refuse(
      {
        startFrame: 100,
        finishFrame: 1210,
        lines: lines(100, 1210, [
          { yardLine: 10, frameIndex: 700 },
          { yardLine: 20, frameIndex: 500 },
        ]),
      },
      'The yard lines must be crossed in order along the run',
    );
    refuse(
      { startFrame: 100, finishFrame: 900, lines: lines(100, 900) },
      'Start (frame 101) to finish (frame 901) is 3.33 s, faster than anyone has run 40 yards (4.0 s): check the two marks',
    );
    refuse({ startFrame: 100, finishFrame: 1600, lines: lines(100, 1210) }, 'Frame 1600 is not in the video');
  });

  // Decision 241: a frame that repeats the picture before it is not refused. Frames 1209-1210 repeat 1208:
  // what 1210 shows was first shown on 1208, so the crossing happened after 1207 and by 1210 at the latest.
  it('takes a mark on a repeated picture, its bound reaching back before the picture it repeats', () => {
    const t = { ...cfr(240, 1, 1500), repeats: [1209, 1210] };
    const r = computeForty(t, { startFrame: 100, finishFrame: 1210, lines: lines(100, 1210) });
    expect(r.finishFrameSeconds).toBeCloseTo(3 / 240, 10);
    expect(r.secondsMin).toBeCloseTo(1110 / 240 - 3 / 240, 10);
  });
});

describe('a verified 40 is exact or refused (issue 49)', () => {
  // 30 fps: start on frame 30, finish on frame 151: T = 121/30 = 4.0333 s, and the torso may have
  // crossed up to one frame (1/30 s) earlier: as fast as 4.0000 s... one more frame earlier is 3.9667.
  it('judges the 4.0 s floor on the fastest time the bound allows', () => {
    const t = cfr(30, 1, 400);
    expect(() => computeForty(t, { startFrame: 30, finishFrame: 150, lines: lines(30, 150) })).toThrow(
      'Start (frame 31) to finish (frame 151) is 4.00 s, as fast as 3.97 s within its bound, faster than anyone has run 40 yards',
    );
  });

  it('names a rate that is not whole as the file states it: 59.94, with the exact fraction', () => {
    const r = computeForty(cfr(60000, 1001, 400), {
      startFrame: 10,
      finishFrame: 288,
      lines: lines(10, 288),
    });
    expect(r.fps).toBe(59.94);
    expect(r.fpsFraction).toBe('60000/1001');
    expect(r.method).toBe('verified 40, video 59.94 fps');
    // T = 278 * 1001/60000 = 4.6380 s; each end 0.01668 s and the start 0.0125 s more: (4.6213, 4.6672];
    // from 4.64 0.0272 above (4.65 as narrow, further from T): 4.64 ± 0.03.
    expect(r.seconds).toBe(4.64);
    expect(r.plusMinusSeconds).toBe(0.03);
    expect(r.qualityProblems).toEqual([]);
    expect(r.framesInDoubt).toEqual({ start: 0, finish: 0 });
  });

  // 120 fps, the runner still before frame 100 (quiet frames 1-99), the phone seen to repeat up to 2
  // pictures in a row: the frame before the start may be one of them, so the start reaches back 3
  // frames (3/120 = 0.025 s) instead of 1, and 0.0125 s more. T = 560/120 = 4.6667; (4.6583, 4.7042]:
  // from 4.67 0.0342 above (0.04), from 4.68 0.0242: 4.68 ± 0.03.
  it('widens the bound over still frames that could be repeats, says so, and refuses it above ± 0.03', () => {
    const t = { ...cfr(120, 1, 800), quiet: [[1, 99]] as [number, number][], repeatRun: 2 };
    const ok = computeForty(t, { startFrame: 100, finishFrame: 660, lines: lines(100, 660) });
    expect(ok.framesInDoubt).toEqual({ start: 2, finish: 0 });
    expect(ok.secondsMax).toBeCloseTo(560 / 120 + 3 / 120 + 0.0125, 10);
    expect(ok.seconds).toBe(4.68);
    expect(ok.plusMinusSeconds).toBe(0.03);
    expect(ok.qualityProblems).toEqual([]);
    expect(fortyBoundWords(ok.framesInDoubt)).toContain(
      'between the start frame and the frame 3 frames before it',
    );
    // The same at 60 fps: the start reaches back 3/60 = 0.05 s: wider than a verified 40 allows.
    const wide = computeForty(
      { ...cfr(60, 1, 400), quiet: [[1, 49]] as [number, number][], repeatRun: 2 },
      { startFrame: 50, finishFrame: 330, lines: lines(50, 330) },
    );
    expect(wide.plusMinusSeconds).toBeGreaterThan(0.03);
    expect(wide.qualityProblems[0]).toMatch(
      /^The time is only known to ± 0\.0\d s, wider than the ± 0\.03 s a verified 40 allows \(frames before the marks could not be told from repeated pictures\)/,
    );
    // A phone seen not to repeat (run 0): still frames before the start do not widen anything.
    const still = computeForty(
      { ...cfr(120, 1, 800), quiet: [[1, 99]] as [number, number][], repeatRun: 0 },
      { startFrame: 100, finishFrame: 660, lines: lines(100, 660) },
    );
    expect(still.framesInDoubt).toEqual({ start: 0, finish: 0 });
    // (4.6583, 4.6875]: from 4.67 0.0175 above, stated 0.02.
    expect(still.plusMinusSeconds).toBe(0.02);
    expect(fortyBoundWords()).toContain('between the start frame and the frame before it');
    // A result since decision 368 says the start reaches back over what a phone may leave undrawn, and where
    // the time stands; one stored before it does not.
    const words = fortyBoundWords(still.framesInDoubt, undrawnReachOf(still));
    expect(words).toContain(
      'the first movement happened between the start frame and the frame before it, or up to 0.0125 s before that (a phone may leave the first moments of a movement undrawn)',
    );
    expect(words).toContain(
      'The time given is the hundredth nearest finish minus start whose ± covers that whole range most narrowly.',
    );
    expect(undrawnReachOf({ ...still, secondsMax: still.rawSeconds + still.startFrameSeconds })).toBe(0);
    expect(fortyBoundWords(still.framesInDoubt, 0)).not.toContain('undrawn');
  });
});

describe('how a verified 40 is written', () => {
  it("reads '4.62 s ± 0.01 (verified 40, video 240 fps)'", () => {
    expect(formatForty(4.62, 0.01, 'verified 40, video 240 fps')).toBe(
      '4.62 s ± 0.01 (verified 40, video 240 fps)',
    );
    expect(formatForty(4.6, 0.02)).toBe('4.60 s ± 0.02');
  });
});

describe('a mark against the frames its proposal found (issue 49, decision 332)', () => {
  it('takes a mark within one frame of a frame told, or inside the frames named, and nothing to check against', () => {
    for (const marked of [99, 100, 101])
      expect(markAgainstProposal('start', marked, { frame: 100 })).toBeNull();
    for (const marked of [84, 86, 88])
      expect(
        markAgainstProposal('start', marked, { frame: null, between: { fromFrame: 84, toFrame: 88 } }),
      ).toBeNull();
    expect(markAgainstProposal('finish', 700, { frame: null, between: null })).toBeNull();
  });

  it('names the frames the proposal found where the mark lies outside them, 1-based as the workbench shows them', () => {
    expect(markAgainstProposal('start', 102, { frame: 100 })).toBe(
      "The start is marked on frame 103, after where the proposal found the runner's first movement on frame 101: mark the first frame that shows him moving, from frame 100 to 102.",
    );
    expect(markAgainstProposal('start', 83, { frame: null, between: { fromFrame: 84, toFrame: 88 } })).toBe(
      "The start is marked on frame 84, before where the proposal found the runner's first movement between frames 85 and 89: mark the first frame that shows him moving, from frame 85 to 89.",
    );
    expect(
      markAgainstProposal('finish', 628, { frame: null, between: { fromFrame: 600, toFrame: 627 } }),
    ).toBe(
      'The finish is marked on frame 629, after where the proposal found the torso crossing the finish line between frames 601 and 628: mark the first frame that shows his torso past the line, from frame 601 to 628.',
    );
  });
});
