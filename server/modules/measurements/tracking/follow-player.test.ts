import { describe, expect, it } from 'vitest';
import { makeTemplate, matchTemplate } from './follow-player';

/**
 * A kit as bright as the grass (issue 48): a block whose grey value is the grass's and whose colour is not,
 * on grass with noise. Planes as the tracker decodes them: grey at full size, Cb and Cr at half size.
 */
function field(w: number, h: number, kitAt: { x: number; y: number }, seed: number) {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 2;
  const grey = new Uint8Array(w * h);
  const cw = w / 2;
  const ch = h / 2;
  const chroma = new Uint8Array(2 * cw * ch);
  const onKit = (x: number, y: number) => Math.abs(x - kitAt.x) <= 6 && y >= kitAt.y - 22 && y <= kitAt.y - 6;
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) grey[y * w + x] = Math.round(110 + 12 * rand());
  for (let y = 0; y < ch; y += 1)
    for (let x = 0; x < cw; x += 1) {
      const kit = onKit(2 * x + 0.5, 2 * y + 0.5);
      // Grass: Cb low, Cr low (green); the kit: Cb high, Cr high (purple), the same grey.
      chroma[y * cw + x] = Math.round((kit ? 160 : 100) + 3 * rand());
      chroma[cw * ch + y * cw + x] = Math.round((kit ? 165 : 105) + 3 * rand());
    }
  return { grey, chroma };
}

describe('following a kit as bright as the grass (issue 48)', () => {
  const w = 160;
  const h = 120;
  const clicked = field(w, h, { x: 60, y: 80 }, 1);
  const later = field(w, h, { x: 66, y: 82 }, 2);
  // The player is 30 px tall; his ground point is (60, 80) where clicked, (66, 82) a frame later.

  it('finds him by his colour where the grey picture has nothing to match', () => {
    const t = makeTemplate(clicked.grey, w, h, 60, 80, 30, clicked.chroma);
    const m = matchTemplate(t, later.grey, 1, t.cx + 3, t.cy + 1, 8, later.chroma);
    expect(m.ncc).toBeGreaterThan(0.6);
    expect(Math.abs(m.x - (t.cx + 6))).toBeLessThan(1);
    expect(Math.abs(m.y - (t.cy + 2))).toBeLessThan(1);
  });

  it('matched on grey alone the same frames fall under the correlation floor', () => {
    const t = makeTemplate(clicked.grey, w, h, 60, 80, 30);
    const m = matchTemplate(t, later.grey, 1, t.cx + 3, t.cy + 1, 8);
    expect(m.ncc).toBeLessThan(0.6);
  });
});
