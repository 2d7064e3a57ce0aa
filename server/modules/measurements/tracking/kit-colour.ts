/**
 * The colour of a player's kit (issue 48, decision 274): the grey template cannot tell a kit whose
 * brightness equals the grass's, nor a red jersey from a blue one of the same brightness. Here a kit's
 * colour is the mean chroma of the pixels in the upper-body box that are not the grass's colour; two
 * players whose kit colours lie far apart are not the same player, whatever their grey pictures say.
 * Chroma is the frame's U and V planes at half the grey picture's size (decodeGray's `chroma`).
 */
export const KIT_COLOUR = {
  /** A pixel further than this from the grass's chroma (sum of the U and V differences) is kit, not grass. */
  kitChroma: 14,
  /** Chroma pixels of kit needed before a box's colour is read at all. */
  minPixels: 4,
  /** Two kit colours further apart than this (chroma levels) are two kits. */
  apart: 22,
};

export interface KitColour {
  u: number;
  v: number;
  /** Kit pixels in the box, and their share of it. */
  n: number;
  share: number;
}

/** The grass's chroma: the median U and V of the frame (the field fills most of a sideline picture). */
export function grassChroma(chroma: Uint8Array, cw: number, ch: number) {
  const n = cw * ch;
  const median = (off: number) => {
    const hist = new Uint32Array(256);
    for (let k = 0; k < n; k += 1) hist[chroma[off + k]] += 1;
    let seen = 0;
    for (let v = 0; v < 256; v += 1) {
      seen += hist[v];
      if (seen * 2 >= n) return v;
    }
    return 128;
  };
  return { u: median(0), v: median(n) };
}

/**
 * The kit's colour in the upper-body box centred on (cx, cy), `halfW` x `halfH` pixels of the grey
 * picture (`cw` x `ch` is the chroma planes' size, half the grey picture's).
 */
export function kitColour(
  chroma: Uint8Array,
  cw: number,
  ch: number,
  grass: { u: number; v: number },
  cx: number,
  cy: number,
  halfW: number,
  halfH: number,
): KitColour {
  const n = cw * ch;
  const x0 = Math.max(0, Math.floor((cx - halfW) / 2));
  const x1 = Math.min(cw - 1, Math.ceil((cx + halfW) / 2));
  const y0 = Math.max(0, Math.floor((cy - halfH) / 2));
  const y1 = Math.min(ch - 1, Math.ceil((cy + halfH) / 2));
  let su = 0;
  let sv = 0;
  let kit = 0;
  let all = 0;
  for (let y = y0; y <= y1; y += 1)
    for (let x = x0; x <= x1; x += 1) {
      const u = chroma[y * cw + x];
      const v = chroma[n + y * cw + x];
      all += 1;
      if (Math.abs(u - grass.u) + Math.abs(v - grass.v) <= KIT_COLOUR.kitChroma) continue;
      su += u;
      sv += v;
      kit += 1;
    }
  return { u: kit ? su / kit : grass.u, v: kit ? sv / kit : grass.v, n: kit, share: all ? kit / all : 0 };
}

/**
 * Whether two boxes show different kits: both colours read and far apart, or one box with a kit's colour
 * where the other has only the grass's (a kit the colour of the grass beside one that is not). Null when
 * the colours cannot tell (too few kit pixels in both, or in one beside a sliver of kit in the other).
 */
export function kitsDiffer(a: KitColour, b: KitColour): boolean | null {
  const readA = a.n >= KIT_COLOUR.minPixels;
  const readB = b.n >= KIT_COLOUR.minPixels;
  if (readA && readB) return Math.hypot(a.u - b.u, a.v - b.v) > KIT_COLOUR.apart;
  if (readA !== readB) {
    // One box is grass-coloured: a different kit only if the other's kit fills a fair share of its box.
    const read = readA ? a : b;
    return read.share >= 0.25 && read.n >= 2 * KIT_COLOUR.minPixels ? true : null;
  }
  return null;
}
