import { describe, expect, it } from 'vitest';
import { cameraStill } from './camera-still';

const W = 640;
const H = 360;

/** A field seen from afar, wider than the picture: grass of smooth random texture, a line every 80 px. */
function world(width: number, seed = 7) {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  // Texture on a 16 px lattice, blended: each place of the field looks unlike the others.
  const gw = Math.ceil(width / 16) + 2;
  const gh = Math.ceil(H / 16) + 2;
  const lattice = Array.from({ length: gw * gh }, () => 40 * rnd());
  const out = new Uint8Array(width * H);
  for (let y = 0; y < H; y += 1)
    for (let x = 0; x < width; x += 1) {
      const [gx, gy] = [x / 16, y / 16];
      const [i, j] = [Math.floor(gx), Math.floor(gy)];
      const [u, v] = [gx - i, gy - j];
      const at = (a: number, b: number) => lattice[b * gw + a];
      const t =
        (1 - v) * ((1 - u) * at(i, j) + u * at(i + 1, j)) +
        v * ((1 - u) * at(i, j + 1) + u * at(i + 1, j + 1));
      const line = x % 80 < 3 ? 120 : 0;
      out[y * width + x] = Math.max(0, Math.min(255, 100 + t + line));
    }
  return out;
}

/** The picture a camera sees with its left edge at `left` of `field`, moved `shake` px, a runner at `runnerX`. */
function picture(field: Uint8Array, fieldWidth: number, left: number, runnerX: number, shake = 0) {
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y += 1)
    for (let x = 0; x < W; x += 1) {
      const fx = Math.min(fieldWidth - 1, Math.max(0, Math.round(left + x + shake)));
      const fy = Math.min(H - 1, Math.max(0, y + Math.round(shake / 2)));
      out[y * W + x] = field[fy * fieldWidth + fx];
    }
  // The runner: a dark box 12 x 40 px.
  for (let y = 200; y < 240; y += 1)
    for (let x = runnerX; x < runnerX + 12; x += 1) if (x >= 0 && x < W) out[y * W + x] = 20;
  return out;
}

/** The yard lines' x at the middle row of the picture with its left edge at `left` of the field. */
const linesAt = (left: number, shake = 0) => {
  const first = (((-(left + Math.round(shake)) % 80) + 80) % 80) + 1;
  return Array.from({ length: 8 }, (_, k) => first + 80 * k).filter((x) => x < W);
};

describe('whether the camera stayed still through a clip (decision 350)', () => {
  const fieldWidth = 3 * W;
  const field = world(fieldWidth);
  const runner = (k: number) => 40 + 48 * k;
  /** Twelve moments of a camera whose picture's left edge is at `left(k)` (and shaken by `shake(k)`). */
  const clip = (left: (k: number) => number, shake: (k: number) => number = () => 0) => {
    const ks = Array.from({ length: 12 }, (_, k) => k);
    return {
      pictures: ks.map((k) => picture(field, fieldWidth, left(k), runner(k), shake(k))),
      lines: ks.map((k) => linesAt(left(k), shake(k))),
    };
  };
  const judged = (c: ReturnType<typeof clip>) => cameraStill(c.pictures, c.lines, W, H, 0.4);

  it('a camera held still, shaking by a few pixels, while the runner crosses the picture: still', () => {
    const shakes = [0, 3, -4, 2, 5, -3, 1, -5, 4, 0, -2, 3];
    expect(
      judged(
        clip(
          () => W,
          (k) => shakes[k],
        ),
      ),
    ).toBe(true);
  });

  it('a camera that pans after the runner: not still, whether it turns fast or slowly', () => {
    expect(judged(clip((k) => W / 2 + 60 * k))).toBe(false);
    expect(judged(clip((k) => W + 20 * k))).toBe(false);
    // A pan of exactly one line's spacing a moment: the lines alone would not show it, the grass does.
    const aliased = clip((k) => 80 * k);
    expect(aliased.lines.every((l) => l.join() === linesAt(0).join())).toBe(true);
    expect(judged(aliased)).toBe(false);
  });

  it('a picture misread at one moment leaves a camera still; a pan at the end of a long clip, or step by step, does not', () => {
    expect(judged(clip((k) => (k === 2 ? W + 100 : W)))).toBe(true);
    // The run and the pan after it in the last two moments of twelve, the camera left where the pan took it.
    expect(judged(clip((k) => (k < 10 ? W / 2 : W / 2 + 150 * (k - 9))))).toBe(false);
    expect(judged(clip((k) => W + 100 * Math.floor(k / 3)))).toBe(false);
  });

  it('tells nothing without four neighbouring moments that show two lines, from fewer than four pictures, moments over a second apart, or a picture too small', () => {
    const still = clip(() => W);
    const at = (
      c: { pictures: (Uint8Array | null)[]; lines: (number[] | null)[] },
      apart = 0.4,
      w = W,
      h = H,
    ) => cameraStill(c.pictures, c.lines, w, h, apart);
    expect(at(still)).toBe(true);
    expect(at({ ...still, lines: still.lines.map(() => null) })).toBeNull();
    expect(at({ ...still, lines: still.lines.map((l, k) => (k % 3 === 2 ? [l[0]] : l)) })).toBeNull();
    const [a0, a1, a2] = still.pictures;
    expect(at({ pictures: [a0, null, a1, null, a2], lines: still.lines.slice(0, 5) })).toBeNull();
    expect(at({ pictures: still.pictures.slice(0, 4), lines: still.lines.slice(0, 4) })).toBe(true);
    // A long clip: twelve moments 2 s apart may miss a whole pan.
    expect(at(still, 2)).toBeNull();
    // Six pictures 40 px wide: too small for copies an eighth of that size.
    const small = Array.from({ length: 6 }, () => new Uint8Array(40 * 40));
    expect(at({ pictures: small, lines: small.map(() => [1, 20]) }, 0.4, 40, 40)).toBeNull();
  });
});
