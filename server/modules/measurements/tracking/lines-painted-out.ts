import { undistortPoint, type Line } from './yard-lines';

/**
 * Frames with the painted yard lines taken out, for following the player (tracker 2.28.0, decision 365).
 *
 * A template made where the runner stands on a yard line holds a stretch of the line, and one made off a line
 * meets one inside its box every five yards: a white line is the brightest, sharpest thing in the box, and
 * where the kit is as bright as the grass it outweighs the player. The match then falls as he leaves it or
 * reaches it (scene 14990, a green kit: 1.00 at the click, 0.50 two frames later, every half second at the
 * pace he crossed lines), and the tracker lost him once a line. On each row, the pixels within a line's own
 * width of where the frame's line crosses it that are brighter than the grass either side of it are put back
 * to that grass (drawn straight between the two sides, in grey and in colour). A player over the line is not
 * brighter than himself either side, so what covers the line is left as it is.
 *
 * Made for a frame when the following asks for it, and kept for the last few frames asked.
 */
export function linesPaintedOut(
  src: {
    frames: Uint8Array[];
    chroma?: (Uint8Array | undefined)[];
    lines: (Line[] | undefined)[];
    k1: number;
  },
  w: number,
  h: number,
  /** Pixels per yard of the field at a point of frame `i`, where there is a map (a line's width is 4 inches). */
  pxPerYard: (i: number, x: number, y: number) => number | null,
) {
  const kept = new Map<number, { grey: Uint8Array; colour: Uint8Array | undefined }>();
  const made = (i: number) => {
    let got = kept.get(i);
    if (got) return got;
    got = paint(i);
    kept.set(i, got);
    if (kept.size > KEPT_FRAMES) kept.delete(kept.keys().next().value!);
    return got;
  };
  const paint = (i: number) => {
    const frame = src.frames[i];
    const planes = src.chroma?.[i];
    const lines = src.lines[i];
    if (!frame || !lines?.length) return { grey: frame, colour: planes };
    const grey = frame.slice();
    const colour = planes?.slice();
    const cw = w >> 1;
    const ch = h >> 1;
    for (const line of lines) {
      // The field's scale read every `SCALE_ROWS` rows down the line (null off the field).
      const scales: (number | null)[] = [];
      const scaleAt = (y: number) => {
        const r = Math.floor(y / SCALE_ROWS);
        if (scales[r] === undefined) {
          const ym = Math.min(h - 1, r * SCALE_ROWS + SCALE_ROWS / 2);
          const xm = shownX(line, src.k1, w, h, ym);
          scales[r] = xm === null ? null : pxPerYard(i, xm, ym);
        }
        return scales[r];
      };
      for (let y = 0; y < h; y += 1) {
        const xc = shownX(line, src.k1, w, h, y);
        if (xc === null || xc < 0 || xc >= w) continue;
        const k = scaleAt(y);
        const half = Math.min(MOST_HALF, (k === null ? FALLBACK_HALF : (LINE_YARDS * k) / 2) + BLUR_PX);
        const lo = Math.floor(xc - half);
        const hi = Math.ceil(xc + half);
        if (lo - SIDE_PX < 0 || hi + SIDE_PX >= w) continue;
        const row = y * w;
        const left = sideOf(frame, row + lo - SIDE_PX, row + lo - 1);
        const right = sideOf(frame, row + hi + 1, row + hi + SIDE_PX);
        let changed = false;
        for (let x = lo; x <= hi; x += 1) {
          const base = left + ((right - left) * (x - lo + 1)) / (hi - lo + 2);
          if (frame[row + x] > base + BRIGHTER) {
            grey[row + x] = Math.round(base);
            changed = true;
          }
        }
        if (!changed || !planes || !colour || (y & 1) === 1) continue;
        // A colour pixel covers two grey ones each way: one of the line's on this row is drawn between the
        // colour pixels either side of the line.
        const cy = y >> 1;
        const cl = (lo >> 1) - 1;
        const cr = (hi >> 1) + 1;
        if (cl < 0 || cr >= cw || cy >= ch) continue;
        for (const at of [0, cw * ch]) {
          const r = at + cy * cw;
          const a = planes[r + cl];
          const b = planes[r + cr];
          for (let x = cl + 1; x < cr; x += 1) {
            const mine =
              grey[row + 2 * x] !== frame[row + 2 * x] || grey[row + 2 * x + 1] !== frame[row + 2 * x + 1];
            if (mine) colour[r + x] = Math.round(a + ((b - a) * (x - cl)) / (cr - cl));
          }
        }
      }
    }
    return { grey, colour };
  };
  return { grey: (i: number) => made(i).grey, colour: (i: number) => made(i).colour };
}

/** How many frames' painted copies are kept (the following asks for one frame at a time, and its template's). */
const KEPT_FRAMES = 8;
/** Rows of the picture one read of the field's scale along a line serves. */
const SCALE_ROWS = 16;
/** A yard line's width: 4 inches. */
const LINE_YARDS = 4 / 36;
/** Pixels either side of a line's width that its edge spreads over in a phone's picture. */
const BLUR_PX = 1.5;
/** Half a line's width where the field's scale is not known there. */
const FALLBACK_HALF = 2;
/** The most pixels either side of a line's middle taken for its (a camera a few yards from the line). */
const MOST_HALF = 12;
/** How many pixels either side of the line the grass is read from (their median). */
const SIDE_PX = 3;
/** Grey levels above the grass either side that make a pixel the line's. */
const BRIGHTER = 24;

function sideOf(f: Uint8Array, from: number, to: number) {
  const v: number[] = [];
  for (let k = from; k <= to; k += 1) v.push(f[k]);
  v.sort((p, q) => p - q);
  return v[v.length >> 1];
}

/**
 * The column of the picture as shown where a line (of the picture without the lens's bending) crosses row
 * `y`: found by a few steps of undoing the bending at the point (straight where there is none).
 */
function shownX(line: Line, k1: number, w: number, h: number, y: number) {
  const along = (fy: number) => line.a + line.s * (fy - h / 2);
  if (k1 === 0) return along(y);
  let x = along(y);
  for (let step = 0; step < 4; step += 1) {
    const p = undistortPoint(k1, w, h, x, y);
    const miss = p.x - along(p.y);
    if (!Number.isFinite(miss)) return null;
    x -= miss;
  }
  return x;
}
