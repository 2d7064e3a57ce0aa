import { describe, expect, it } from 'vitest';
import { makeTemplate, matchTemplate } from './follow-player';
import { linesPaintedOut } from './lines-painted-out';

/**
 * Grass with noise, an upright yard line 3 px wide at `lineX`, and a player whose kit is as bright as the grass
 * (his colour is not quite) standing with his ground point at `at`, 30 px tall; he covers the line where he stands.
 * Planes as the tracker decodes them: grey at full size, Cb and Cr at half size.
 */
/** The kit's colour: the grass's grey, a little more blue and less red than it. */
const KIT = { cb: 120, cr: 90 };
function frame(w: number, h: number, lineX: number, at: { x: number; y: number }, seed: number) {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 2;
  const grey = new Uint8Array(w * h);
  const cw = w / 2;
  const ch = h / 2;
  const chroma = new Uint8Array(2 * cw * ch);
  const onKit = (x: number, y: number) => Math.abs(x - at.x) <= 4 && y >= at.y - 28 && y <= at.y;
  const onLine = (x: number) => x >= lineX - 1.5 && x < lineX + 1.5;
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1)
      grey[y * w + x] = Math.round(
        onKit(x + 0.5, y + 0.5) ? 100 + 12 * rand() : onLine(x + 0.5) ? 215 + 5 * rand() : 100 + 12 * rand(),
      );
  for (let y = 0; y < ch; y += 1)
    for (let x = 0; x < cw; x += 1) {
      const kit = onKit(2 * x + 1, 2 * y + 1);
      const line = !kit && onLine(2 * x + 1);
      chroma[y * cw + x] = Math.round((kit ? KIT.cb : line ? 128 : 100) + 3 * rand());
      chroma[cw * ch + y * cw + x] = Math.round((kit ? KIT.cr : line ? 128 : 105) + 3 * rand());
    }
  return { grey, chroma, onKit, onLine };
}

describe('the yard lines painted out of the frames the player is followed on (decision 365)', () => {
  const w = 160;
  const h = 120;
  const lineX = 65;
  // Clicked beside the line (it runs through the template's box), and a frame later 16 px on, clear of it.
  const clicked = frame(w, h, lineX, { x: 60, y: 80 }, 1);
  const later = frame(w, h, lineX, { x: 76, y: 80 }, 2);
  const onIt = frame(w, h, lineX, { x: 65, y: 80 }, 3);
  // Pixels 63 to 65, which cover 63 to 66 of the picture (decision 349).
  const line = { a: lineX - 0.5, s: 0, votes: 100 };
  const painted = linesPaintedOut(
    {
      frames: [clicked.grey, later.grey, onIt.grey],
      chroma: [clicked.chroma, later.chroma, onIt.chroma],
      lines: [[line], [line], [line]],
      k1: 0,
    },
    w,
    h,
    () => 20,
  );

  it('puts the line back to the grass either side of it, and leaves the player over it as he is', () => {
    const g = painted.grey(1);
    for (const y of [10, 50, 100])
      for (let x = lineX - 2; x <= lineX; x += 1) {
        expect(later.grey[y * w + x]).toBeGreaterThan(190);
        expect(Math.abs(g[y * w + x] - 100)).toBeLessThan(15);
      }
    // Rows 52 to 80 are the player's where he stands on the line: not brighter than himself either side.
    const p = painted.grey(2);
    for (let y = 53; y < 80; y += 1)
      for (let x = lineX - 3; x <= lineX + 3; x += 1) expect(p[y * w + x]).toBe(onIt.grey[y * w + x]);
    // Grass away from the line is left as it was; the decoded frame is not changed.
    expect(g[50 * w + 20]).toBe(later.grey[50 * w + 20]);
    expect(later.grey[50 * w + lineX]).toBeGreaterThan(190);
    // The line's colour is the grass's either side of it; the player's is his.
    const cw = w / 2;
    expect(Math.abs(painted.colour(1)![25 * cw + (lineX >> 1)] - 100)).toBeLessThan(10);
    expect(painted.colour(2)![33 * cw + (lineX >> 1)]).toBe(onIt.chroma[33 * cw + (lineX >> 1)]);
  });

  it('keeps the match on a player clicked beside a line once he has left it', () => {
    const raw = makeTemplate(clicked.grey, w, h, 60, 80, 30, clicked.chroma);
    const rawMatch = matchTemplate(raw, later.grey, 1, raw.cx + 16, raw.cy, 6, later.chroma);
    const clean = makeTemplate(painted.grey(0), w, h, 60, 80, 30, painted.colour(0));
    const cleanMatch = matchTemplate(
      clean,
      painted.grey(1),
      1,
      clean.cx + 16,
      clean.cy,
      6,
      painted.colour(1),
    );
    expect(Math.abs(cleanMatch.x - (clean.cx + 16))).toBeLessThan(1);
    expect(cleanMatch.ncc).toBeGreaterThan(0.6);
    // With the line in both pictures the template's line has nothing to match where he now is.
    expect(rawMatch.ncc).toBeLessThan(0.6);
  });

  it('gives a frame without lines as it is', () => {
    const bare = linesPaintedOut({ frames: [later.grey], lines: [[]], k1: 0 }, w, h, () => null);
    expect(bare.grey(0)).toBe(later.grey);
    expect(bare.colour(0)).toBeUndefined();
  });
});
