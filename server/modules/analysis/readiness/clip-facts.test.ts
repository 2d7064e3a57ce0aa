import { describe, expect, it } from 'vitest';
import type { Line } from '../../measurements';
import { stillCamera } from './clip-facts';

/** Yard lines 120 px apart starting at `from`, slanted by `s` (x = a + s (y - h/2)). */
const lines = (from: number, s = 0.1, n = 4): Line[] =>
  Array.from({ length: n }, (_, k) => ({ a: from + 120 * k, s: s + 0.02 * k, votes: 50 }));

describe('a still camera told by its yard lines (decision 301)', () => {
  it('stands still where every moment shows the lines where the first did, within its shake', () => {
    expect(stillCamera([lines(40), lines(43), lines(37, 0.12), lines(41)], 640)).toBe(true);
    // A line missed or one more found at a moment (a player over it) does not make it move.
    expect(
      stillCamera(
        [lines(40), lines(40, 0.1, 3), [...lines(41), { a: 600, s: 0, votes: 20 }], lines(39)],
        640,
      ),
    ).toBe(true);
  });

  it('does not stand still where the lines move across the picture: a pan, or a zoom that spreads them', () => {
    expect(stillCamera([lines(40), lines(90), lines(140), lines(190)], 640)).toBe(false);
    const zoomed = lines(40).map((l) => ({ ...l, a: 320 + (l.a - 320) * 1.3 }));
    expect(stillCamera([lines(40), lines(40), zoomed], 640)).toBe(false);
    // A pan of exactly one line's spacing between two moments still shows at the moments between.
    expect(stillCamera([lines(40), lines(100), lines(160), lines(160)], 640)).toBe(false);
  });

  it('cannot tell from fewer than three moments with two lines', () => {
    expect(stillCamera([lines(40), lines(40)], 640)).toBeNull();
    expect(stillCamera([lines(40), [], lines(40, 0.1, 1), lines(40)], 640)).toBeNull();
    expect(stillCamera([], 640)).toBeNull();
  });
});
