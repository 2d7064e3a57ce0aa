import { describe, expect, it } from 'vitest';
import { trackVerdict } from './fit-result';
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

describe('the analyst checks the track where the fastest 10 yards begin and end (decision 308)', () => {
  // A 30 fps track clicked at 1.33 s, inside its fastest 10 yards (0.9 s to 1.9 s: frames 27 to 57).
  const { raw, result } = finishedTrack(FPS, 0.2, { clicks: [40] });

  it('asks for a click on the last frame at or before the start, then on the first at or after the end', () => {
    expect(trackVerdict(raw, result, [])).toEqual(ask('begin', 27));
    expect(trackVerdict(raw, result, [27])).toEqual(ask('end', 57));
    expect(trackVerdict(raw, result, [27, 57])).toEqual(done);
  });

  it('takes a frame clicked or corrected as checked, and skips frames not followed', () => {
    expect(trackVerdict({ ...raw, clicks: [27, 40] }, result, [])).toEqual(ask('end', 57));
    const corrected = {
      ...result,
      frames: result.frames.map((f) => (f.frameIndex === 57 ? { ...f, state: 'corrected' as const } : f)),
    };
    expect(trackVerdict(raw, corrected, [27])).toEqual(done);
    // A 240 fps clip followed on every second frame: the frame asked is one the tracker followed.
    const skipped = {
      ...result,
      frames: result.frames.map((f) => (f.frameIndex === 27 ? { ...f, state: 'skipped' as const } : f)),
    };
    expect(trackVerdict(raw, skipped, [])).toEqual(ask('begin', 26));
  });

  it('asks only where nothing else stands in the way of the Max Speed', () => {
    // Over the ceiling: refused with its reason, no check asked first.
    const wide = finishedTrack(FPS, 0.5, { clicks: [40] });
    expect(trackVerdict(wide.raw, wide.result, []).failure).toMatch(/only known to ± 0.50 mph/);
    // No window, nothing to check.
    expect(trackVerdict(raw, { ...result, maxSpeed: null, problems: [] }, []).needsClickAt).toBeUndefined();
  });

  it("is not asked when a stored track is checked again with nobody to answer (the admin's re-check)", () => {
    expect(trackVerdict(raw, result, [], [], { checkWindow: false })).toEqual(done);
  });
});
