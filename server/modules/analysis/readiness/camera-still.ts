/**
 * Whether the camera stayed still through a clip (decision 350), read from the pictures of the moments a
 * clip's check looks at and the yard lines found on them. A verified Max Speed needs a camera that follows
 * the player: from a still one the player crosses the picture, and how much the body leans there cannot be
 * measured (decision 331), so the tracked speed is refused for its ± on almost every such clip.
 *
 * Each moment's picture is set against the one before at every shift of up to a quarter of the picture each
 * way, on copies an eighth of its size: the shift that matches best (to a fraction of a copy's pixel) is how
 * far the camera turned between them (the stands, the numbers, the grass and the lines all move with a pan;
 * the players are a small part of the picture). Added up, the shifts are the camera's path over the clip. A
 * hand's shake moves the picture a few pixels to and fro; a pan, even a slow one, takes it along and keeps it
 * there. Between neighbouring moments, not against one picture: yard lines repeat every 5 yards, and where
 * little else shows (plain turf), a picture a whole spacing along matches as well as one that did not move;
 * between neighbours a pan moves by less than that.
 */

/** The copies' scale against the pictures looked at (640 px on the long side): one pixel of a copy is 8. */
const SCALE = 8;
/**
 * A moment whose picture lies more than this far (pixels of the pictures looked at, 5% of 640) from where the
 * camera pointed most of the clip is one it had turned away.
 */
const AWAY_PX = 32;
/**
 * How many moments may lie away on a camera still otherwise: one picture misread. Not more: in a long clip
 * the run, and the pan after it, may take two moments of the twelve, and the camera may stay where the pan
 * left it.
 */
const MAX_AWAY = 1;
/** Fewer moments than this tell nothing either way. */
const MIN_MOMENTS = 4;
/**
 * Moments further apart than this (seconds) tell nothing either way: in a long clip a pan after the runner may
 * begin and end between two of them.
 */
const MAX_APART_S = 1;

/** A grey picture `w` x `h` averaged over blocks of `SCALE` x `SCALE` pixels. */
function reduced(picture: Uint8Array, w: number, h: number) {
  const W = Math.floor(w / SCALE);
  const H = Math.floor(h / SCALE);
  const out = new Float64Array(W * H);
  for (let y = 0; y < H * SCALE; y += 1) {
    const row = y * w;
    const to = Math.floor(y / SCALE) * W;
    for (let x = 0; x < W * SCALE; x += 1) out[to + Math.floor(x / SCALE)] += picture[row + x];
  }
  for (let i = 0; i < out.length; i += 1) out[i] /= SCALE * SCALE;
  return { data: out, W, H };
}

type Reduced = ReturnType<typeof reduced>;

/** How much `b` shifted by (dx, dy) differs from `a` where they overlap, on average per pixel. */
function difference(a: Reduced, b: Reduced, dx: number, dy: number) {
  const { W, H } = a;
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, -dy); y < Math.min(H, H - dy); y += 1) {
    const ra = y * W;
    const rb = (y + dy) * W + dx;
    for (let x = Math.max(0, -dx); x < Math.min(W, W - dx); x += 1) {
      sum += Math.abs(a.data[ra + x] - b.data[rb + x]);
      n += 1;
    }
  }
  return sum / n;
}

/** The parabola's vertex through three values at -1, 0, 1, where the middle one is the least (within ±0.5). */
const vertex = (l: number, m: number, r: number) => {
  const d = l - 2 * m + r;
  return d > 0 ? Math.max(-0.5, Math.min(0.5, (l - r) / (2 * d))) : 0;
};

/** The shift of `b` against `a` (pixels of the copies, to a fraction) whose overlap differs least. */
function bestShift(a: Reduced, b: Reduced) {
  const rx = Math.floor(a.W / 4);
  const ry = Math.floor(a.H / 4);
  let best = { dx: 0, dy: 0, diff: Number.POSITIVE_INFINITY };
  for (let dy = -ry; dy <= ry; dy += 1)
    for (let dx = -rx; dx <= rx; dx += 1) {
      const diff = difference(a, b, dx, dy);
      // Of two shifts that match alike, the smaller: a still camera's pictures match best where they were.
      const nearer = dx * dx + dy * dy < best.dx ** 2 + best.dy ** 2;
      if (diff < best.diff - 1e-9 || (diff <= best.diff + 1e-9 && nearer)) best = { dx, dy, diff };
    }
  const { dx, dy, diff } = best;
  const fx = Math.abs(dx) < rx ? vertex(difference(a, b, dx - 1, dy), diff, difference(a, b, dx + 1, dy)) : 0;
  const fy = Math.abs(dy) < ry ? vertex(difference(a, b, dx, dy - 1), diff, difference(a, b, dx, dy + 1)) : 0;
  return { dx: dx + fx, dy: dy + fy };
}

/** The middle value; of an even count, the mean of the middle two. */
const median = (v: number[]) => {
  const s = [...v].sort((p, q) => p - q);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Whether at most `MAX_AWAY` points of a camera's path lie more than `AWAY_PX` from where it pointed most. */
function stayed(path: { x: number; y: number }[]) {
  const at = { x: median(path.map((p) => p.x)), y: median(path.map((p) => p.y)) };
  return path.filter((p) => Math.hypot(p.x - at.x, p.y - at.y) > AWAY_PX).length <= MAX_AWAY;
}

/** The camera's path over the moments from their pictures (pixels of the pictures, from the first moment). */
function picturesPath(copies: Reduced[]) {
  const path = [{ x: 0, y: 0 }];
  for (let i = 1; i < copies.length; i += 1) {
    const s = bestShift(copies[i - 1], copies[i]);
    const last = path[i - 1];
    path.push({ x: last.x + s.dx * SCALE, y: last.y + s.dy * SCALE });
  }
  return path;
}

/**
 * The camera's path along the picture from the yard lines of neighbouring moments that each show two or more
 * (`lines`: each moment's lines' x at the picture's middle row): the later lines' median offset from the
 * nearest earlier line. Lines a whole spacing along match as well, so this sees a pan of under half a spacing
 * between moments; where a moment shows fewer than two lines the path starts again from there. Null where
 * fewer than four moments could be chained.
 */
function linesPath(lines: (number[] | null)[]) {
  let best: { x: number; y: number }[] = [];
  let path: { x: number; y: number }[] = [];
  let last: number[] | null = null;
  for (const xs of lines) {
    if (!xs || xs.length < 2) {
      last = null;
      continue;
    }
    if (!last) {
      if (path.length > best.length) best = path;
      path = [{ x: 0, y: 0 }];
    } else {
      const from = last;
      const offsets = xs.map((x) =>
        from.reduce((o, a) => (Math.abs(x - a) < Math.abs(o) ? x - a : o), Infinity),
      );
      path.push({ x: path[path.length - 1].x + median(offsets), y: 0 });
    }
    last = xs;
  }
  if (path.length > best.length) best = path;
  return best.length >= MIN_MOMENTS ? best : null;
}

/**
 * True where the camera stayed still through the moments (`pictures`, in time order, grey `w` x `h`, taken
 * `secondsApart` apart; null where the clip had none; `lines`, each moment's yard lines' x at the middle row,
 * null where it had none): on the camera's path over them, no more than one moment lies more than `AWAY_PX`
 * from where it pointed most, both by the pictures and by the yard lines. False where either path moved.
 * Null where no four neighbouring moments show two lines (a low camera sees a thin band of field under
 * stands that may not move with it: the pictures alone are not enough), fewer than four pictures could be
 * read, the moments lie more than a second apart, or a picture is too small to tell.
 */
export function cameraStill(
  pictures: (Uint8Array | null)[],
  lines: (number[] | null)[],
  w: number,
  h: number,
  secondsApart: number,
): boolean | null {
  if (secondsApart > MAX_APART_S) return null;
  if (Math.floor(w / SCALE) < 8 || Math.floor(h / SCALE) < 8) return null;
  const shown = pictures.filter((p) => p !== null);
  const byLines = linesPath(lines);
  if (shown.length < MIN_MOMENTS || !byLines) return null;
  // The lines' path first: the pictures' searches are the work, and a camera the lines saw move needs none.
  return stayed(byLines) && stayed(picturesPath(shown.map((p) => reduced(p, w, h))));
}
