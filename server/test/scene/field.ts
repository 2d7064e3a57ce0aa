import { hash2, valueNoise } from './random';
import type { FieldSpec, Kit, Rgb } from './spec';
import { groundAt, undistort, type CameraPose } from './world';

/**
 * The field as a texture drawn once per scene (grass noise, mowing stripes, yard lines, hash marks,
 * numbers, a logo, a stand's shadow) with a few halved copies, and rendered per frame by inverse mapping:
 * each pixel's ray meets the ground, the texture is read there at the level its footprint needs.
 */
const X0 = -16;
const X1 = 116;
const Y0 = -30;
const Y1 = 64;
const FIELD_W = 160 / 3;

interface Level {
  w: number;
  h: number;
  data: Uint8ClampedArray;
}

export interface FieldTexture {
  perYd: number;
  /** The part of the ground it covers (yards); outside it the renderer draws the surroundings. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  levels: Level[];
}

/** The ground the camera sees over the clip, from its picture's edges at a few instants (with a margin). */
export function seenGround(cams: CameraPose[], width: number, height: number) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const cam of cams)
    for (let k = 0; k <= 16; k += 1)
      for (const [u, v] of [
        [(k * width) / 16, 0],
        [(k * width) / 16, height],
        [0, (k * height) / 16],
        [width, (k * height) / 16],
      ]) {
        const g = groundAt(cam, u, v);
        // Above the horizon: the field as far as it goes in that direction.
        const far = g === null || Math.hypot(g.x - cam.c[0], g.y - cam.c[1]) > 400;
        const gx = far ? cam.c[0] + Math.sign(cam.f[0] + ((u - cam.u0) / cam.focal) * cam.r[0]) * 400 : g.x;
        const gy = far ? Y1 : g.y;
        x0 = Math.min(x0, gx);
        x1 = Math.max(x1, gx);
        y0 = Math.min(y0, gy);
        y1 = Math.max(y1, gy);
      }
  return {
    x0: Math.max(X0, Math.floor(x0 - 3)),
    x1: Math.min(X1, Math.ceil(x1 + 3)),
    y0: Math.max(Y0, Math.floor(y0 - 3)),
    y1: Math.min(Y1, Math.ceil(y1 + 3)),
  };
}

/** Seven-segment digits (segments a-g), drawn as thick strokes: the painted numbers. */
const SEGMENTS: Record<string, string> = {
  0: 'abcdef',
  1: 'bc',
  2: 'abdeg',
  3: 'abcdg',
  4: 'bcfg',
  5: 'acdfg',
  6: 'acdefg',
  7: 'abc',
  8: 'abcdefg',
  9: 'abcdfg',
};
/** Segment ends in a unit glyph (x right 0..1, y up 0..1). */
const SEG_LINES: Record<string, [number, number, number, number]> = {
  a: [0, 1, 1, 1],
  b: [1, 1, 1, 0.5],
  c: [1, 0.5, 1, 0],
  d: [0, 0, 1, 0],
  e: [0, 0.5, 0, 0],
  f: [0, 1, 0, 0.5],
  g: [0, 0.5, 1, 0.5],
};

const segDist = (px: number, py: number, ax: number, ay: number, bx: number, by: number) => {
  const vx = bx - ax;
  const vy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * vx + (py - ay) * vy) / (vx * vx + vy * vy || 1)));
  return Math.hypot(px - ax - t * vx, py - ay - t * vy);
};

/** Paint coverage (0..1) of the field's markings at (x, y) yards; `e` is half a texel (anti-aliasing). */
function band(d: number, half: number, e: number) {
  return Math.max(0, Math.min(1, (half - Math.abs(d)) / (2 * e) + 0.5));
}

function paintAt(f: FieldSpec, x: number, y: number, e: number): number {
  let p = 0;
  const inLength = x > -10.2 && x < 110.2;
  const inWidth = y > -0.2 && y < FIELD_W + 0.2;
  // Sidelines and end lines (a wide border), goal lines.
  if (inLength) p = Math.max(p, band(y - -1, 1, e), band(y - (FIELD_W + 1), 1, e));
  if (y > -2 && y < FIELD_W + 2) p = Math.max(p, band(x - -11, 1, e), band(x - 111, 1, e));
  if (!inWidth || !inLength) return p;
  const near5 = Math.round(x / 5) * 5;
  if (near5 >= 0 && near5 <= 100) p = Math.max(p, band(x - near5, near5 % 100 === 0 ? 0.11 : 0.056, e));
  // 1-yard marks along the sidelines and at the hashes: short lines parallel to the yard lines.
  const near1 = Math.round(x);
  if (near1 > 0 && near1 < 100 && near1 % 5 !== 0) {
    const hashY = f.hashes === 'pro' ? 23.58 : f.hashes === 'college' ? 20 : 17.78;
    const marks = [0.55, FIELD_W - 0.55, hashY, FIELD_W - hashY];
    for (const m of marks) if (Math.abs(y - m) < 0.34) p = Math.max(p, band(x - near1, 0.056, e));
  }
  if (f.numbers) p = Math.max(p, numbersAt(x, y, e));
  return p;
}

/** The painted numbers (10..50..10), 2 yards tall with tops 9 yards from each sideline, and their arrows. */
function numbersAt(x: number, y: number, e: number) {
  const line = Math.round(x / 10) * 10;
  if (line < 10 || line > 90 || Math.abs(x - line) > 2.2) return 0;
  const label = String(line <= 50 ? line : 100 - line);
  // Near side: the bottom of the number faces the near sideline (upright from the camera's side).
  const near = y < FIELD_W / 2;
  const base = near ? 7 : FIELD_W - 7;
  const gy = near ? (y - base) / 2 : (base - y) / 2;
  if (gy < -0.3 || gy > 1.3) return 0;
  const digitW = 1.2;
  let p = 0;
  const stroke = 0.17;
  for (let k = 0; k < 2; k += 1) {
    // Digits either side of the line, read left to right from that number's own sideline.
    const left = near ? line - 0.3 - digitW + k * (digitW + 0.6) : line + 0.3 + digitW - k * (digitW + 0.6);
    const gx = near ? (x - left) / digitW : (left - x) / digitW;
    if (gx < -0.3 || gx > 1.3) continue;
    for (const s of SEGMENTS[label[k]]) {
      const [ax, ay, bx, by] = SEG_LINES[s];
      const d = segDist(gx * digitW, gy * 2, ax * digitW, ay * 2, bx * digitW, by * 2);
      p = Math.max(p, Math.max(0, Math.min(1, (stroke - d) / (2 * e) + 0.5)));
    }
  }
  // The arrow toward the nearer goal, beside the outer digit.
  if (line !== 50) {
    const toward = line < 50 ? -1 : 1;
    const ax = line + toward * 2.05;
    const dx = (x - ax) * toward;
    const ay = base + (near ? 1.6 : -1.6);
    if (dx < 0.35 && dx > -0.35 && Math.abs(y - ay) < 0.35 - Math.max(0, dx)) p = Math.max(p, 1);
  }
  return p;
}

function logoAt(x: number, y: number, kit: Kit): { p: number; c: Rgb } {
  const r = Math.hypot(x - 50, y - FIELD_W / 2);
  if (r > 4.5) return { p: 0, c: kit.jersey };
  if (r > 4) return { p: 0.9, c: [235, 235, 235] };
  const inner = Math.abs(x - 50) < 0.5 && Math.abs(y - FIELD_W / 2) < 2.6;
  return { p: 0.85, c: inner ? [235, 235, 235] : kit.jersey };
}

/** Draws the texture: texels per yard chosen from how near the field comes to the camera. */
export function makeFieldTexture(
  f: FieldSpec,
  perYd: number,
  logoKit: Kit,
  region: { x0: number; y0: number; x1: number; y1: number },
): FieldTexture {
  const { x0: RX0, y0: RY0 } = region;
  const w = Math.max(4, Math.ceil((region.x1 - RX0) * perYd));
  const h = Math.max(4, Math.ceil((region.y1 - RY0) * perYd));
  const data = new Uint8ClampedArray(w * h * 3);
  const e = 0.5 / perYd;
  const [gr, gg, gb] = f.grass;
  for (let j = 0; j < h; j += 1) {
    const y = RY0 + (j + 0.5) / perYd;
    for (let i = 0; i < w; i += 1) {
      const x = RX0 + (i + 0.5) / perYd;
      const o = (j * w + i) * 3;
      const inGrass = x > -13 && x < 113 && y > -4 && y < FIELD_W + 4;
      let r: number;
      let g: number;
      let b: number;
      if (inGrass) {
        const n =
          f.noise * (valueNoise(x * f.grain, y * f.grain, 1) - 0.5) +
          0.7 * f.noise * (hash2(Math.floor(x * 40), Math.floor(y * 40), 3) - 0.5) +
          1.5 * f.noise * (valueNoise(x * 0.15, y * 0.15, 4) - 0.5);
        const stripe =
          f.stripeContrast && x > 0 && x < 100 && Math.floor(x / f.stripeYd) % 2 === 0 ? f.stripeContrast : 0;
        const k = 1 + (n + stripe - f.stripeContrast / 2) / 110;
        r = gr * k;
        g = gg * k;
        b = gb * k;
        if (f.logo) {
          const l = logoAt(x, y, logoKit);
          if (l.p) {
            r = r * (1 - l.p) + l.c[0] * l.p;
            g = g * (1 - l.p) + l.c[1] * l.p;
            b = b * (1 - l.p) + l.c[2] * l.p;
          }
        }
        const p = paintAt(f, x, y, e);
        if (p > 0) {
          const wear = 1 - 0.12 * hash2(i >> 1, j >> 1, 5);
          r = r * (1 - p) + f.paint[0] * wear * p;
          g = g * (1 - p) + f.paint[1] * wear * p;
          b = b * (1 - p) + f.paint[2] * wear * p;
        }
      } else {
        // Track and concrete around the field.
        const n = 10 * (hash2(i, j, 7) - 0.5) + 12 * (valueNoise(x * 0.5, y * 0.5, 8) - 0.5);
        const track = y < -4 && y > -12;
        r = (track ? 140 : 118) + n;
        g = (track ? 78 : 114) + n;
        b = (track ? 62 : 106) + n;
      }
      if (f.shadow) {
        const d = x - f.shadow.x0 + f.shadow.slope * y;
        const s = Math.max(0, Math.min(1, d / 1.5 + 0.5));
        const k = 1 - (1 - f.shadow.depth) * s;
        r *= k;
        g *= k;
        b *= k * 1.04;
      }
      data[o] = r;
      data[o + 1] = g;
      data[o + 2] = b;
    }
  }
  const levels: Level[] = [{ w, h, data }];
  while (levels.length < 6) {
    const p = levels[levels.length - 1];
    const nw = Math.max(1, p.w >> 1);
    const nh = Math.max(1, p.h >> 1);
    const d = new Uint8ClampedArray(nw * nh * 3);
    for (let j = 0; j < nh; j += 1)
      for (let i = 0; i < nw; i += 1)
        for (let k = 0; k < 3; k += 1) {
          const a = (2 * j * p.w + 2 * i) * 3 + k;
          const bo = a + p.w * 3;
          d[(j * nw + i) * 3 + k] = (p.data[a] + p.data[a + 3] + p.data[bo] + p.data[bo + 3] + 2) >> 2;
        }
    levels.push({ w: nw, h: nh, data: d });
  }
  return { perYd, x0: RX0, y0: RY0, x1: RX0 + w / perYd, y1: RY0 + h / perYd, levels };
}

/** Per-pixel undistorted offsets from the picture's centre: the lens, computed once per scene. */
export function lensMap(width: number, height: number, k1: number) {
  const du = new Float32Array(width * height);
  const dv = new Float32Array(width * height);
  const rad = 0.5 * Math.hypot(width, height);
  for (let v = 0; v < height; v += 1)
    for (let u = 0; u < width; u += 1) {
      const q = undistort({ rad, k1 }, u + 0.5 - width / 2, v + 0.5 - height / 2);
      du[v * width + u] = q.a;
      dv[v * width + u] = q.b;
    }
  return { du, dv };
}

/** Renders the field (and the stands above it) seen by the camera into an RGB float picture. */
export function renderField(
  out: Float32Array,
  width: number,
  height: number,
  cam: CameraPose,
  tex: FieldTexture,
  lens: { du: Float32Array; dv: Float32Array },
) {
  const { r, d, f, c, focal } = cam;
  const per = tex.perYd;
  const L = tex.levels;
  for (let v = 0; v < height; v += 1) {
    let lv = -1;
    for (let u = 0; u < width; u += 1) {
      const p = v * width + u;
      const a = lens.du[p] / focal;
      const b = lens.dv[p] / focal;
      const dx = f[0] + r[0] * a + d[0] * b;
      const dy = f[1] + r[1] * a + d[1] * b;
      const dz = f[2] + r[2] * a + d[2] * b;
      const o = p * 3;
      const len2 = dx * dx + dy * dy + dz * dz;
      if (dz >= 0 || dz * dz < 1.6e-5 * len2) {
        stands(out, o, dx, dy, dz / Math.sqrt(len2));
        continue;
      }
      const s = -c[2] / dz;
      const gx = c[0] + s * dx;
      const gy = c[1] + s * dy;
      if (gx <= tex.x0 || gx >= tex.x1 || gy <= tex.y0 || gy >= tex.y1) {
        surroundings(out, o, gx, gy);
        continue;
      }
      // Footprint of the pixel on the ground: across (dist / focal) and along the view (/ grazing sine),
      // their geometric mean; computed every 8 pixels of a row (it changes slowly).
      if ((u & 7) === 0 || lv < 0) {
        const len = Math.sqrt(len2);
        const dist = s * len;
        const graze = -dz / len;
        let k = ((dist / focal) * per) / Math.sqrt(graze);
        lv = 0;
        while (k > 1.5 && lv < L.length - 1) {
          k /= 2;
          lv += 1;
        }
      }
      const lev = L[lv];
      const scale = per / (1 << lv);
      const tx = (gx - tex.x0) * scale - 0.5;
      const ty = (gy - tex.y0) * scale - 0.5;
      const ix = Math.max(0, Math.min(lev.w - 2, Math.floor(tx)));
      const iy = Math.max(0, Math.min(lev.h - 2, Math.floor(ty)));
      const fx = Math.max(0, Math.min(1, tx - ix));
      const fy = Math.max(0, Math.min(1, ty - iy));
      const i00 = (iy * lev.w + ix) * 3;
      const i10 = i00 + 3;
      const i01 = i00 + lev.w * 3;
      const i11 = i01 + 3;
      const t = lev.data;
      for (let ch = 0; ch < 3; ch += 1) {
        const top = t[i00 + ch] + (t[i10 + ch] - t[i00 + ch]) * fx;
        const bot = t[i01 + ch] + (t[i11 + ch] - t[i01 + ch]) * fx;
        out[o + ch] = top + (bot - top) * fy;
      }
    }
  }
}

/** The crowd's look, read by direction: a table made once (rows of seats and people as soft noise). */
const CROWD_W = 2048;
const CROWD_H = 128;
const crowd = (() => {
  const t = new Float32Array(CROWD_W * CROWD_H);
  for (let j = 0; j < CROWD_H; j += 1)
    for (let i = 0; i < CROWD_W; i += 1)
      t[j * CROWD_W + i] = 0.6 * valueNoise(i * 0.35, j * 0.55, 11) + 0.4 * hash2(i, j, 12);
  return t;
})();

/** Stands and sky above the field, then sky. */
function stands(out: Float32Array, o: number, dx: number, dy: number, elev: number) {
  if (elev > 0.22) {
    out[o] = 150 + 60 * elev;
    out[o + 1] = 180 + 40 * elev;
    out[o + 2] = 215;
    return;
  }
  const az = dx / (Math.abs(dy) + 0.05);
  const i = (((Math.floor(az * 256) % CROWD_W) + CROWD_W) % CROWD_W) | 0;
  const j = Math.max(0, Math.min(CROWD_H - 1, Math.floor(elev * 580)));
  const n = crowd[j * CROWD_W + i];
  const row = Math.floor(elev * 90) % 2 === 0 ? 0.9 : 1;
  const base = 85 + 45 * n;
  out[o] = base * row;
  out[o + 1] = (base - 4) * row;
  out[o + 2] = (base + 8) * row;
}

/** Ground outside the drawn texture: grass far off, track and concrete behind the sideline. */
function surroundings(out: Float32Array, o: number, gx: number, gy: number) {
  if (gy > Y1 + 10 || gx < X0 - 10 || gx > X1 + 10) {
    // The wall under the stands: advertising boards, soft.
    const n =
      24 * valueNoise(gx * 0.08 + gy * 0.08, 0.5, 13) + 4 * hash2(Math.floor(gx * 3), Math.floor(gy * 3), 14);
    out[o] = 70 + n;
    out[o + 1] = 72 + n;
    out[o + 2] = 80 + n;
    return;
  }
  const grass = gy > -4 && gy < FIELD_W + 4 && gx > -13 && gx < 113;
  const n = 8 * (hash2(Math.floor(gx * 4), Math.floor(gy * 4), 9) - 0.5);
  out[o] = (grass ? 60 : 125) + n;
  out[o + 1] = (grass ? 110 : 110) + n;
  out[o + 2] = (grass ? 45 : 95) + n;
}
