import { describe, expect, it } from 'vitest';
import {
  detectLines,
  fieldMap,
  framesLines,
  horizonRow,
  horizonSlope,
  labelLines,
  lensFrames,
  lensK1,
  lensOf,
  lineX,
  linesOf,
  plausibleMapAt,
  ridgePoints,
  straightness,
  shownLine,
  undistortPoint,
  type Labelled,
  type Line,
} from './yard-lines';

// Four upright yard lines drawn by a pinhole camera: x = (20 Y + 100) / (1 - 0.02 Y), Y = 0, 5, 10, 15 yards.
const xOf = (Y: number) => (20 * Y + 100) / (1 - 0.02 * Y);
const lines: Labelled[] = [0, 1, 2, 3].map((label) => ({ a: xOf(5 * label), s: 0, votes: 10, label }));
const H = 360;

describe('the field map where a player could stand (issue 48, scene 7027)', () => {
  it('is kept on the lines and refused near its pole, where a player would be taller than the picture', () => {
    const map = fieldMap(lines, H / 2, H);
    expect(map).not.toBeNull();
    expect(map!.yards(xOf(10))).toBeCloseTo(10, 6);
    // On the lines: about 28 px per yard, a 56 px player.
    expect(plausibleMapAt(map, xOf(10), H)).toBe(true);
    // Toward the pole (47 yards on) pixels per yard grow past 6,000: no player fits, no map there.
    expect(map!.pxPerYard(20_000)).toBeGreaterThan(H);
    expect(plausibleMapAt(map, 20_000, H)).toBe(false);
    expect(plausibleMapAt(null, xOf(10), H)).toBe(false);
  });
});

describe('the row where the yard lines meet (decision 286)', () => {
  it('is found where lines through one point cross, and not for parallel lines', () => {
    // Three lines through (400, -120): x = 400 + s (y + 120), written as x = a + s (y - H/2).
    const through = [-0.8, 0.1, 0.9].map((s) => ({ a: 400 + s * (H / 2 + 120), s }));
    expect(horizonRow(through, H)).toBeCloseTo(-120, 6);
    // A camera looking down the lines sees them parallel: no row.
    expect(
      horizonRow(
        [0, 1, 2].map((k) => ({ a: 100 + 50 * k, s: 0.3 })),
        H,
      ),
    ).toBeNull();
    expect(horizonRow(through.slice(0, 1), H)).toBeNull();
  });
});

describe('line numbers carried from frame to frame (issue 48, tracker 2.4.0)', () => {
  // Seven upright lines 160 px apart; the camera pans 3 px a frame.
  const at = (xs: number[], votes = 50): Line[] => xs.map((a) => ({ a, s: 0, votes }));
  const xs = (shift: number) => [-60, 100, 260, 420, 580, 740, 900].map((x) => x + shift);
  const first = labelLines(null, at(xs(0)), H / 2, H, 430);
  const numbers = (ls: Labelled[]) => ls.map((l) => [Math.round(l.a), l.label]);

  it('numbers the first frame by order, 0 just left of the click', () => {
    expect(first.map((l) => l.label)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
  });

  it('keeps every number when a thick line is found twice, a few pixels apart', () => {
    const twice = [...at(xs(3)), { a: 266.7, s: 0, votes: 20 }];
    const next = labelLines(first, twice, H / 2, H, 430);
    expect(numbers(next)).toEqual(numbers(labelLines(first, at(xs(3)), H / 2, H, 430)));
    expect(next.find((l) => l.label === 3)!.a).toBe(903);
  });

  it('keeps the numbers of the lines after one that was missed', () => {
    const missed = at(xs(3).filter((_, k) => k !== 2));
    expect(labelLines(first, missed, H / 2, H, 430).map((l) => l.label)).toEqual([-3, -2, 0, 1, 2, 3]);
  });

  it('numbers a line seen in this frame alone by its place, and leaves out one between two lines', () => {
    const prev = first.filter((l) => l.label !== 1);
    const cur = [...at(xs(3)), { a: 183, s: 0, votes: 60 }];
    const next = labelLines(prev, cur, H / 2, H, 430);
    expect(next.map((l) => l.label)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    expect(next.find((l) => l.label === 1)!.a).toBe(583);
  });
});

/**
 * A 640 x 360 grey frame of grass (80) with bright yard lines (200) for Y = 0, 5, ... 30 yards, drawn as a
 * pinhole camera sees them (through one vanishing point, their bottom ends spaced by a pinhole row map) and
 * then bent by a lens: a point r from the centre is shown at r (1 + k1 r^2 / R^2), R the half diagonal.
 * `pan` moves the field that many pixels left.
 */
function fieldFrame(k1: number, pan = 0) {
  const [w, h] = [640, 360];
  const widthPx = 3;
  const vp = { x: 300 - pan, y: -420 };
  const bottomX = (Y: number) => (26.2 * Y + 20) / (0.01 * Y + 1) - pan;
  const lineAt = (Y: number, y: number) => vp.x + ((bottomX(Y) - vp.x) * (y - vp.y)) / (h - vp.y);
  const g = new Uint8Array(w * h);
  for (let v = 0; v < h; v += 1)
    for (let u = 0; u < w; u += 1) {
      const p = undistortPoint(k1, w, h, u, v);
      let ink = 0;
      for (let Y = 0; Y <= 30; Y += 5)
        ink = Math.max(ink, Math.min(1, Math.max(0, widthPx / 2 + 0.5 - Math.abs(p.x - lineAt(Y, p.y)))));
      g[v * w + u] = Math.round(80 + 120 * ink);
    }
  // The true yards at an undistorted point: the line through the vanishing point and it, at the bottom row.
  const yardsAt = (x: number, y: number) => {
    const xb = vp.x + ((x - vp.x) * (h - vp.y)) / (y - vp.y);
    return (xb + pan - 20) / (26.2 - 0.01 * (xb + pan));
  };
  return { g, w, h, yardsAt, lineAt };
}

/** The map's yards at a point of the frame as shown, lines numbered from a click between the 10 and 15 lines. */
function mapYards(lines: Line[], k1: number, f: ReturnType<typeof fieldFrame>, x: number, y: number) {
  const click = undistortPoint(k1, f.w, f.h, (f.lineAt(10, 200) + f.lineAt(15, 200)) / 2, 200);
  const labelled = labelLines(null, lines, click.y, f.h, click.x);
  const p = undistortPoint(k1, f.w, f.h, x, y);
  const map = fieldMap(labelled, p.y, f.h);
  return map ? 10 + map.yards(p.x) : null;
}

describe("the lens's bending (issue 48, tracker 2.5.0, decision 296)", () => {
  // A short pan over a field filmed through a barrel lens, and the same through a pinhole.
  const bent = [0, 8, 16, 24, 32].map((pan) => fieldFrame(-0.06, pan));
  const flat = [0, 8, 16, 24, 32].map((pan) => fieldFrame(0, pan));
  const ridges = (fs: typeof bent) => fs.map((f) => ridgePoints(f.g, f.w, f.h));
  const [w, h] = [640, 360];

  it('is measured from how straight the yard lines are', () => {
    expect(lensK1(ridges(bent), w, h)).toBeCloseTo(-0.06, 2);
    expect(Math.abs(lensK1(ridges(flat), w, h))).toBeLessThan(0.004);
    // One frame is too few to tell a lens from a line bent by what stands on it: none is assumed.
    expect(lensK1(ridges(bent).slice(0, 1), w, h)).toBe(0);
  });

  it('is undone before the lines are fitted, so the map holds at the edge of the picture', () => {
    const { k1, lines } = framesLines(ridges(bent), w, h);
    expect(lines[0]).toHaveLength(7);
    // Near the bottom right corner, where the lens bends most.
    const [x, y] = [600, 330];
    const p = undistortPoint(-0.06, w, h, x, y);
    const truth = bent[0].yardsAt(p.x, p.y);
    expect(Math.abs(mapYards(lines[0], k1, bent[0], x, y)! - truth)).toBeLessThan(0.03);
    // Straight lines fitted to the bent ones (tracker 2.4.0) put the same point a tenth of a yard off or more.
    const straight = detectLines(bent[0].g, w, h);
    expect(Math.abs(mapYards(straight, 0, bent[0], x, y)! - truth)).toBeGreaterThan(0.1);
  });

  it('is measured the same from the lines found while the clip decodes, on every frame or some (tracker 2.7.0)', () => {
    // More frames than the lens is measured on, so it is measured on some of them only.
    const pans = Array.from({ length: 18 }, (_, k) => 2 * k);
    for (const k1 of [-0.06, 0]) {
      const r = ridges(pans.map((pan) => fieldFrame(k1, pan)));
      const after = framesLines(r, w, h);
      const every = r.map((p) => linesOf(p, w, h));
      // Found for every third frame, as a tracker that stopped finding them early would leave them.
      const some = r.map((p, i) => (i % 3 === 0 ? linesOf(p, w, h) : undefined));
      expect(framesLines(r, w, h, every)).toEqual(after);
      expect(framesLines(r, w, h, some)).toEqual(after);
      // The straightness a tracker scored while decoding (of some of the frames the lens is measured on) is
      // used as it is, not scored again: the same lens.
      const picked = lensFrames(r.length);
      const scored = r.map((p, i) =>
        picked.indexOf(i) % 2 === 0 ? straightness(p, w, h, every[i]) : undefined,
      );
      expect(scored.filter(Boolean).length).toBeGreaterThan(2);
      expect(framesLines(r, w, h, every, scored)).toEqual(after);
      if (k1 === 0) {
        expect(after.k1).toBe(0);
        // Without a lens the lines found as they are are the lines.
        expect(framesLines(r, w, h, every).lines[5]).toBe(every[5]);
      } else expect(after.k1).toBeCloseTo(-0.06, 2);
    }
  });

  it('is measured from the frames scored so far once there are enough of them, as by the whole clip', () => {
    const curve = (p: ReturnType<typeof ridges>[0]) => straightness(p, w, h, linesOf(p, w, h));
    const b = ridges(bent).map(curve);
    const f = ridges(flat).map(curve);
    expect(lensOf(b, w, h)).toBe(lensK1(ridges(bent), w, h));
    expect(lensOf(b, w, h)).toBeCloseTo(-0.06, 2);
    expect(lensOf(f, w, h)).toBe(0);
    // Too few frames to tell (LENS_MIN_FRAMES), or frames whose lines do not tell: none yet.
    expect(lensOf(b.slice(0, 3), w, h)).toBe(0);
    expect(lensOf([...b.slice(0, 3), null, null], w, h)).toBe(0);
  });

  it('is measured from the straightness scored while decoding, not scored again', () => {
    const r = ridges(bent);
    const picked = lensFrames(r.length);
    // Every frame scored as straight as a pinhole's picture: the lens measured is none, so these were used.
    const scored = r.map((_, i) => (picked.includes(i) ? straightness(ridges(flat)[i], w, h) : undefined));
    expect(framesLines(r, w, h, undefined, scored).k1).toBe(0);
    expect(framesLines(r, w, h).k1).toBeCloseTo(-0.06, 2);
  });

  it('is put back where the lines are drawn over the frame', () => {
    const { k1, lines } = framesLines(ridges(bent), w, h);
    const right = lines[0][lines[0].length - 1];
    const shown = shownLine(k1, w, h, lineX(right, 0, h), lineX(right, h, h));
    // The painted line's true x where it crosses the top and the bottom rows of the frame as shown.
    const crossing = (row: number) => {
      let best = { d: Infinity, u: 0 };
      for (let u = 0; u < w; u += 0.25) {
        const p = undistortPoint(-0.06, w, h, u, row);
        const d = Math.abs(p.x - bent[0].lineAt(30, p.y));
        if (d < best.d) best = { d, u };
      }
      return best.u;
    };
    expect(shown.x0).toBeCloseTo(crossing(0), 0);
    expect(shown.x1).toBeCloseTo(crossing(h), 0);
  });
});

describe('yard lines where the field fills a band of the picture (tracker 2.12.0, decision 309)', () => {
  // A phone held upright far from the field: 360 x 640 analysed, the field a band of rows 300-420, five lines
  // leaning toward a point above the picture, nothing bright above or below the band.
  function bandFrame(top: number, bottom: number, stroke = 0) {
    const [w, h] = [360, 640];
    const g = new Uint8Array(w * h).fill(90);
    const lineX = (k: number, y: number) => 60 + 60 * k + (k - 2) * 0.4 * (y - bottom);
    for (let y = top; y < bottom; y += 1)
      for (let x = 0; x < w; x += 1) {
        let ink = 0;
        for (let k = 0; k < 5; k += 1)
          ink = Math.max(ink, Math.min(1, Math.max(0, 1.5 - Math.abs(x - lineX(k, y)))));
        g[y * w + x] = Math.round(70 + 130 * ink);
      }
    // A painted number's stroke between two lines, `stroke` rows tall.
    for (let y = bottom - 10 - stroke; y < bottom - 10; y += 1)
      for (let x = 148; x < 151; x += 1) g[y * w + x] = 200;
    return { g, w, h };
  }

  it('finds each line by the rows the field spans, not the whole picture', () => {
    const band = bandFrame(300, 420);
    // 120 rows of the 640: a line gives 60 points, under a fifth of the picture's rows (64).
    expect(detectLines(band.g, band.w, band.h)).toHaveLength(5);
    // The same field over the whole picture: found as before.
    const full = bandFrame(0, 640);
    expect(detectLines(full.g, full.w, full.h)).toHaveLength(5);
  });

  it("takes a stroke over a third of the band's rows for no line: a line crosses the field", () => {
    const band = bandFrame(300, 420, 40);
    expect(detectLines(band.g, band.w, band.h)).toHaveLength(5);
  });

  it('finds none where the band is too thin to hold 12 points of a line', () => {
    const thin = bandFrame(300, 320);
    expect(detectLines(thin.g, thin.w, thin.h)).toHaveLength(0);
  });
});

describe('where a line is found in the picture (decision 349)', () => {
  // Slanted lines drawn as a camera draws them: pixel (u, v) covers u..u+1 and v..v+1 of the picture, the
  // brightness its share of paint (sampled 8 x 8 within it). Clicks and tracked points read the picture so.
  const [w, h] = [480, 270];
  const drawn = [
    { a: 96.3, s: -0.9 },
    { a: 180.75, s: -0.35 },
    { a: 262.1, s: 0.2 },
    { a: 351.6, s: 0.85 },
  ];
  const g = new Uint8Array(w * h);
  for (let v = 0; v < h; v += 1)
    for (let u = 0; u < w; u += 1) {
      let ink = 0;
      for (let i = 0; i < 8; i += 1)
        for (let j = 0; j < 8; j += 1) {
          const x = u + (i + 0.5) / 8;
          const y = v + (j + 0.5) / 8;
          // 3 px wide across the line
          if (drawn.some((l) => Math.abs(x - l.a - l.s * (y - h / 2)) < 1.5 * Math.hypot(1, l.s))) ink += 1;
        }
      g[v * w + u] = Math.round(70 + (130 * ink) / 64);
    }

  it('is at its place to a twentieth of a pixel: not half a pixel up and left of it, nor pulled toward its brightest pixel', () => {
    const found = detectLines(g, w, h);
    expect(found).toHaveLength(drawn.length);
    drawn.forEach((l, k) => {
      expect(Math.abs(found[k].a - l.a)).toBeLessThan(0.05);
      expect(Math.abs(found[k].s - l.s)).toBeLessThan(0.002);
    });
  });
});

describe("the map reads the row's perspective from three lines, or two and the horizon (decision 363)", () => {
  // A pinhole camera 10 yards up on the sideline, 20 yards from the near edge, looking across and down the
  // field, rolled `rollDeg`; yard lines (X = 5 k) drawn from Y = 0 to 40 across.
  const W = 1280;
  const H2 = 720;
  const F = 1000;
  const camera = (Xc: number, rollDeg: number) => {
    const C = [Xc, -20, 10];
    const target = [Xc + 6, 15, 0];
    const norm = (v: number[]) => v.map((c) => c / Math.hypot(...v));
    const f = norm(target.map((t, i) => t - C[i]));
    const r = norm([f[1], -f[0], 0]); // f × up
    const u = [r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0]];
    const roll = (rollDeg * Math.PI) / 180;
    const image = (d: number[]) => {
      const x = (F * (d[0] * r[0] + d[1] * r[1] + d[2] * r[2])) / (d[0] * f[0] + d[1] * f[1] + d[2] * f[2]);
      const y = -(F * (d[0] * u[0] + d[1] * u[1] + d[2] * u[2])) / (d[0] * f[0] + d[1] * f[1] + d[2] * f[2]);
      return {
        x: W / 2 + x * Math.cos(roll) - y * Math.sin(roll),
        y: H2 / 2 + x * Math.sin(roll) + y * Math.cos(roll),
      };
    };
    const project = (P: number[]) => image(P.map((p, i) => p - C[i]));
    const line = (k: number): Labelled => {
      const p = project([5 * k, 0, 0]);
      const q = project([5 * k, 40, 0]);
      const s = (q.x - p.x) / (q.y - p.y);
      return { a: p.x + s * (H2 / 2 - p.y), s, votes: 10, label: k };
    };
    // The horizon: through the images of the field's two directions at infinity.
    const along = image([1, 0, 0]);
    const across = image([0, 1, 0]);
    return { project, line, horizonSlope: (across.y - along.y) / (across.x - along.x) };
  };

  it('places a player beyond three lines where the tracker’s straight scale does not', () => {
    const cam = camera(15, 2.2);
    const three = [2, 3, 4].map(cam.line);
    const p = cam.project([23, 12, 0]);
    expect(fieldMap(three, p.y, H2, { horizonSlope: null })!.yards(p.x)).toBeCloseTo(23, 6);
    // The tracker's following keeps a straight scale on three lines: off by more than a tenth of a yard here.
    expect(Math.abs(fieldMap(three, p.y, H2)!.yards(p.x) - 23)).toBeGreaterThan(0.1);
  });

  it('reads the horizon on frames of four lines, and places a player beside two lines with it', () => {
    const frames = [10, 12, 14, 16].map((Xc) => {
      const cam = camera(Xc, 2.2);
      return { lines: [1, 2, 3, 4].map(cam.line), row: cam.project([Xc + 8, 12, 0]).y };
    });
    const cam = camera(15, 2.2);
    const slope = horizonSlope(frames, H2, (i) => frames[i].row);
    expect(slope).not.toBeNull();
    expect(slope!).toBeCloseTo(cam.horizonSlope, 6);
    const two = [3, 4].map(cam.line);
    const p = cam.project([23.5, 12, 0]);
    expect(fieldMap(two, p.y, H2, { horizonSlope: slope })!.yards(p.x)).toBeCloseTo(23.5, 6);
    expect(fieldMap(two, p.y, H2, { horizonSlope: slope })!.lines).toBe(2);
    // Without the horizon two lines give a straight scale, off here.
    expect(Math.abs(fieldMap(two, p.y, H2, { horizonSlope: null })!.yards(p.x) - 23.5)).toBeGreaterThan(0.05);
    // A horizon within a millionth of level: the straight scale, not a pole a billion pixels off.
    expect(fieldMap(two, p.y, H2, { horizonSlope: 1e-9 })!.yards(p.x)).toBe(
      fieldMap(two, p.y, H2, { horizonSlope: null })!.yards(p.x),
    );
  });

  it('reads no horizon from too few frames, or from four lines numbered wrong', () => {
    const frames = [10, 12, 14, 16].map((Xc) => {
      const cam = camera(Xc, 2.2);
      return { lines: [1, 2, 3, 4].map(cam.line), row: cam.project([Xc + 8, 12, 0]).y };
    });
    expect(horizonSlope(frames.slice(0, 2), H2, (i) => frames[i].row)).toBeNull();
    // One line numbered a step off on every frame: the four do not fit one map within a pixel.
    const wrong = frames.map((f) => ({
      ...f,
      lines: f.lines.map((l, k) => (k === 3 ? { ...l, label: 5 } : l)),
    }));
    expect(horizonSlope(wrong, H2, (i) => wrong[i].row)).toBeNull();
    // A level camera: a level horizon.
    const level = [10, 12, 14].map((Xc) => {
      const cam = camera(Xc, 0);
      return { lines: [1, 2, 3, 4].map(cam.line), row: cam.project([Xc + 8, 12, 0]).y };
    });
    expect(horizonSlope(level, H2, (i) => level[i].row)!).toBeCloseTo(camera(10, 0).horizonSlope, 6);
  });
});
