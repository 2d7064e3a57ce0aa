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
            // As the look-alike search reads them: grey and colour from lattice sums at its step (decision 358).
            const colour = c ? lattice(null, c, w, h, 0, 0, w - 1, h - 1, step, 2) : null;
            const sums = { grey: lattice(frame, null, w, h, 0, 0, w - 1, h - 1, step, 3), colour };
            correlateFour(s, frame, c, w, h, cx, cy, dx, step, s.norm, sums, four);
            for (let k = 0; k < 4; k += 1)
              expect(four[k]).toBe(correlate(s, frame, c, w, h, cx + k * dx, cy, step, s.norm, sums));
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
        // A region cut by the picture's left and top edges, two inside it at odd and even corners, and one cut
        // by its right and bottom edges.
        for (const [left, top] of [
          [-5, -3],
          [6, 3],
          [7, 4],
          [30, 20],
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
              // Boxes inside the picture (the lattice is cut to it), up to its right and bottom edges.
              if (x0 + (ni - 1) * step >= w || y0 + (nj - 1) * step >= h) continue;
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
      // look-alike search does (both from lattice sums at its step).
      const own = {
        grey: lattice(frame, null, w, h, 0, 0, w - 1, h - 1, 1, 0),
        colour: lattice(null, chroma, w, h, 0, 0, w - 1, h - 1, 1, 1),
      };
      const look = {
        grey: lattice(frame, null, w, h, 0, 0, w - 1, h - 1, step, 3),
        colour: lattice(null, chroma, w, h, 0, 0, w - 1, h - 1, step, 2),
      };
      for (const sums of step === 1 ? [own, look] : [look])
        for (let cy = 14; cy < 34; cy += 1)
          for (const cx of [12, 13, 20, 21]) {
            const want = reference(s, cx, cy, step);
            expect(correlate(s, frame, chroma, w, h, cx, cy, step, s.norm, sums)).toBeCloseTo(want, 12);
            for (const dx of [2, 3]) {
              correlateFour(s, frame, chroma, w, h, cx, cy, dx, step, s.norm, sums, four);
              for (let k = 0; k < 4; k += 1)
                expect(four[k]).toBeCloseTo(reference(s, cx + k * dx, cy, step), 12);
            }
            places += 1;
          }
    }
    expect(places).toBe(240);
  });

  /**
   * A copy of the template with every `thin`th point kept, each channel zero-mean over them (as the look-alike
   * search thins it).
   */
  const thinned = (full: ReturnType<typeof correlationForTests.scaled>, thin: number) => {
    const s = { ...full, data: full.data.slice(), du: full.du!.slice(), dv: full.dv!.slice(), cells: [] };
    const kept: number[] = [];
    for (let j = 0; j < s.th; j += thin) for (let i = 0; i < s.tw; i += thin) kept.push(j * s.tw + i);
    const centre = (d: Float64Array) => {
      const mean = kept.reduce((a, k) => a + d[k], 0) / kept.length;
      for (let k = 0; k < d.length; k += 1) d[k] -= mean;
      return kept.reduce((a, k) => a + d[k] * d[k], 0);
    };
    const greySq = centre(s.data);
    const colourSq = centre(s.du) + centre(s.dv);
    return { s, greySq, colourSq, norm: Math.sqrt(greySq + colourSq) };
  };

  it('passes over only places whose correlation is under the floor, and gives the others their number', () => {
    const { scaled, correlate, correlateFour, lattice, lookAlikeScreen, underFloor } = correlationForTests;
    // A frame of smooth shapes with a little noise (noise alone is as spread in grey as in colour: the
    // bounds before the cross terms are summed would pass over nothing).
    const w = 160;
    const h = 120;
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const frame = new Uint8Array(w * h);
    for (let y = 0; y < h; y += 1)
      for (let x = 0; x < w; x += 1)
        frame[y * w + x] = Math.round(
          128 + 60 * Math.sin(x / 7 + Math.sin(y / 5)) + 30 * Math.cos(y / 9) + 10 * rand(),
        );
    const cw = w / 2;
    const ch = h / 2;
    const chroma = new Uint8Array(cw * ch * 2);
    for (let y = 0; y < ch; y += 1)
      for (let x = 0; x < cw; x += 1) {
        chroma[y * cw + x] = 120 + Math.round(20 * Math.sin(x / 4 + y / 6));
        chroma[cw * ch + y * cw + x] = 130 + Math.round(15 * Math.cos(x / 3 - y / 7));
      }
    const tally = { colourOnly: 0, grey: 0, one: 0, under: 0, kept: 0 };
    for (const thin of [1, 2])
      for (const size of [30, 44]) {
        const { s, greySq, colourSq, norm } = thinned(
          scaled(makeTemplate(frame, w, h, 30, 40, size, chroma), 1),
          thin,
        );
        // The region cut by every edge of the picture.
        const sums = {
          grey: lattice(frame, null, w, h, -9, -7, w + 5, h + 3, thin, 3),
          colour: lattice(null, chroma, w, h, -9, -7, w + 5, h + 3, thin, 2),
        };
        const plain = new Float64Array(4);
        const screened = new Float64Array(4);
        const c = new Float64Array(5);
        for (const dx of [1, 2, 3])
          for (let cy = s.hh; cy + s.hh < h; cy += 6)
            for (let cx = s.hw; cx + 3 * dx + s.hw < w; cx += 9) {
              correlateFour(s, frame, chroma, w, h, cx, cy, dx, thin, norm, sums, plain);
              const top = Math.max(...plain);
              // Floors across the scores, the group's best, and just above it.
              for (const floor of [0.3, 0.6, 0.9, top, top + 1e-12]) {
                const screen = lookAlikeScreen(s, thin, greySq, colourSq, floor);
                for (const [key, how] of [
                  ['colourOnly', { ...screen, grey: undefined }],
                  ['grey', screen],
                ] as const) {
                  correlateFour(s, frame, chroma, w, h, cx, cy, dx, thin, norm, sums, screened, how);
                  if (screened[0] === Number.NEGATIVE_INFINITY) {
                    for (let k = 0; k < 4; k += 1) expect(plain[k]).toBeLessThan(floor);
                    tally[key] += 1;
                  } else for (let k = 0; k < 4; k += 1) expect(screened[k]).toBe(plain[k]);
                }
                // One place at a time, as the search takes the places at the ends of its rows.
                const one = correlate(s, frame, chroma, w, h, cx, cy, thin, norm, sums, screen);
                if (one === Number.NEGATIVE_INFINITY) {
                  expect(plain[0]).toBeLessThan(floor);
                  tally.one += 1;
                } else expect(one).toBe(plain[0]);
                // The bound itself, place by place: a place under the floor by it scores under the floor.
                const ni = Math.ceil(s.tw / thin);
                const nj = Math.ceil(s.th / thin);
                for (let k = 0; k < 4; k += 1) {
                  const x0 = cx + k * dx - s.hw;
                  const y0 = cy - s.hh;
                  const g = correlationForTests;
                  g.corners(sums.grey, x0, y0, ni, nj);
                  const si = g.boxSum(sums.grey, 0);
                  const sii = g.boxSum(sums.grey, 1);
                  g.colourSpread(sums.colour, x0, y0, ni, nj, c, 0);
                  if (
                    underFloor(norm, screen.grey!, sums.grey, x0, y0, thin, ni, nj, si, sii, c, 0, screen)
                  ) {
                    expect(plain[k]).toBeLessThan(floor);
                    tally.under += 1;
                  } else tally.kept += 1;
                }
              }
            }
      }
    // Each screen passes over places, and not over all of them. The bound before the grey cross terms are
    // summed is looser than the colour screen's after them, so with it the same groups are passed over (sooner).
    expect(tally.colourOnly).toBeGreaterThan(1000);
    expect(tally.grey).toBe(tally.colourOnly);
    expect(tally.one).toBeGreaterThan(1000);
    expect(tally.under).toBeGreaterThan(1000);
    expect(tally.kept).toBeGreaterThan(1000);
  });

  it('keeps a place at the floor where the frame is bright and nearly flat (the bounds against rounding)', () => {
    const { correlateFour, lattice, lookAlikeScreen } = correlationForTests;
    let seed = 5;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let checked = 0;
    for (const [hw, hh] of [
      [29, 43],
      [24, 49],
    ])
      for (const spike of [254, 200, 0])
        for (const tint of [0.005, 0.05]) {
          // A white frame with one darker pixel every 64 (four places alike), the template the place itself
          // with a faint colour: the correlation at the floor, the spreads small against the sums.
          const tw = 2 * hw + 1;
          const th = 2 * hh + 1;
          const W = 320;
          const H = th + 20;
          const white = new Uint8Array(W * H).fill(255);
          for (let x = 10; x < W; x += 64) white[17 * W + x] = spike;
          const grey = new Uint8Array((W / 2) * (H / 2) * 2).fill(128);
          const data = new Float64Array(tw * th);
          const du = new Float64Array(tw * th);
          const dv = new Float64Array(tw * th);
          for (let j = 0; j < th; j += 1)
            for (let i = 0; i < tw; i += 1) data[j * tw + i] = white[(10 + j) * W + i];
          for (let k = 0; k < du.length; k += 1) {
            du[k] = tint * (rand() - 0.5);
            dv[k] = tint * (rand() - 0.5);
          }
          const centre = (d: Float64Array) => {
            const mean = d.reduce((a, v) => a + v, 0) / d.length;
            for (let k = 0; k < d.length; k += 1) d[k] -= mean;
            return d.reduce((a, v) => a + v * v, 0);
          };
          const greySq = centre(data);
          const colourSq = centre(du) + centre(dv);
          const norm = Math.sqrt(greySq + colourSq);
          const s = { data, du, dv, hw, hh, tw, th, norm, cells: [] };
          const sums = {
            grey: lattice(white, null, W, H, 0, 0, W - 1, H - 1, 1, 3),
            colour: lattice(null, grey, W, H, 0, 0, W - 1, H - 1, 1, 2),
          };
          const plain = new Float64Array(4);
          const screened = new Float64Array(4);
          correlateFour(s, white, grey, W, H, hw, 10 + hh, 64, 1, norm, sums, plain);
          const screen = lookAlikeScreen(s, 1, greySq, colourSq, plain[0]);
          for (const how of [screen, { ...screen, grey: undefined }]) {
            correlateFour(s, white, grey, W, H, hw, 10 + hh, 64, 1, norm, sums, screened, how);
            expect(screened[0]).toBe(plain[0]);
            checked += 1;
          }
        }
    expect(checked).toBe(24);
  });
});
