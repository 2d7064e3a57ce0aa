import { describe, expect, it } from 'vitest';
import { LOOK_ALIKE_BESIDE, lookAlikeBeside, trackVerdict } from './fit-result';
import { finishedTrack } from './finished-track.fixtures';

const FPS = 30;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);
const REASON =
  'No Max Speed from this track: where the player runs fastest another player who looks the same ran beside him and came close enough to be taken for him, and the tracked point can slide along his body toward the other player there';

/**
 * Tracker 2.27.0 (decision 364): a look-alike beside the runner that also came close enough to be taken for him,
 * around his fastest 10 yards, refuses the Max Speed. The fixture's window runs from 0.9 s to 1.9 s at 30 fps
 * (frames 27 to 57); half a second either side reaches frames 12 to 72, 61 frames.
 */
describe('a look-alike beside the runner and close around his fastest 10 yards (decision 364)', () => {
  const track = (o: { unsure?: number[]; beside?: number[] }) => {
    const t = finishedTrack(FPS, 0.2, { clicks: [40], unsure: o.unsure });
    return { raw: { ...t.raw, beside: o.beside ?? [] }, result: t.result };
  };

  it('reads the shares of the frames followed within half a second of the window', () => {
    const { raw, result } = track({ unsure: range(13, 19), beside: range(20, 39) });
    const shares = lookAlikeBeside(raw, result)!;
    expect(shares.unsure).toBeCloseTo(7 / 61, 6);
    expect(shares.beside).toBeCloseTo(20 / 61, 6);
    expect(shares.unsure).toBeGreaterThanOrEqual(LOOK_ALIKE_BESIDE.unsure);
    // No window, no shares.
    expect(lookAlikeBeside(raw, { ...result, maxSpeed: null })).toBeNull();
  });

  it('refuses where both reach a tenth, with the reason, once the analyst said whom he means, before any check of the window', () => {
    const { raw, result } = track({ unsure: range(13, 19), beside: range(20, 39) });
    // The tracker first asks which of the two is meant (decision 258) ...
    expect(trackVerdict(raw, result, []).needsClickAt).toMatchObject({
      frameIndex: 27,
      reason: expect.stringMatching(/^Another player who looks the same runs beside this one/),
    });
    // ... and, answered, refuses: no check of the window's end is asked of a track refused anyway.
    expect(trackVerdict(raw, result, [27])).toEqual({ needsClickAt: undefined, failure: REASON });
    // Confirmed ends do not give it back: the slide is along the body, between the ends.
    expect(trackVerdict(raw, result, [27, 57]).failure).toBe(REASON);
  });

  it('gives it where only one of the two is seen, or both only away from the fastest 10 yards', () => {
    const beside = track({ beside: range(20, 39) });
    expect(trackVerdict(beside.raw, beside.result, [27, 57])).toEqual({
      needsClickAt: undefined,
      failure: undefined,
    });
    const unsure = track({ unsure: range(13, 19) });
    expect(trackVerdict(unsure.raw, unsure.result, [57])).toEqual({
      needsClickAt: undefined,
      failure: undefined,
    });
    // Five unsure frames of 61 are under a tenth.
    const few = track({ unsure: range(13, 17), beside: range(20, 39) });
    expect(trackVerdict(few.raw, few.result, [27, 57])).toEqual({
      needsClickAt: undefined,
      failure: undefined,
    });
    const away = track({ unsure: range(80, 90), beside: range(80, 110) });
    expect(trackVerdict(away.raw, away.result, [57]).failure).toBeUndefined();
    expect(lookAlikeBeside(away.raw, away.result)).toEqual({ unsure: 0, beside: 0 });
  });
});
