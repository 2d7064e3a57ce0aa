/**
 * The player's upper body, cut from the frame of a click, matched by normalised cross-correlation in
 * the frames around it (decision 210). The template is re-sampled from the clicked frame at each
 * frame's scale (the camera zooms), never updated from a match, so it cannot drift onto the grass.
 */
export interface Template {
  frame: Uint8Array;
  w: number;
  h: number;
  /** Template centre and ground point on the clicked frame, and the player's height in pixels there. */
  cx: number;
  cy: number;
  gx: number;
  gy: number;
  height: number;
  /** The clicked frame's colour-difference planes (Cb then Cr, half size each way), when matched in colour. */
  chroma?: Uint8Array;
}

export interface Match {
  x: number;
  y: number;
  ncc: number;
}

/** Upper body: from 0.95 to 0.4 of the height above the ground point, half a body height wide. */
const BOX = { top: 0.95, bottom: 0.4, half: 0.25 };

/**
 * Weight of each colour-difference channel against the grey one in the correlation (issue 48): the three
 * channels are one vector, each zero-mean, so a kit as bright as the grass still stands out by its colour.
 */
const CHROMA_WEIGHT = 1;

/**
 * The player's own search takes every other place of its grid first (tracker 2.6.0, decision 297), then
 * the eight neighbours of each first-pass place within `matchScreen` of the first pass's best, then climbs
 * from the first pass's best `matchPeaks` peaks to a place none of whose eight neighbours scores higher.
 * Sized on calibration scenes against a search of every place (decision 297): the same best place on all
 * 6,276 calls measured there; on the check scenes a few tracks differ by a pixel or two on a frame.
 */
export const SEARCH = { matchPeaks: 3, matchScreen: 0.1 };

/**
 * The search over a grid of places (n by n, index y * n + x) whose scores `at` takes and keeps in `score`
 * (NaN: not taken; -Infinity: not a place to look): every other place each way first; then the eight
 * neighbours of each first-pass place within `screen` of the first pass's best; then a climb from each of
 * the first pass's best `peaks` peaks to a place none of whose eight neighbours scores higher. The caller
 * reads the best from `score`.
 */
function climbFrom(
  n: number,
  score: Float64Array,
  at: (x: number, y: number) => number,
  peaks: number,
  screen: number,
) {
  const tops: number[] = [];
  let first = Number.NEGATIVE_INFINITY;
  for (let y = 0; y < n; y += 2)
    for (let x = 0; x < n; x += 2) {
      const v = at(x, y);
      first = Math.max(first, v);
      if (v === Number.NEGATIVE_INFINITY) continue;
      let top = true;
      for (let j = -2; j <= 2 && top; j += 2)
        for (let i = -2; i <= 2; i += 2) {
          if ((i === 0 && j === 0) || x + i < 0 || y + j < 0 || x + i >= n || y + j >= n) continue;
          if (at(x + i, y + j) > v) {
            top = false;
            break;
          }
        }
      if (top) tops.push(y * n + x);
    }
  for (let y = 0; y < n; y += 2)
    for (let x = 0; x < n; x += 2) {
      if (score[y * n + x] < first - screen) continue;
      for (let j = -1; j <= 1; j += 1)
        for (let i = -1; i <= 1; i += 1)
          if (x + i >= 0 && y + j >= 0 && x + i < n && y + j < n) at(x + i, y + j);
    }
  tops.sort((a, b) => score[b] - score[a] || a - b);
  for (const p of tops.slice(0, peaks)) {
    let bx = p % n;
    let by = Math.floor(p / n);
    for (;;) {
      let nx = bx;
      let ny = by;
      for (let j = -1; j <= 1; j += 1)
        for (let i = -1; i <= 1; i += 1) {
          const x = bx + i;
          const y = by + j;
          if (x < 0 || y < 0 || x >= n || y >= n) continue;
          if (at(x, y) > score[ny * n + nx]) {
            nx = x;
            ny = y;
          }
        }
      if (nx === bx && ny === by) break;
      bx = nx;
      by = ny;
    }
  }
}

export function makeTemplate(
  frame: Uint8Array,
  w: number,
  h: number,
  gx: number,
  gy: number,
  height: number,
  chroma?: Uint8Array,
): Template {
  return { frame, w, h, gx, gy, height, cx: gx, cy: gy - ((BOX.top + BOX.bottom) / 2) * height, chroma };
}

function sample(f: Uint8Array, w: number, h: number, x: number, y: number) {
  const xi = Math.min(w - 2, Math.max(0, Math.floor(x)));
  const yi = Math.min(h - 2, Math.max(0, Math.floor(y)));
  const fx = Math.min(1, Math.max(0, x - xi));
  const fy = Math.min(1, Math.max(0, y - yi));
  const i = yi * w + xi;
  return (f[i] * (1 - fx) + f[i + 1] * fx) * (1 - fy) + (f[i + w] * (1 - fx) + f[i + w + 1] * fx) * fy;
}

/**
 * Makes a template channel zero-mean over the pixels it keeps (`kept`: indices; all when absent) and
 * returns its sum of squares there.
 */
function centre(d: Float64Array, kept?: number[]) {
  const n = kept ? kept.length : d.length;
  let sum = 0;
  for (let k = 0; k < n; k += 1) sum += d[kept ? kept[k] : k];
  const mean = sum / n;
  let sq = 0;
  for (let k = 0; k < n; k += 1) {
    const at = kept ? kept[k] : k;
    d[at] -= mean;
    sq += d[at] * d[at];
  }
  return sq;
}

/** The template at `scale` times its clicked size, zero-mean, as rows of pixels. */
function scaled(t: Template, scale: number) {
  const hw = Math.max(3, Math.round(BOX.half * t.height * scale));
  const hh = Math.max(4, Math.round(((BOX.top - BOX.bottom) / 2) * t.height * scale));
  const tw = 2 * hw + 1;
  const th = 2 * hh + 1;
  const data = new Float64Array(tw * th);
  const cw = t.w >> 1;
  const ch = t.h >> 1;
  const u = t.chroma?.subarray(0, cw * ch);
  const v = t.chroma?.subarray(cw * ch);
  const du = u ? new Float64Array(tw * th) : null;
  const dv = v ? new Float64Array(tw * th) : null;
  for (let j = 0; j < th; j += 1)
    for (let i = 0; i < tw; i += 1) {
      const x = t.cx + (i - hw) / scale;
      const y = t.cy + (j - hh) / scale;
      data[j * tw + i] = sample(t.frame, t.w, t.h, x, y);
      if (u && v && du && dv) {
        // A colour pixel covers two grey ones each way: its centre is at half a grey pixel.
        du[j * tw + i] = sample(u, cw, ch, (x - 0.5) / 2, (y - 0.5) / 2);
        dv[j * tw + i] = sample(v, cw, ch, (x - 0.5) / 2, (y - 0.5) / 2);
      }
    }
  let sq = centre(data);
  if (du && dv) sq += CHROMA_WEIGHT * (centre(du) + centre(dv));
  const cells: ColourCells[] = [];
  return { data, du, dv, hw, hh, tw, th, norm: Math.sqrt(sq), cells };
}

/**
 * Correlation of the scaled template with the frame, template centre at (cx, cy), on every `step`-th pixel
 * each way: grey alone, or grey and colour as one vector (`norm`: the template's). The frame's grey sums
 * under the template are read from `sums.grey` (whole numbers: the sums a loop gives, to the last bit), its
 * colour sums from `sums.colour` (built with the same `step` over a region holding the place; without it, or without
 * colour planes, the correlation is grey alone). With a `screen`, a place whose colour cannot lift it to
 * the screen's floor has no colour cross terms summed and scores -Infinity.
 */
function correlate(
  s: ReturnType<typeof scaled>,
  frame: Uint8Array,
  chroma: Uint8Array | undefined,
  w: number,
  h: number,
  cx: number,
  cy: number,
  step: number,
  norm: number,
  sums: Sums,
  screen?: Screen,
): number {
  const d = s.data;
  const tw = s.tw;
  const th = s.th;
  const x0 = cx - s.hw;
  const y0 = cy - s.hh;
  let st = 0;
  for (let j = 0; j < th; j += step) {
    const row = (y0 + j) * w + x0;
    const trow = j * tw;
    for (let i = 0; i < tw; i += step) st += d[trow + i] * frame[row + i];
  }
  const ni = Math.ceil(tw / step);
  const nj = Math.ceil(th / step);
  corners(sums.grey, x0, y0, ni, nj);
  const si = boxSum(sums.grey, 0);
  const sii = boxSum(sums.grey, 1);
  const c = COLOUR_SUMS;
  if (!chroma || !s.du || !s.dv || !sums.colour) return combine(norm, st, si, sii, ni * nj, null, 0);
  colourSpread(sums.colour, x0, y0, ni, nj, c, 0);
  if (screen && bound(norm, st, si, sii, ni * nj, c, 0, screen) < screen.floor)
    return Number.NEGATIVE_INFINITY;
  colourCross(s, chroma, w, h, x0, y0, step, 0, 1, c, 0, 0);
  return combine(norm, st, si, sii, ni * nj, c, 0);
}

/**
 * The correlation of four places of one row, (cx + k * dx, cy) for k = 0..3, in one pass over the template
 * (the look-alike search's grid; the player's own search's first pass, decision 358): each place's grey sums
 * and colour sums are read from `sums` (its grey lattice sums are whole numbers, the sums a loop gives to the
 * last bit) and its cross terms taken here in the order `correlate` takes them, so each is the number
 * `correlate` gives there, to the last bit. With a `screen`, four places none of which can reach its floor
 * score -Infinity: with the template's grey parts, before their grey cross terms are summed (decision 358);
 * else before their colour cross terms are.
 */
function correlateFour(
  s: ReturnType<typeof scaled>,
  frame: Uint8Array,
  chroma: Uint8Array | undefined,
  w: number,
  h: number,
  cx: number,
  cy: number,
  dx: number,
  step: number,
  norm: number,
  sums: Sums,
  out: Float64Array,
  screen?: Screen,
) {
  const d = s.data;
  const tw = s.tw;
  const th = s.th;
  const x0 = cx - s.hw;
  const y0 = cy - s.hh;
  const ni = Math.ceil(tw / step);
  const nj = Math.ceil(th / step);
  const count = ni * nj;
  const G = sums.grey;
  corners(G, x0, y0, ni, nj);
  const si0 = boxSum(G, 0);
  const sii0 = boxSum(G, 1);
  corners(G, x0 + dx, y0, ni, nj);
  const si1 = boxSum(G, 0);
  const sii1 = boxSum(G, 1);
  corners(G, x0 + 2 * dx, y0, ni, nj);
  const si2 = boxSum(G, 0);
  const sii2 = boxSum(G, 1);
  corners(G, x0 + 3 * dx, y0, ni, nj);
  const si3 = boxSum(G, 0);
  const sii3 = boxSum(G, 1);
  const colour = chroma && s.du && s.dv && sums.colour;
  const c = COLOUR_SUMS;
  if (colour) {
    colourSpread(colour, x0, y0, ni, nj, c, 0);
    colourSpread(colour, x0 + dx, y0, ni, nj, c, 5);
    colourSpread(colour, x0 + 2 * dx, y0, ni, nj, c, 10);
    colourSpread(colour, x0 + 3 * dx, y0, ni, nj, c, 15);
  }
  // Four places none of which can reach the floor whatever their cross terms: none is summed.
  if (
    colour &&
    screen?.grey &&
    underFloor(norm, screen.grey, G, x0, y0, step, ni, nj, si0, sii0, c, 0, screen) &&
    underFloor(norm, screen.grey, G, x0 + dx, y0, step, ni, nj, si1, sii1, c, 5, screen) &&
    underFloor(norm, screen.grey, G, x0 + 2 * dx, y0, step, ni, nj, si2, sii2, c, 10, screen) &&
    underFloor(norm, screen.grey, G, x0 + 3 * dx, y0, step, ni, nj, si3, sii3, c, 15, screen)
  ) {
    out.fill(Number.NEGATIVE_INFINITY);
    return;
  }
  let st0 = 0;
  let st1 = 0;
  let st2 = 0;
  let st3 = 0;
  for (let j = 0; j < th; j += step) {
    const row = (y0 + j) * w + x0;
    const trow = j * tw;
    for (let i = 0; i < tw; i += step) {
      const t = d[trow + i];
      const at = row + i;
      st0 += t * frame[at];
      st1 += t * frame[at + dx];
      st2 += t * frame[at + 2 * dx];
      st3 += t * frame[at + 3 * dx];
    }
  }
  if (!colour) {
    out[0] = combine(norm, st0, si0, sii0, count, null, 0);
    out[1] = combine(norm, st1, si1, sii1, count, null, 0);
    out[2] = combine(norm, st2, si2, sii2, count, null, 0);
    out[3] = combine(norm, st3, si3, sii3, count, null, 0);
    return;
  }
  // Four places none of which can reach the screen's floor whatever their colour: its cross terms are not summed.
  if (
    screen &&
    bound(norm, st0, si0, sii0, count, c, 0, screen) < screen.floor &&
    bound(norm, st1, si1, sii1, count, c, 5, screen) < screen.floor &&
    bound(norm, st2, si2, sii2, count, c, 10, screen) < screen.floor &&
    bound(norm, st3, si3, sii3, count, c, 15, screen) < screen.floor
  ) {
    out.fill(Number.NEGATIVE_INFINITY);
    return;
  }
  // The colour: places of the same parity share the template's colour cells and are read in one pass (all
  // four when `dx` is even; the first and third, then the second and fourth, when it is odd).
  if (dx % 2 === 0) colourCross(s, chroma, w, h, x0, y0, step, dx >> 1, 4, c, 0, 5);
  else {
    colourCross(s, chroma, w, h, x0, y0, step, dx, 2, c, 0, 10);
    colourCross(s, chroma, w, h, x0 + dx, y0, step, dx, 2, c, 5, 10);
  }
  out[0] = combine(norm, st0, si0, sii0, count, c, 0);
  out[1] = combine(norm, st1, si1, sii1, count, c, 5);
  out[2] = combine(norm, st2, si2, sii2, count, c, 10);
  out[3] = combine(norm, st3, si3, sii3, count, c, 15);
}

/** Room for the colour sums of four places. */
const COLOUR_SUMS = new Float64Array(20);

/**
 * Grey and colour as one vector: a place's correlation from its grey sums and its colour sums at `c[at..]`
 * (the cross term, then the sum and the squares of Cb, of Cr); grey alone without `c`.
 */
function combine(
  norm: number,
  st: number,
  si: number,
  sii: number,
  count: number,
  c: Float64Array | null,
  at: number,
) {
  const varI = spreadUnder(si, sii, count, c, at);
  const all = c ? st + CHROMA_WEIGHT * c[at] : st;
  return varI > 1e-6 && norm > 0 ? all / (norm * Math.sqrt(varI)) : 0;
}

/** The frame's spread under a place (grey, and colour with `c`) as `combine` divides by it. */
function spreadUnder(si: number, sii: number, count: number, c: Float64Array | null, at: number) {
  const grey = sii - (si * si) / count;
  return c ? grey + CHROMA_WEIGHT * colourVariation(c, at, count) : grey;
}

/**
 * The spread of `n` whole numbers about their mean from their sum and sum of squares, to one rounding: the
 * products are whole numbers under 2^53, so exact (the screens' bounds read it; `combine`'s own spread may be
 * a little smaller where the numbers are large and alike).
 */
const exactSpread = (sum: number, squares: number, n: number) => Math.max(0, (n * squares - sum * sum) / n);

/** A place's colour spread from its colour sums at c[at + 1..], to one rounding. */
const exactColourSpread = (c: Float64Array, at: number, count: number) =>
  exactSpread(c[at + 1], c[at + 2], count) + exactSpread(c[at + 3], c[at + 4], count);

/** A place's colour spread (Cb's and Cr's sums of squares about their means) from its colour sums at c[at + 1..]. */
function colourVariation(c: Float64Array, at: number, count: number) {
  return c[at + 2] - (c[at + 1] * c[at + 1]) / count + c[at + 4] - (c[at + 3] * c[at + 3]) / count;
}

/**
 * The colour cross terms of `k` places (1, 2 or 4) of one row whose template corners lie at
 * x0 + j * 2 * `shift` (the colour pixels `shift` apart), all of the same parity, in one pass over the
 * template's colour cells, each place's in the same order: the template's Cb and Cr against the frame's,
 * into out[first + j * gap]. The colour planes hold one pixel for two grey ones each way: the template's
 * colour is summed over the grey pixels that share a colour pixel (for where the template's corner falls on
 * that grid), so each colour pixel of the frame is read once.
 */
function colourCross(
  s: ReturnType<typeof scaled>,
  chroma: Uint8Array,
  w: number,
  h: number,
  x0: number,
  y0: number,
  step: number,
  shift: number,
  k: 1 | 2 | 4,
  out: Float64Array,
  first: number,
  gap: number,
) {
  const key = (x0 & 1) + 2 * (y0 & 1) + 4 * (step - 1);
  const cells = (s.cells[key] ??= colourCells(s, x0 & 1, y0 & 1, step));
  const cw = w >> 1;
  const vOff = cw * (h >> 1);
  const cx0 = x0 >> 1;
  const cy0 = y0 >> 1;
  const { u, v, n, cols, rows } = cells;
  let t0 = 0;
  let t1 = 0;
  let t2 = 0;
  let t3 = 0;
  const o2 = k === 4 ? 2 * shift : 0;
  const o3 = k === 4 ? 3 * shift : 0;
  for (let cj = 0; cj < rows; cj += 1) {
    const crow = (cy0 + cj) * cw + cx0;
    const trow = cj * cols;
    for (let ci = 0; ci < cols; ci += 1) {
      const c = trow + ci;
      if (n[c] === 0) continue;
      const uc = u[c];
      const vc = v[c];
      const at = crow + ci;
      const av = vOff + at;
      t0 += uc * chroma[at] + vc * chroma[av];
      if (k === 1) continue;
      t1 += uc * chroma[at + shift] + vc * chroma[av + shift];
      if (k === 4) {
        t2 += uc * chroma[at + o2] + vc * chroma[av + o2];
        t3 += uc * chroma[at + o3] + vc * chroma[av + o3];
      }
    }
  }
  out[first] = t0;
  if (k === 1) return;
  out[first + gap] = t1;
  if (k === 2) return;
  out[first + 2 * gap] = t2;
  out[first + 3 * gap] = t3;
}

/**
 * Sums of the frame over a lattice of its pixels `step` apart each way, for any box of it in four reads
 * (issue 48's searches): of the grey values and their squares (`planes` 0 and 1), or of the Cb values, their
 * squares, the Cr values and their squares (0 to 3), read at each grey pixel's place (one colour pixel
 * covers two grey ones each way). Built over a region of the picture, `cols` by `rows` from (`left`, `top`);
 * `half`: the colour with `step` 2, where each colour pixel holds one lattice point, kept at the colour
 * planes' size (the region and its corners in colour pixels, `step` 1). Each entry holds the sum over the
 * lattice points at or above and left of it with its own place in the lattice; the values are whole numbers,
 * summed exactly in doubles, so a box's sum is the one a loop over it gives, in any order.
 */
interface Lattice {
  left: number;
  top: number;
  cols: number;
  rows: number;
  step: number;
  half: boolean;
  planes: Float64Array;
}

/** The lattice sums a search reads: grey, and colour (with colour planes). */
interface Sums {
  grey: Lattice;
  colour: Lattice | null;
}

/** Room for the lattice sums: the player's own search's grey and colour, the look-alike search's colour and grey. */
const LATTICE = [new Float64Array(0), new Float64Array(0), new Float64Array(0), new Float64Array(0)];

/**
 * The lattice sums of the grey frame (`chroma` absent) or of its colour planes (`chroma`, `frame` unread) over
 * the region from (`left`, `top`) to (`right`, `bottom`), cut to the picture.
 */
function lattice(
  frame: Uint8Array | null,
  chroma: Uint8Array | null,
  w: number,
  h: number,
  left: number,
  top: number,
  right: number,
  bottom: number,
  step: number,
  room: 0 | 1 | 2 | 3,
): Lattice {
  const half = chroma !== null && step === 2;
  const cw = w >> 1;
  const ch = h >> 1;
  // With `half` the region is in colour pixels, and so is the lattice's (step 1).
  const W = half ? cw : w;
  const H = half ? ch : h;
  const l = Math.max(0, half ? left >> 1 : left);
  const t = Math.max(0, half ? top >> 1 : top);
  const cols = Math.max(0, Math.min(W, (half ? right >> 1 : right) + 1) - l);
  const rows = Math.max(0, Math.min(H, (half ? bottom >> 1 : bottom) + 1) - t);
  const by = half ? 1 : step;
  const area = cols * rows;
  const n = chroma ? 4 : 2;
  if (LATTICE[room].length < n * area) LATTICE[room] = new Float64Array(Math.ceil(n * area * 1.25));
  const planes = LATTICE[room];
  const vOff = cw * ch;
  const up = by * cols;
  const a2 = 2 * area;
  const a3 = 3 * area;
  // One pass: along each row, the running sums of the lattice points `by` apart (a set for each of the `by`
  // phases), plus the entry `by` rows up.
  for (let y = 0; y < rows; y += 1) {
    const fy = t + y;
    const k0 = y * cols;
    const above = y >= by;
    if (!chroma) {
      const frow = fy * w + l;
      for (let ph = 0; ph < by; ph += 1) {
        let s1 = 0;
        let s2 = 0;
        for (let x = ph; x < cols; x += by) {
          const g = frame![frow + x];
          s1 += g;
          s2 += g * g;
          const k = k0 + x;
          planes[k] = above ? s1 + planes[k - up] : s1;
          planes[area + k] = above ? s2 + planes[area + k - up] : s2;
        }
      }
    } else {
      const crow = (half ? fy : fy >> 1) * cw;
      for (let ph = 0; ph < by; ph += 1) {
        let s1 = 0;
        let s2 = 0;
        let s3 = 0;
        let s4 = 0;
        for (let x = ph; x < cols; x += by) {
          const ci = crow + (half ? l + x : (l + x) >> 1);
          const p = chroma[ci];
          const q = chroma[vOff + ci];
          s1 += p;
          s2 += p * p;
          s3 += q;
          s4 += q * q;
          const k = k0 + x;
          planes[k] = above ? s1 + planes[k - up] : s1;
          planes[area + k] = above ? s2 + planes[area + k - up] : s2;
          planes[a2 + k] = above ? s3 + planes[a2 + k - up] : s3;
          planes[a3 + k] = above ? s4 + planes[a3 + k - up] : s4;
        }
      }
    }
  }
  return { left: l, top: t, cols, rows, step: by, half, planes };
}

/** Where a lattice box's four corner sums lie in a plane (-1: before the region, a sum of nothing). */
const CORNERS = new Int32Array(4);

/**
 * The corners of the lattice box of `ni` by `nj` points with its first point at grey pixel (x0, y0), into
 * `CORNERS` (with `half`, the colour pixels those points lie on).
 */
function corners(L: Lattice, x0: number, y0: number, ni: number, nj: number) {
  const xa = (L.half ? x0 >> 1 : x0) - L.left - L.step;
  const ya = (L.half ? y0 >> 1 : y0) - L.top - L.step;
  const xb = xa + L.step * ni;
  const yb = ya + L.step * nj;
  CORNERS[0] = yb * L.cols + xb;
  CORNERS[1] = xa < 0 ? -1 : yb * L.cols + xa;
  CORNERS[2] = ya < 0 ? -1 : ya * L.cols + xb;
  CORNERS[3] = xa < 0 || ya < 0 ? -1 : ya * L.cols + xa;
}

/** The sum of plane `plane` over the box whose corners `corners` found. */
function boxSum(L: Lattice, plane: number) {
  const p = L.planes;
  const o = plane * L.cols * L.rows;
  const b = CORNERS[1];
  const c = CORNERS[2];
  const d = CORNERS[3];
  return p[o + CORNERS[0]] - (b < 0 ? 0 : p[o + b]) - (c < 0 ? 0 : p[o + c]) + (d < 0 ? 0 : p[o + d]);
}

/** A place's colour sums (Cb, its squares, Cr, its squares) into c[at + 1 .. at + 4]. */
function colourSpread(
  L: Lattice,
  x0: number,
  y0: number,
  ni: number,
  nj: number,
  c: Float64Array,
  at: number,
) {
  corners(L, x0, y0, ni, nj);
  c[at + 1] = boxSum(L, 0);
  c[at + 2] = boxSum(L, 1);
  c[at + 3] = boxSum(L, 2);
  c[at + 4] = boxSum(L, 3);
}

/**
 * What the look-alike search can pass over (issue 48): places whose correlation cannot reach `floor`. The
 * template's colour is zero-mean over the pixels it keeps, so its colour term at a place is at most the
 * template's colour norm (`colourNorm`) times the spread of the frame's colour there (Cauchy-Schwarz); a
 * place whose grey term plus that most is under the floor is under it whatever its colour, and its colour
 * cross terms are not summed. With the template's grey parts (`grey`, decision 358), four places are
 * screened the same way on their grey before their grey cross terms are summed. Each bound divides by the
 * spread `combine` divides by, adds `slack` (the most rounding can add to the summed cross terms) and is
 * raised by `SCREEN_MARGIN` (the rounding of the division), so a place passed over could not have scored
 * the floor as `combine` computes it.
 */
interface Screen {
  floor: number;
  colourNorm: number;
  slack: number;
  grey?: GreyParts;
}
const SCREEN_MARGIN = 1e-9;

/** The most a place's correlation can be whatever its colour, from its grey sums and its colour sums at c[at + 1..]. */
function bound(
  norm: number,
  st: number,
  si: number,
  sii: number,
  count: number,
  c: Float64Array,
  at: number,
  screen: Screen,
) {
  const varI = spreadUnder(si, sii, count, c, at);
  // Where `combine` gives 0, so may the place: nothing to pass over.
  if (!(varI > 1e-6 && norm > 0)) return Number.POSITIVE_INFINITY;
  const colour = CHROMA_WEIGHT * screen.colourNorm * Math.sqrt(exactColourSpread(c, at, count));
  return (st + colour + screen.slack) / (norm * Math.sqrt(varI)) + SCREEN_MARGIN;
}

/**
 * The template's grey as the look-alike search's screen reads it before the frame's grey (decision 358):
 * its norm, and its kept points cut into `GREY_BANDS` bands of rows, each band's sum and norm.
 */
interface GreyParts {
  norm: number;
  bands: { j: number; nj: number; sum: number; norm: number }[];
}

const GREY_BANDS = 4;

/**
 * The look-alike search's screen for a template `s` whose every `thin`th point is kept (each channel
 * zero-mean over them, `greySq` and `colourSq` their sums of squares): its grey parts, and its slack, the
 * most rounding can move the cross terms summed over `n` points of frame values under 256 (at most n
 * roundings of each partial sum, each under 2^-53 of the sum of the terms' sizes), doubled.
 */
function lookAlikeScreen(
  s: ReturnType<typeof scaled>,
  thin: number,
  greySq: number,
  colourSq: number,
  floor: number,
): Screen {
  const nJ = Math.ceil(s.th / thin);
  const bands: GreyParts['bands'] = [];
  let size = 0;
  let n = 0;
  for (let a = 0; a < GREY_BANDS; a += 1) {
    const j0 = Math.floor((a * nJ) / GREY_BANDS);
    const j1 = Math.floor(((a + 1) * nJ) / GREY_BANDS);
    if (j1 <= j0) continue;
    let sum = 0;
    let sq = 0;
    for (let j = j0 * thin; j < j1 * thin; j += thin)
      for (let i = 0; i < s.tw; i += thin) {
        const k = j * s.tw + i;
        const t = s.data[k];
        sum += t;
        sq += t * t;
        size += Math.abs(t) + (s.du ? Math.abs(s.du[k]) : 0) + (s.dv ? Math.abs(s.dv[k]) : 0);
        n += 1;
      }
    size += Math.abs(sum);
    bands.push({ j: j0, nj: j1 - j0, sum, norm: Math.sqrt(sq) });
  }
  const slack = 2 * (n + GREY_BANDS + 4) * 2 ** -53 * 255 * size;
  return { floor, colourNorm: Math.sqrt(colourSq), slack, grey: { norm: Math.sqrt(greySq), bands } };
}

/**
 * Whether a place (its template corner at grey pixel (x0, y0)) cannot reach the screen's floor whatever its
 * grey and colour cross terms, from its grey sums (`si`, `sii`, and the lattice `G` for its bands') and its
 * colour sums at c[at + 1..]. The colour term is at most the template's colour norm times the frame's colour
 * spread there (Cauchy-Schwarz, as `bound`). The grey term, first: at most the template's grey norm times
 * the frame's grey spread; then band by band: over a band the template's part is not zero-mean, and its sum
 * against the frame is the frame's mean there times the part's sum plus at most the part's norm times the
 * frame's spread there.
 */
function underFloor(
  norm: number,
  grey: GreyParts,
  G: Lattice,
  x0: number,
  y0: number,
  step: number,
  ni: number,
  nj: number,
  si: number,
  sii: number,
  c: Float64Array,
  at: number,
  screen: Screen,
) {
  const count = ni * nj;
  const varI = spreadUnder(si, sii, count, c, at);
  // Where `combine` gives 0, so may the place: nothing to pass over.
  if (!(varI > 1e-6 && norm > 0)) return false;
  const den = norm * Math.sqrt(varI);
  const colour =
    CHROMA_WEIGHT * screen.colourNorm * Math.sqrt(exactColourSpread(c, at, count)) + screen.slack;
  if ((grey.norm * Math.sqrt(exactSpread(si, sii, count)) + colour) / den + SCREEN_MARGIN < screen.floor)
    return true;
  let st = 0;
  for (const b of grey.bands) {
    corners(G, x0, y0 + b.j * step, ni, b.nj);
    const n = ni * b.nj;
    const sv = boxSum(G, 0);
    st += (sv / n) * b.sum + b.norm * Math.sqrt(exactSpread(sv, boxSum(G, 1), n));
  }
  return (st + colour) / den + SCREEN_MARGIN < screen.floor;
}

interface ColourCells {
  u: Float64Array;
  v: Float64Array;
  n: Float64Array;
  cols: number;
  rows: number;
}

/** The template's colour summed over each colour pixel it covers, its corner at parity (px, py). */
function colourCells(s: ReturnType<typeof scaled>, px: number, py: number, step: number) {
  const cols = ((px + s.tw - 1) >> 1) + 1;
  const rows = ((py + s.th - 1) >> 1) + 1;
  const u = new Float64Array(cols * rows);
  const v = new Float64Array(cols * rows);
  const n = new Float64Array(cols * rows);
  for (let j = 0; j < s.th; j += step)
    for (let i = 0; i < s.tw; i += step) {
      const c = ((py + j) >> 1) * cols + ((px + i) >> 1);
      const t = j * s.tw + i;
      u[c] += s.du![t];
      v[c] += s.dv![t];
      n[c] += 1;
    }
  return { u, v, n, cols, rows };
}

/**
 * Best match of the template (centre) within `radius` pixels of the prediction, refined to a fraction of
 * a pixel by a parabola through the correlation's neighbours. The places are searched as `SEARCH` says
 * (tracker 2.6.0): about a third of them, the full search's best among them.
 */
export function matchTemplate(
  t: Template,
  frame: Uint8Array,
  scale: number,
  px: number,
  py: number,
  radius: number,
  /** The frame's colour-difference planes, matched with the template's when it has them. */
  chroma?: Uint8Array,
): Match {
  const s = scaled(t, scale);
  const { w, h } = t;
  const x0 = Math.round(px) - radius;
  const y0 = Math.round(py) - radius;
  const n = 2 * radius + 1;
  const colour = s.du ? chroma : undefined;
  const box = [x0 - s.hw, y0 - s.hh, x0 + n - 1 + s.hw, y0 + n - 1 + s.hh] as const;
  const sums: Sums = {
    grey: lattice(frame, null, w, h, ...box, 1, 0),
    colour: colour ? lattice(null, colour, w, h, ...box, 1, 1) : null,
  };
  // NaN: not taken yet; -1: the template would leave the picture there.
  const score = new Float64Array(n * n).fill(Number.NaN);
  const at = (dx: number, dy: number) => {
    const k = dy * n + dx;
    let v = score[k];
    if (Number.isNaN(v)) {
      const cx = x0 + dx;
      const cy = y0 + dy;
      v =
        cx - s.hw < 0 || cy - s.hh < 0 || cx + s.hw >= w || cy + s.hh >= h
          ? -1
          : correlate(s, frame, colour, w, h, cx, cy, 1, s.norm, sums);
      score[k] = v;
    }
    return v;
  };
  // The first pass's places taken four of a row at a time where all four lie in the picture (the numbers
  // `at` gives, to the last bit: decision 358).
  const four = new Float64Array(4);
  for (let dy = 0; dy < n; dy += 2)
    for (let dx = 0; dx + 6 < n; dx += 8) {
      const cx = x0 + dx;
      const cy = y0 + dy;
      if (cx - s.hw < 0 || cy - s.hh < 0 || cx + 6 + s.hw >= w || cy + s.hh >= h) continue;
      correlateFour(s, frame, colour, w, h, cx, cy, 2, 1, s.norm, sums, four);
      for (let k = 0; k < 4; k += 1) score[dy * n + dx + 2 * k] = four[k];
    }
  climbFrom(n, score, at, SEARCH.matchPeaks, SEARCH.matchScreen);
  // The best place taken, the first in the scan among equals (as the full search chose).
  let best = -1;
  for (let k = 0; k < score.length; k += 1)
    if (!Number.isNaN(score[k]) && (best < 0 || score[k] > score[best])) best = k;
  const bx = best % n;
  const by = Math.floor(best / n);
  const peak = (a: number, b: number, c: number) => {
    const d = a - 2 * b + c;
    return d < 0 ? Math.max(-0.5, Math.min(0.5, (a - c) / (2 * d))) : 0;
  };
  const ox = bx > 0 && bx < n - 1 ? peak(at(bx - 1, by), at(bx, by), at(bx + 1, by)) : 0;
  const oy = by > 0 && by < n - 1 ? peak(at(bx, by - 1), at(bx, by), at(bx, by + 1)) : 0;
  return { x: x0 + bx + ox, y: y0 + by + oy, ncc: score[best] };
}

/** The ground point's distance below the followed upper body's centre, for a player `height` pixels tall. */
export const footOffset = (height: number) => ((BOX.top + BOX.bottom) / 2) * height;

/** Ground point for a template centre matched at `scale`. */
export const groundOf = (t: Template, m: Match, scale: number) => ({
  x: m.x + (t.gx - t.cx) * scale,
  y: m.y + (t.gy - t.cy) * scale,
});

/**
 * Another player who looks like the tracked one, around the matched centre (issue 48's identity check):
 * the best correlation more than `exclude` pixels from (cx, cy) within `radius`, on a grid of `stride`
 * pixels with the template thinned to every other pixel when it is large (a coarse look, not a match).
 * Returns the score and where it is, or null when nothing there reaches `floor`.
 */
export function lookAlike(
  t: Template,
  frame: Uint8Array,
  scale: number,
  cx: number,
  cy: number,
  radius: number,
  exclude: number,
  floor: number,
  chroma?: Uint8Array,
) {
  const full = scaled(t, scale);
  const { w, h } = t;
  const thin = full.th * full.tw > 600 ? 2 : 1;
  const stride = Math.max(1, Math.round(radius / 24));
  // The thinned template, each channel zero-mean again over the pixels it keeps.
  const s: typeof full = {
    data: full.data.slice(),
    du: full.du ? full.du.slice() : null,
    dv: full.dv ? full.dv.slice() : null,
    hw: full.hw,
    hh: full.hh,
    tw: full.tw,
    th: full.th,
    norm: full.norm,
    cells: [],
  };
  const kept: number[] = [];
  for (let j = 0; j < s.th; j += thin) for (let i = 0; i < s.tw; i += thin) kept.push(j * s.tw + i);
  const greySq = centre(s.data, kept);
  const colourSq = s.du && s.dv ? centre(s.du, kept) + centre(s.dv, kept) : 0;
  const norm = Math.sqrt(greySq + CHROMA_WEIGHT * colourSq);
  let best: { x: number; y: number; ncc: number } | null = null;
  const x0 = Math.round(cx);
  const y0 = Math.round(cy);
  // Places whose template lies in the picture and outside `exclude`, taken four of a row at a time where
  // four in a row are to be taken (the same numbers as one by one), in the same order as one by one.
  const taken = (dx: number, dy: number) => {
    const x = x0 + dx;
    const y = y0 + dy;
    return (
      dx * dx + dy * dy > exclude * exclude && x - s.hw >= 0 && y - s.hh >= 0 && x + s.hw < w && y + s.hh < h
    );
  };
  const colour = s.du ? chroma : undefined;
  // The frame's grey and colour sums under each place are read from lattice sums over the search's region.
  const box = [x0 - radius - s.hw, y0 - radius - s.hh, x0 + radius + s.hw, y0 + radius + s.hh] as const;
  const sums = {
    grey: lattice(frame, null, w, h, ...box, thin, 3),
    colour: colour ? lattice(null, colour, w, h, ...box, thin, 2) : null,
  };
  const screen = colour ? lookAlikeScreen(s, thin, greySq, colourSq, floor) : undefined;
  const four = new Float64Array(4);
  for (let dy = -radius; dy <= radius; dy += stride)
    for (let dx = -radius; dx <= radius;) {
      if (
        dx + 3 * stride <= radius &&
        taken(dx, dy) &&
        taken(dx + stride, dy) &&
        taken(dx + 2 * stride, dy) &&
        taken(dx + 3 * stride, dy)
      ) {
        correlateFour(s, frame, colour, w, h, x0 + dx, y0 + dy, stride, thin, norm, sums, four, screen);
        for (let k = 0; k < 4; k += 1) {
          const ncc = four[k];
          if (ncc >= floor && (!best || ncc > best.ncc)) best = { x: x0 + dx + k * stride, y: y0 + dy, ncc };
        }
        dx += 4 * stride;
        continue;
      }
      if (taken(dx, dy)) {
        const x = x0 + dx;
        const y = y0 + dy;
        const ncc = correlate(s, frame, colour, w, h, x, y, thin, norm, sums, screen);
        if (ncc >= floor && (!best || ncc > best.ncc)) best = { x, y, ncc };
      }
      dx += stride;
    }
  return best;
}

/** @internal tests only: the correlation one place at a time and four of a row at a time, and the lattice sums. */
export const correlationForTests = {
  scaled,
  correlate,
  correlateFour,
  lattice,
  boxSum,
  corners,
  lookAlikeScreen,
  underFloor,
  colourSpread,
};
