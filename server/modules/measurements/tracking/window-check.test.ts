import { describe, expect, it } from 'vitest';
import { BOUND, clickConfirms, confirmRadius, trackVerdict, type ClickNeeded } from './fit-result';
import type { RawTrack } from './track-clip';
import { finishedTrack } from './finished-track.fixtures';

const FPS = 30;
const ask = (where: 'begin' | 'end', frameIndex: number) => ({
  needsClickAt: {
    frameIndex,
    reason: `Check the track where the fastest 10 yards ${where}: click the field under the player's hips on this frame (a click on the tracked point confirms it; elsewhere, the player is tracked again from your click)`,
    kind: 'confirm',
  },
  failure: undefined,
});
const done = { needsClickAt: undefined, failure: undefined };

describe('the analyst checks the track where the fastest 10 yards begin or end (decision 308)', () => {
  // A 30 fps track whose fastest 10 yards run from 0.9 s to 1.9 s: frames 27 to 57.
  const at = (clicks?: number[]) => finishedTrack(FPS, 0.2, { clicks });

  it('asks a click on the end further from the nearest click: the last frame at or before the start, or the first at or after the end', () => {
    // Clicked at 1.33 s: the end (0.57 s away) rather than the start (0.43 s).
    const { raw, result } = at([40]);
    expect(trackVerdict(raw, result, [])).toEqual(ask('end', 57));
    // Confirmed there: nothing more.
    expect(trackVerdict(raw, result, [57])).toEqual(done);
    // Clicked at 1.83 s, near the end: the start.
    const late = at([55]);
    expect(trackVerdict(late.raw, late.result, [])).toEqual(ask('begin', 27));
    // A track before tracker 2.9.0 keeps no clicked frames: the end.
    const old = at(undefined);
    expect(trackVerdict(old.raw, old.result, [])).toEqual(ask('end', 57));
  });

  it('asks nothing where an end was clicked or corrected, and asks on a frame the tracker followed', () => {
    const { raw, result } = at([27, 40]);
    expect(trackVerdict(raw, result, [])).toEqual(done);
    const corrected = {
      ...result,
      frames: result.frames.map((f) => (f.frameIndex === 57 ? { ...f, state: 'corrected' as const } : f)),
    };
    expect(trackVerdict({ ...raw, clicks: [40] }, corrected, [])).toEqual(done);
    // A 240 fps clip followed on every second frame: the frame asked is one the tracker followed.
    const late = at([55]);
    const skipped = {
      ...late.result,
      frames: late.result.frames.map((f) => (f.frameIndex === 27 ? { ...f, state: 'skipped' as const } : f)),
    };
    expect(trackVerdict(late.raw, skipped, [])).toEqual(ask('begin', 26));
  });

  it('asks only where nothing else stands in the way of the Max Speed', () => {
    // Over the ceiling: refused with its reason, no check asked first.
    const wide = finishedTrack(FPS, 0.5, { clicks: [40] });
    expect(trackVerdict(wide.raw, wide.result, []).failure).toMatch(/only known to ± 0.50 mph/);
    // No window, nothing to check.
    const { raw, result } = at([40]);
    expect(trackVerdict(raw, { ...result, maxSpeed: null, problems: [] }, []).needsClickAt).toBeUndefined();
  });

  it('a click confirms the tracked point at a window end only as near as the bound lets the ground point stray there (decision 336)', () => {
    // A 720p track whose player is 126 px tall on frame 79, and 60 px on frame 10.
    const frame = (frameIndex: number, height?: number) => ({
      frameIndex,
      x: 600,
      y: 400,
      height,
      confidence: 0.9,
      state: 'tracked' as const,
    });
    const raw = {
      width: 1280,
      height: 720,
      frames: [frame(10, 60), frame(79, 126), frame(90)],
      lines: [],
      clicks: [47],
    } as unknown as RawTrack;
    const check = (frameIndex: number): ClickNeeded => ({
      ...ask('end', frameIndex).needsClickAt,
      kind: 'confirm',
    });
    // Two deviations of the drift up and down the body: 2 × 0.06 × 0.675 × 126 = 10.2 px, not 0.04 × 720 = 28.8.
    expect(confirmRadius(raw, check(79))).toBeCloseTo(2 * BOUND.footDrift * 0.675 * 126, 6);
    expect(confirmRadius(raw, check(79))).toBeLessThan(11);
    expect(confirmRadius(raw, check(10))).toBeCloseTo(2 * BOUND.footDrift * 0.675 * 60, 6);
    // Whom the analyst means (another player beside him), or a frame without the player's height: 0.04 of
    // the picture's height, as before.
    const beside: ClickNeeded = {
      frameIndex: 79,
      reason:
        'Another player who looks the same runs beside this one: click the player you mean on this frame to confirm',
      kind: 'confirm',
    };
    expect(confirmRadius(raw, beside)).toBeCloseTo(28.8, 6);
    expect(confirmRadius(raw, check(90))).toBeCloseTo(28.8, 6);
  });

  it('judges a click against where the fit places the player, the point the workbench shows, not the point as followed (decision 367)', () => {
    const frame = (frameIndex: number, x: number, state: 'tracked' | 'skipped' = 'tracked') => ({
      frameIndex,
      x,
      y: 400,
      height: 126,
      confidence: 0.9,
      state,
    });
    // Followed on the runner at x 600; the fit moved frame 79 onto the look at the window, 18 px behind him.
    const raw = {
      width: 1280,
      height: 720,
      frames: [frame(79, 600), frame(80, 600)],
      lines: [],
      clicks: [47],
    } as unknown as RawTrack;
    const shown = (f: ReturnType<typeof frame>) => ({ ...f, time: f.frameIndex / 60, yards: null });
    const result = { frames: [shown(frame(79, 582)), shown(frame(80, 582, 'skipped'))] };
    const check = (frameIndex: number): ClickNeeded => ({
      ...ask('end', frameIndex).needsClickAt,
      kind: 'confirm',
    });
    // A click on the runner does not confirm the place the fit uses (18 px against a radius of 10.2) ...
    expect(clickConfirms(raw, result, check(79), { x: 600, y: 400 })).toBe(false);
    // ... one on the place shown does, and one on the runner confirms a frame the fit does not show.
    expect(clickConfirms(raw, result, check(79), { x: 590, y: 400 })).toBe(true);
    expect(clickConfirms(raw, result, check(80), { x: 600, y: 400 })).toBe(true);
    expect(clickConfirms(raw, result, check(80), { x: 585, y: 400 })).toBe(false);
  });

  it("is not asked when a stored track is checked again with nobody to answer (the admin's re-check)", () => {
    const { raw, result } = at([40]);
    expect(trackVerdict(raw, result, [], [], { checkWindow: false })).toEqual(done);
  });
});
