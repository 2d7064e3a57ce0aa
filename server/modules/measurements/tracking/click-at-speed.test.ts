import { describe, expect, it } from 'vitest';
import type { TrackResult } from '../../../../contract/tracking';
import { trackVerdict } from './fit-result';
import type { RawTrack } from './track-clip';

const FPS = 30;

/**
 * A finished 4-second track at 30 fps with no doubts, its fastest 10 yards from 0.9 s to 1.9 s at 20 mph, and
 * the speeds its curve gives: 5 mph at the start, 18.5 mph at 2.4 s, 15 mph at the end. `clicks`: the clicked
 * frames the track keeps (none: a track before tracker 2.9.0); `unsure`: frames the tracker was unsure of.
 */
function fitted(clicks: number[] | undefined, unsure: number[] = []) {
  const frames = Array.from({ length: 120 }, (_, frameIndex) => ({
    frameIndex,
    time: frameIndex / FPS,
    x: 0,
    y: 0,
    yards: null,
    confidence: 1,
    state: unsure.includes(frameIndex) ? ('unsure' as const) : ('tracked' as const),
  }));
  const raw = { width: 640, height: 360, frames: [], lines: [], doubts: [], beside: [], clicks } as RawTrack;
  const result = {
    frames,
    profile: [
      { time: 0, yards: 0, mph: 5 },
      { time: 0.9, yards: 12, mph: 19.5 },
      { time: 1.8, yards: 28, mph: 20 },
      { time: 2.4, yards: 34, mph: 18.5 },
      { time: 119 / FPS, yards: 50, mph: 15 },
    ],
    maxSpeed: { mph: 20, plusMinusMph: 0.2, fromYard: 12, toYard: 22, fromTime: 0.9, toTime: 1.9 },
  } as unknown as TrackResult;
  return { raw, result };
}

const verdict = (clicks: number[] | undefined, ended: number[] = [], unsure: number[] = []) => {
  const { raw, result } = fitted(clicks, unsure);
  return trackVerdict(raw, result, [], ended);
};

describe('the fastest 10 yards rest on a click made at speed (issue 48, decision 302)', () => {
  it('asks for a click in the middle of the fastest 10 yards when the only click was where the player ran slower', () => {
    expect(verdict([0])).toEqual({
      needsClickAt: {
        frameIndex: 42,
        reason:
          "The tracker places the player's feet by how he looked where he was clicked (frame 1), and there he ran much slower than in his fastest 10 yards, where a body is shaped otherwise: click the player on this frame, where he runs fastest",
        kind: 'resume',
      },
      failure: undefined,
    });
    // At 75% of his top speed (15 of 20 mph, the end of the run) is still much slower.
    expect(verdict([110]).needsClickAt?.frameIndex).toBe(42);
  });

  it('takes a click off the fitted curve (a frame with no yard lines, say) as made where he ran slower', () => {
    const { raw, result } = fitted([0]);
    // The curve begins at 0.9 s, at 19.5 mph: the click at 0 s is not taken for a click at that speed.
    result.profile = result.profile.slice(1);
    expect(trackVerdict(raw, result, []).needsClickAt?.frameIndex).toBe(42);
  });

  it('asks nothing where a click is inside those yards, or at 90% of his top speed or more, or where a click at speed places them', () => {
    // Inside the window: whatever the curve says there.
    expect(verdict([30])).toEqual({ needsClickAt: undefined, failure: undefined });
    // Outside it at 18.5 of 20 mph.
    expect(verdict([72])).toEqual({ needsClickAt: undefined, failure: undefined });
    // The click at the start places only the frames nearer to it than to the click at 1.67 s (up to frame 25).
    expect(verdict([0, 50])).toEqual({ needsClickAt: undefined, failure: undefined });
  });

  it('asks on a frame of the window the slow click places, where the player was followed for sure', () => {
    // The start's click places frames 0-40 (halfway to frame 80): the ask is the one of those in the window
    // nearest its middle.
    expect(verdict([0, 80]).needsClickAt?.frameIndex).toBe(40);
    // The middle's frame was in doubt: the nearest one followed for sure.
    expect(verdict([0], [], [42]).needsClickAt?.frameIndex).toBe(41);
  });

  it('refuses with the reason when the analyst answered that the player is not in view there', () => {
    expect(verdict([0], [42])).toEqual({
      needsClickAt: undefined,
      failure:
        'No Max Speed from this track: the player was not clicked where he runs fastest, and a click where he ran slower does not place his feet there',
    });
  });

  it('leaves a track stored before tracker 2.9.0 (no clicked frames kept) to the re-check', () => {
    expect(verdict(undefined)).toEqual({ needsClickAt: undefined, failure: undefined });
  });
});
