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
}

export interface Match {
  x: number;
  y: number;
  ncc: number;
}

/** Upper body: from 0.95 to 0.4 of the height above the ground point, half a body height wide. */
const BOX = { top: 0.95, bottom: 0.4, half: 0.25 };

export function makeTemplate(
  frame: Uint8Array,
  w: number,
  h: number,
  gx: number,
  gy: number,
  height: number,
): Template {
  return { frame, w, h, gx, gy, height, cx: gx, cy: gy - ((BOX.top + BOX.bottom) / 2) * height };
}

function sample(f: Uint8Array, w: number, h: number, x: number, y: number) {
  const xi = Math.min(w - 2, Math.max(0, Math.floor(x)));
  const yi = Math.min(h - 2, Math.max(0, Math.floor(y)));
  const fx = Math.min(1, Math.max(0, x - xi));
  const fy = Math.min(1, Math.max(0, y - yi));
  const i = yi * w + xi;
  return (f[i] * (1 - fx) + f[i + 1] * fx) * (1 - fy) + (f[i + w] * (1 - fx) + f[i + w + 1] * fx) * fy;
}

/** The template at `scale` times its clicked size, zero-mean, as rows of pixels. */
function scaled(t: Template, scale: number) {
  const hw = Math.max(3, Math.round(BOX.half * t.height * scale));
  const hh = Math.max(4, Math.round(((BOX.top - BOX.bottom) / 2) * t.height * scale));
  const tw = 2 * hw + 1;
  const th = 2 * hh + 1;
  const data = new Float64Array(tw * th);
  let sum = 0;
  for (let j = 0; j < th; j += 1)
    for (let i = 0; i < tw; i += 1) {
      const v = sample(t.frame, t.w, t.h, t.cx + (i - hw) / scale, t.cy + (j - hh) / scale);
      data[j * tw + i] = v;
      sum += v;
    }
  const mean = sum / data.length;
  let norm = 0;
  for (let k = 0; k < data.length; k += 1) {
    data[k] -= mean;
    norm += data[k] * data[k];
  }
  return { data, hw, hh, tw, th, norm: Math.sqrt(norm) };
}

/**
 * Best match of the template (centre) within `radius` pixels of the prediction, refined to a fraction of
 * a pixel by a parabola through the correlation's neighbours.
 */
export function matchTemplate(
  t: Template,
  frame: Uint8Array,
  scale: number,
  px: number,
  py: number,
  radius: number,
): Match {
  const s = scaled(t, scale);
  const { w, h } = t;
  const x0 = Math.round(px) - radius;
  const y0 = Math.round(py) - radius;
  const n = 2 * radius + 1;
  const score = new Float64Array(n * n).fill(-1);
  const count = s.data.length;
  for (let dy = 0; dy < n; dy += 1)
    for (let dx = 0; dx < n; dx += 1) {
      const cx = x0 + dx;
      const cy = y0 + dy;
      if (cx - s.hw < 0 || cy - s.hh < 0 || cx + s.hw >= w || cy + s.hh >= h) continue;
      let st = 0;
      let si = 0;
      let sii = 0;
      for (let j = 0; j < s.th; j += 1) {
        const row = (cy - s.hh + j) * w + cx - s.hw;
        const trow = j * s.tw;
        for (let i = 0; i < s.tw; i += 1) {
          const v = frame[row + i];
          st += s.data[trow + i] * v;
          si += v;
          sii += v * v;
        }
      }
      const varI = sii - (si * si) / count;
      score[dy * n + dx] = varI > 1e-6 && s.norm > 0 ? st / (s.norm * Math.sqrt(varI)) : 0;
    }
  let best = 0;
  for (let k = 1; k < score.length; k += 1) if (score[k] > score[best]) best = k;
  const bx = best % n;
  const by = Math.floor(best / n);
  const peak = (a: number, b: number, c: number) => {
    const d = a - 2 * b + c;
    return d < 0 ? Math.max(-0.5, Math.min(0.5, (a - c) / (2 * d))) : 0;
  };
  const at = (dx: number, dy: number) => score[dy * n + dx];
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
) {
  const s = scaled(t, scale);
  const { w, h } = t;
  const thin = s.th * s.tw > 600 ? 2 : 1;
  const stride = Math.max(1, Math.round(radius / 24));
  // The thinned template, zero-mean again over the pixels it keeps.
  const keep: { di: number; dj: number; v: number }[] = [];
  for (let j = 0; j < s.th; j += thin)
    for (let i = 0; i < s.tw; i += thin) keep.push({ di: i - s.hw, dj: j - s.hh, v: s.data[j * s.tw + i] });
  const mean = keep.reduce((a, k) => a + k.v, 0) / keep.length;
  let norm = 0;
  for (const k of keep) {
    k.v -= mean;
    norm += k.v * k.v;
  }
  norm = Math.sqrt(norm);
  const count = keep.length;
  let best: { x: number; y: number; ncc: number } | null = null;
  const x0 = Math.round(cx);
  const y0 = Math.round(cy);
  for (let dy = -radius; dy <= radius; dy += stride)
    for (let dx = -radius; dx <= radius; dx += stride) {
      if (dx * dx + dy * dy <= exclude * exclude) continue;
      const x = x0 + dx;
      const y = y0 + dy;
      if (x - s.hw < 0 || y - s.hh < 0 || x + s.hw >= w || y + s.hh >= h) continue;
      let st = 0;
      let si = 0;
      let sii = 0;
      for (const k of keep) {
        const v = frame[(y + k.dj) * w + x + k.di];
        st += k.v * v;
        si += v;
        sii += v * v;
      }
      const varI = sii - (si * si) / count;
      const ncc = varI > 1e-6 && norm > 0 ? st / (norm * Math.sqrt(varI)) : 0;
      if (ncc >= floor && (!best || ncc > best.ncc)) best = { x, y, ncc };
    }
  return best;
}
