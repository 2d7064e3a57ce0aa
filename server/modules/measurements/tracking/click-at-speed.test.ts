import { describe, expect, it } from 'vitest';
import { trackVerdict } from './fit-result';
import { checkedEnds, finishedTrack } from './finished-track.fixtures';

const FPS = 30;

/**
 * The verdict on a 30 fps track whose fastest 10 yards run from 0.9 s to 1.9 s (`finishedTrack`), the analyst
 * having checked the window's ends.
 */
const verdict = (clicks: number[] | undefined, ended: number[] = [], unsure: number[] = []) => {
  const { raw, result } = finishedTrack(FPS, 0.2, { clicks, unsure });
  return trackVerdict(raw, result, checkedEnds(result), ended);
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
    const { raw, result } = finishedTrack(FPS, 0.2, { clicks: [0] });
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
