import { describe, expect, it } from 'vitest';
import { correlationForTests, lookAlike, makeTemplate, matchTemplate } from './follow-player';

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

/**
 * Grass with noise and upright bodies (bright upper bodies over darker legs), planes as the tracker decodes
 * them; `people` holds each body's ground point and height.
 */
function bodies(w: number, h: number, people: { x: number; y: number; height: number }[], seed: number) {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 2;
  const grey = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      let v = 100 + 10 * rand();
      for (const p of people) {
        const up = (p.y - y) / p.height;
        const across = Math.abs(x - p.x) / p.height;
        // Head, shirt with a dark number, shorts and legs: soft edges, as a blurred picture has.
        if (up > 0.88 && up < 1 && across < 0.07) v = 180;
        else if (up > 0.45 && up <= 0.88 && across < 0.16 + 0.04 * Math.sin(7 * up))
          v = across < 0.06 && up > 0.6 && up < 0.75 ? 60 : 210;
        else if (up > 0 && up <= 0.45 && across < 0.12) v = 40;
      }
      grey[y * w + x] = Math.max(0, Math.min(255, Math.round(v)));
    }
  // A light blur: the correlation of a real picture is smooth over a pixel.
  const out = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y += 1)
    for (let x = 1; x < w - 1; x += 1) {
      let sum = 0;
      for (let j = -1; j <= 1; j += 1) for (let i = -1; i <= 1; i += 1) sum += grey[(y + j) * w + x + i];
      out[y * w + x] = Math.round(sum / 9);
    }
  return out;
}

describe('the search for the player (tracker 2.6.0: every other place first, then climbed)', () => {
  const w = 200;
  const h = 150;
  // The best place of a full search: the correlation taken at every place (a search of radius 0 there).
  const fullSearch = (
    t: ReturnType<typeof makeTemplate>,
    frame: Uint8Array,
    px: number,
    py: number,
    r: number,
  ) => {
    let best = { x: 0, y: 0, ncc: -2 };
    for (let dy = -r; dy <= r; dy += 1)
      for (let dx = -r; dx <= r; dx += 1) {
        const m = matchTemplate(t, frame, 1, Math.round(px) + dx, Math.round(py) + dy, 0);
        if (m.ncc > best.ncc) best = m;
      }
    return best;
  };

  it('finds the place a full search finds, the player at odd and even offsets, another player near', () => {
    const clicked = bodies(w, h, [{ x: 80, y: 110, height: 44 }], 3);
    const t = makeTemplate(clicked, w, h, 80, 110, 44);
    for (const [mx, my] of [
      [3, 1],
      [-5, 2],
      [4, -3],
      [0, 0],
      [-7, -7],
    ]) {
      const frame = bodies(
        w,
        h,
        [
          { x: 80 + mx, y: 110 + my, height: 44 },
          { x: 80 + mx + 20, y: 110 + my + 1, height: 44 },
        ],
        11 + mx,
      );
      const fast = matchTemplate(t, frame, 1, t.cx, t.cy, 9);
      const full = fullSearch(t, frame, t.cx, t.cy, 9);
      expect(Math.round(fast.x)).toBe(full.x);
      expect(Math.round(fast.y)).toBe(full.y);
      expect(fast.ncc).toBe(full.ncc);
      expect(Math.abs(fast.x - (t.cx + mx))).toBeLessThanOrEqual(1);
      expect(Math.abs(fast.y - (t.cy + my))).toBeLessThanOrEqual(1);
    }
  });
});

describe('the look-alike search (its grid is not thinned: decision 297)', () => {
  const w = 240;
  const h = 160;
  const clicked = bodies(w, h, [{ x: 100, y: 120, height: 40 }], 5);
  const t = makeTemplate(clicked, w, h, 100, 120, 40);

  it('finds another player who looks the same wherever he stands beside the player', () => {
    for (const dx of [29, 30, 31, 33, -35, -34]) {
      const frame = bodies(
        w,
        h,
        [
          { x: 100, y: 120, height: 40 },
          { x: 100 + dx, y: 121, height: 40 },
        ],
        7,
      );
      const other = lookAlike(t, frame, 1, t.cx, t.cy, 48, 12, 0.6);
      expect(other).not.toBeNull();
      expect(Math.abs(other!.x - (t.cx + dx))).toBeLessThanOrEqual(2);
      expect(other!.ncc).toBeGreaterThan(0.8);
    }
  });

  it('finds no one where the player is alone', () => {
    const frame = bodies(w, h, [{ x: 100, y: 120, height: 40 }], 9);
    expect(lookAlike(t, frame, 1, t.cx, t.cy, 48, 12, 0.6)).toBeNull();
  });
});

describe('the look-alike search in colour, its places read four at a time (decision 297)', () => {
  const w = 240;
  const h = 160;
  // The kit's colour: purple shirts on green grass, planes as the tracker decodes them.
  const colour = (people: { x: number; y: number; height: number }[]) => {
    const cw = w / 2;
    const ch = h / 2;
    const planes = new Uint8Array(2 * cw * ch);
    for (let y = 0; y < ch; y += 1)
      for (let x = 0; x < cw; x += 1) {
        const kit = people.some((p) => {
          const up = (p.y - (2 * y + 0.5)) / p.height;
          return up > 0.45 && up <= 0.88 && Math.abs(2 * x + 0.5 - p.x) / p.height < 0.16;
        });
        planes[y * cw + x] = kit ? 165 : 100 + ((x * 7 + y * 3) % 5);
        planes[cw * ch + y * cw + x] = kit ? 170 : 105 + ((x * 3 + y * 5) % 5);
      }
    return planes;
  };
  const player = { x: 100, y: 120, height: 40 };
  const clicked = bodies(w, h, [player], 5);
  const t = makeTemplate(clicked, w, h, player.x, player.y, player.height, colour([player]));

  // A grid of places 2 apart (radius 48: even, the colour of four places in one pass) and 3 apart (radius
  // 72: odd, two passes of two), the other player on and off the grid's places.
  for (const radius of [48, 72])
    it(`finds the other player at his place on a grid ${Math.round(radius / 24)} pixels apart`, () => {
      for (const dx of [29, 30, 31, -34]) {
        const people = [player, { x: player.x + dx, y: player.y + 1, height: 40 }];
        const frame = bodies(w, h, people, 7);
        const other = lookAlike(t, frame, 1, t.cx, t.cy, radius, 12, 0.6, colour(people));
        expect(other).not.toBeNull();
        expect(Math.abs(other!.x - (t.cx + dx))).toBeLessThanOrEqual(radius / 24);
        // On a grid 3 apart the nearest place may be a pixel off his: the correlation there is lower.
        expect(other!.ncc).toBeGreaterThan(0.7);
        // The colour counts: the same bodies with grass-coloured shirts are not taken for him.
        const grey = lookAlike(t, frame, 1, t.cx, t.cy, radius, 12, 0.6, colour([player]));
        expect(grey === null || grey.ncc < other!.ncc - 0.05).toBe(true);
      }
    });
});

describe('four places of a row in one pass (decision 297)', () => {
  it('gives every place the number one place at a time gives, to the last bit, in grey and in colour', () => {
    const { scaled, correlate, correlateFour, lattice } = correlationForTests;
    const w = 120;
    const h = 90;
    let seed = 3;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const frame = Uint8Array.from({ length: w * h }, () => Math.floor(256 * rand()));
    const chroma = Uint8Array.from({ length: (w / 2) * (h / 2) * 2 }, () => Math.floor(256 * rand()));
    for (const withColour of [false, true]) {
      const t = makeTemplate(frame, w, h, 40, 60, 24, withColour ? chroma : undefined);
      const s = scaled(t, 1.1);
      const four = new Float64Array(4);
      // Even and odd distances between the places, every parity of the first place, both steps.
      for (const dx of [2, 3, 4, 5])
        for (const [cx, cy] of [
          [30, 40],
          [31, 40],
          [30, 41],
          [31, 41],
        ])
          for (const step of [1, 2]) {
            const c = withColour ? chroma : undefined;
            // As the look-alike search reads them (grey and colour from lattice sums at its step, decision
            // 358); one place at a time with the grey summed place by place too: the same numbers.
            const colour = c ? lattice(null, c, w, h, 0, 0, w - 1, h - 1, step, 2) : null;
            const sums = { grey: lattice(frame, null, w, h, 0, 0, w - 1, h - 1, step, 3), colour };
            correlateFour(s, frame, c, w, h, cx, cy, dx, step, s.norm, sums, four);
            for (let k = 0; k < 4; k += 1) {
              expect(four[k]).toBe(correlate(s, frame, c, w, h, cx + k * dx, cy, step, s.norm, sums));
              const byPlace = { grey: null, colour };
              expect(four[k]).toBe(correlate(s, frame, c, w, h, cx + k * dx, cy, step, s.norm, byPlace));
            }
          }
    }
  });
});

describe("the frame's sums under a template read from lattice sums (tracker 2.7.0)", () => {
  const w = 64;
  const h = 48;
  let seed = 11;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const frame = Uint8Array.from({ length: w * h }, () => Math.floor(256 * rand()));
  const chroma = Uint8Array.from({ length: (w / 2) * (h / 2) * 2 }, () => Math.floor(256 * rand()));
  /** Grey and grey squared, or Cb, Cb squared, Cr, Cr squared, at a grey pixel (its colour pixel's colour). */
  const values = (x: number, y: number, colour: boolean) => {
    const g = frame[y * w + x];
    const c = (y >> 1) * (w / 2) + (x >> 1);
    const p = chroma[c];
    const q = chroma[(w / 2) * (h / 2) + c];
    return colour ? [p, p * p, q, q * q] : [g, g * g];
  };

  it('gives every box the sums a loop over its points gives, in every plane, for every step and corner', () => {
    const { lattice, boxSum, corners } = correlationForTests;
    let boxes = 0;
    for (const colour of [false, true])
      for (const step of [1, 2, 3])
        // A region cut by the picture's left and top edges, and one inside it at odd and even corners.
        for (const [left, top] of [
          [-5, -3],
          [6, 3],
          [7, 4],
        ]) {
          const L = lattice(
            colour ? null : frame,
            colour ? chroma : null,
            w,
            h,
            left,
            top,
            left + 50,
            top + 40,
            step,
            2,
          );
          for (let x0 = Math.max(0, left); x0 < left + 30; x0 += 1)
            for (let y0 = Math.max(0, top); y0 < top + 25; y0 += 1) {
              const ni = 1 + (x0 % 5);
              const nj = 2 + (y0 % 4);
              const want = colour ? [0, 0, 0, 0] : [0, 0];
              for (let j = 0; j < nj; j += 1)
                for (let i = 0; i < ni; i += 1) {
                  const v = values(x0 + i * step, y0 + j * step, colour);
                  for (let k = 0; k < v.length; k += 1) want[k] += v[k];
                }
              corners(L, x0, y0, ni, nj);
              expect(want.map((_, k) => boxSum(L, k))).toEqual(want);
              boxes += 1;
            }
        }
    expect(boxes).toBeGreaterThan(10000);
  });

  /**
   * A place's correlation written out pixel by pixel (grey and colour as one vector, the colour read at each
   * grey pixel's colour pixel), to check the searches' sums against.
   */
  const reference = (
    s: ReturnType<typeof correlationForTests.scaled>,
    cx: number,
    cy: number,
    step: number,
  ) => {
    const cw = w / 2;
    const x0 = cx - s.hw;
    const y0 = cy - s.hh;
    let cross = 0;
    let n = 0;
    const sum = [0, 0, 0, 0, 0, 0];
    for (let j = 0; j < s.th; j += step)
      for (let i = 0; i < s.tw; i += step) {
        const x = x0 + i;
        const y = y0 + j;
        const g = frame[y * w + x];
        const c = (y >> 1) * cw + (x >> 1);
        const p = chroma[c];
        const q = chroma[cw * (h / 2) + c];
        const t = j * s.tw + i;
        cross += s.data[t] * g + s.du![t] * p + s.dv![t] * q;
        n += 1;
        [g, g * g, p, p * p, q, q * q].forEach((v, k) => (sum[k] += v));
      }
    const spread = (a: number, aa: number) => aa - (a * a) / n;
    const varI = spread(sum[0], sum[1]) + spread(sum[2], sum[3]) + spread(sum[4], sum[5]);
    return cross / (s.norm * Math.sqrt(varI));
  };

  it('gives each place the correlation written out pixel by pixel, one at a time and four of a row at a time', () => {
    const { scaled, correlate, correlateFour, lattice } = correlationForTests;
    const t = makeTemplate(frame, w, h, 30, 40, 22, chroma);
    const s = scaled(t, 0.9);
    const four = new Float64Array(4);
    let places = 0;
    for (const step of [1, 2]) {
      // As the player's own search reads them (grey and colour from lattice sums, step 1), and as the
      // look-alike search does (both from lattice sums at its step), and with the grey summed place by place.
      const own = {
        grey: lattice(frame, null, w, h, 0, 0, w - 1, h - 1, 1, 0),
        colour: lattice(null, chroma, w, h, 0, 0, w - 1, h - 1, 1, 1),
      };
      const look = {
        grey: lattice(frame, null, w, h, 0, 0, w - 1, h - 1, step, 3),
        colour: lattice(null, chroma, w, h, 0, 0, w - 1, h - 1, step, 2),
      };
      const placeByPlace = { grey: null, colour: look.colour };
      for (const sums of step === 1 ? [own, look, placeByPlace] : [look, placeByPlace])
        for (let cy = 14; cy < 34; cy += 1)
          for (const cx of [12, 13, 20, 21]) {
            const want = reference(s, cx, cy, step);
            expect(correlate(s, frame, chroma, w, h, cx, cy, step, s.norm, sums)).toBeCloseTo(want, 12);
            // Four of a row at a time: the grey always from lattice sums.
            const grey = sums.grey;
            if (grey)
              for (const dx of [2, 3]) {
                correlateFour(s, frame, chroma, w, h, cx, cy, dx, step, s.norm, { ...sums, grey }, four);
                for (let k = 0; k < 4; k += 1)
                  expect(four[k]).toBeCloseTo(reference(s, cx + k * dx, cy, step), 12);
              }
            places += 1;
          }
    }
    expect(places).toBe(400);
  });

  it('passes over only places whose correlation is under the floor, and gives the others their number', () => {
    const { scaled, correlate, correlateFour, lattice, greyParts } = correlationForTests;
    const t = makeTemplate(frame, w, h, 30, 40, 22, chroma);
    const s = scaled(t, 1);
    const colourNorm = Math.sqrt(
      Array.from(s.du!, (v) => v * v).reduce((a, b) => a + b, 0) +
        Array.from(s.dv!, (v) => v * v).reduce((a, b) => a + b, 0),
    );
    const grey = greyParts(
      s,
      1,
      Array.from(s.data, (v) => v * v).reduce((a, b) => a + b, 0),
    );
    const sums = {
      grey: lattice(frame, null, w, h, 0, 0, w - 1, h - 1, 1, 3),
      colour: lattice(null, chroma, w, h, 0, 0, w - 1, h - 1, 1, 2),
    };
    const plain = new Float64Array(4);
    const screened = new Float64Array(4);
    let passed = 0;
    let kept = 0;
    const passedBefore = [0, 0];
    for (const floor of [-1, 0, 0.1, 0.2, 0.4, 0.9])
      for (let cy = 12; cy < 36; cy += 1)
        // Across the template's own place (30, 25.15), where the correlation is near 1.
        for (const cx of [12, 18, 24, 30]) {
          correlateFour(s, frame, chroma, w, h, cx, cy, 3, 1, s.norm, sums, plain);
          // Screened before the colour is read, and with the template's grey norm before the grey is
          // (decision 358).
          for (const [at, screen] of [
            [0, { floor, colourNorm }],
            [1, { floor, colourNorm, grey }],
          ] as const) {
            correlateFour(s, frame, chroma, w, h, cx, cy, 3, 1, s.norm, sums, screened, screen);
            for (let k = 0; k < 4; k += 1)
              if (screened[k] === Number.NEGATIVE_INFINITY) {
                expect(plain[k]).toBeLessThan(floor);
                passedBefore[at] += 1;
              } else expect(screened[k]).toBe(plain[k]);
          }
          for (let k = 0; k < 4; k += 1) if (plain[k] >= floor) kept += 1;
        }
    passed += passedBefore[0];
    // Screened before the grey is read, fewer places are passed over (the grey term's bound is looser than
    // the term itself), but some are.
    expect(passedBefore[1]).toBeGreaterThan(20);
    expect(passedBefore[1]).toBeLessThanOrEqual(passedBefore[0]);
    // One place at a time, as the look-alike search takes the places at the ends of its rows.
    for (const floor of [0, 0.2, 0.4])
      for (let cy = 12; cy < 36; cy += 1)
        for (let cx = 12; cx < 34; cx += 3) {
          const one = correlate(s, frame, chroma, w, h, cx, cy, 1, s.norm, sums);
          const screenedOne = correlate(s, frame, chroma, w, h, cx, cy, 1, s.norm, sums, {
            floor,
            colourNorm,
          });
          if (screenedOne === Number.NEGATIVE_INFINITY) {
            expect(one).toBeLessThan(floor);
            passed += 1;
          } else expect(screenedOne).toBe(one);
        }
    // Both happen: the screen is not a no-op, nor does it pass over everything; the template's own place
    // is kept under a high floor.
    expect(passed).toBeGreaterThan(50);
    expect(kept).toBeGreaterThan(50);
    correlateFour(s, frame, chroma, w, h, 30, 25, 3, 1, s.norm, sums, plain);
    correlateFour(s, frame, chroma, w, h, 30, 25, 3, 1, s.norm, sums, screened, { floor: 0.8, colourNorm });
    expect(plain[0]).toBeGreaterThan(0.8);
    expect(screened[0]).toBe(plain[0]);
  });
});
