import { describe, expect, it } from 'vitest';
import { grassChroma, kitColour, kitsDiffer, type KitColour } from './kit-colour';

/** Chroma planes `cw` x `ch` of grass (u 100, v 110), with boxes of kit colour painted on. */
function planes(
  cw: number,
  ch: number,
  kits: { x0: number; y0: number; x1: number; y1: number; u: number; v: number }[],
) {
  const c = new Uint8Array(2 * cw * ch);
  for (let k = 0; k < cw * ch; k += 1) {
    c[k] = 100 + (k % 3) - 1;
    c[cw * ch + k] = 110 + (k % 5) - 2;
  }
  for (const b of kits)
    for (let y = b.y0; y <= b.y1; y += 1)
      for (let x = b.x0; x <= b.x1; x += 1) {
        c[y * cw + x] = b.u;
        c[cw * ch + y * cw + x] = b.v;
      }
  return c;
}

const colour = (u: number, v: number, n: number, share = 0.5): KitColour => ({ u, v, n, share });

describe("a kit's colour", () => {
  it('reads the grass as the median chroma and the kit as the mean of the pixels that are not grass', () => {
    // A red kit (u 90, v 200) 4 x 5 chroma pixels at (20..23, 10..14) on grass.
    const c = planes(80, 45, [{ x0: 20, y0: 10, x1: 23, y1: 14, u: 90, v: 200 }]);
    const grass = grassChroma(c, 80, 45);
    expect(grass).toEqual({ u: 100, v: 110 });
    // The box in grey pixels: centre (43, 24), 6 x 8 either side, so chroma 18..25 x 8..16 (72 pixels).
    const kit = kitColour(c, 80, 45, grass, 43, 24, 6, 8);
    expect(kit.n).toBe(20);
    expect(kit.u).toBe(90);
    expect(kit.v).toBe(200);
    expect(kit.share).toBeCloseTo(20 / 72, 5);
    // A box on grass only holds no kit.
    expect(kitColour(c, 80, 45, grass, 120, 60, 6, 8).n).toBe(0);
  });

  it('tells two kits apart by their colours, and says nothing when neither can be read', () => {
    expect(kitsDiffer(colour(90, 200, 20), colour(180, 100, 20))).toBe(true);
    expect(kitsDiffer(colour(90, 200, 20), colour(95, 190, 12))).toBe(false);
    expect(kitsDiffer(colour(100, 110, 1), colour(100, 110, 2))).toBeNull();
    // A kit the grass's colour beside one that fills its box is another kit; beside a sliver, unknown.
    expect(kitsDiffer(colour(100, 110, 0, 0), colour(128, 128, 20, 0.4))).toBe(true);
    expect(kitsDiffer(colour(100, 110, 0, 0), colour(128, 128, 5, 0.1))).toBeNull();
  });
});
