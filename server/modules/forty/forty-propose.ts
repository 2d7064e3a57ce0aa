import type { FortyProposalResult } from '../../../contract/forty';
import type { FramePoint } from '../../../contract/tracking';
import { decodeGray, detectLines, lineX, type Line } from '../measurements';

/**
 * The tracker's proposal of a 40's frames (decision 212), for a phone held still beside the run:
 * - the lines: the analyst's two clicks snapped to the yard lines found on that frame (a finish line not
 *   found near its click proposes no finish, and says so);
 * - the finish: the torso (the middle rows of the runner's shape against the clip's background, a
 *   per-pixel median over the whole clip) followed across the finish line, its signed distance to the
 *   line fitted against time, and the first frame at or after the crossing;
 * - the start: the last quarter second in which nothing moved around the start line before the runner
 *   left it, and the first frame after it in which two pixels there changed by more than the clip's
 *   still frames do (four times their largest change, at least 5 grey levels: a hand or a foot moving by
 *   a fraction of a pixel);
 * - the splits: lines of the background between the two, matched to 10, 20 and 30 yards when one lies
 *   within 2.5 yards of where it should, crossed as the finish is.
 * Every frame is only proposed: the analyst confirms or moves it, and the marks are what is timed.
 */
export const FORTY_PROPOSER = {
  name: 'lines-background-motion',
  version: '1.3.0',
  /** Longer side of the analysed picture, in pixels (never enlarged). */
  analysisSide: 480,
  frameBytes: 256 * 2 ** 20,
  /** Grey levels: a pixel of the runner against the background, a pixel that changed between frames. */
  foreground: 28,
  motion: 5,
  /** Changed pixels around the start line that are a movement. */
  motionPixels: 2,
  /** Seconds the runner must be still before the first movement counts as the start. */
  stillSeconds: 0.25,
};

interface Seg {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface ProposeOptions {
  file: string;
  width: number;
  height: number;
  frameTimes: number[];
  startLine: FramePoint;
  finishLine: FramePoint;
  onProgress?: (share: number) => void;
}

type Frames = Uint8Array[];

function medianFrame(frames: Frames, size: number, samples = 25): Uint8Array {
  const n = frames.length;
  const picks = Array.from({ length: Math.min(samples, n) }, (_, i) =>
    Math.round((i * (n - 1)) / Math.max(1, Math.min(samples, n) - 1)),
  );
  const out = new Uint8Array(size);
  const v = new Uint8Array(picks.length);
  for (let p = 0; p < size; p += 1) {
    for (let k = 0; k < picks.length; k += 1) v[k] = frames[picks[k]][p];
    v.sort();
    out[p] = v[v.length >> 1];
  }
  return out;
}

/** The detected line nearest the click (within 2% of the width), else an upright line through it. */
function snap(lines: Line[], x: number, y: number, w: number, h: number): Line {
  let best: Line | null = null;
  let dist = Math.max(4, 0.02 * w);
  for (const l of lines) {
    const d = Math.abs(lineX(l, y, h) - x);
    if (d < dist) {
      dist = d;
      best = l;
    }
  }
  return best ?? { a: x, s: 0, votes: 0 };
}

export async function proposeForty(o: ProposeOptions): Promise<FortyProposalResult> {
  const k = Math.min(1, FORTY_PROPOSER.analysisSide / Math.max(o.width, o.height));
  const even = (v: number) => Math.max(2, 2 * Math.round((v * k) / 2));
  const w = even(o.width);
  const h = even(o.height);
  const kx = w / o.width;
  const ky = h / o.height;
  const expected = Math.max(1, o.frameTimes.length);
  const { frames } = await decodeGray(
    o.file,
    w,
    h,
    (i) => {
      if (i % 60 === 0) o.onProgress?.(Math.min(0.8, (0.8 * i) / expected));
    },
    Math.floor(FORTY_PROPOSER.frameBytes / (w * h)),
  );
  const n = Math.min(frames.length, o.frameTimes.length);
  const times = o.frameTimes;
  const notes: string[] = [];
  const clickFrame = (p: FramePoint) => frames[Math.min(n - 1, p.frameIndex)];
  const at = (p: FramePoint) => ({ x: p.x * kx, y: p.y * ky });
  const s0 = at(o.startLine);
  const s40 = at(o.finishLine);
  const line0 = snap(detectLines(clickFrame(o.startLine), w, h), s0.x, s0.y, w, h);
  const line40 = snap(detectLines(clickFrame(o.finishLine), w, h), s40.x, s40.y, w, h);
  const X0 = (y: number) => lineX(line0, y, h);
  const X40 = (y: number) => lineX(line40, y, h);
  const seg = (l: Line): Seg => ({ x0: lineX(l, 0, h) / kx, y0: 0, x1: lineX(l, h, h) / kx, y1: h / ky });
  const yRef = (s0.y + s40.y) / 2;
  const dir = X40(yRef) >= X0(yRef) ? 1 : -1;
  const ppy = (y: number) => Math.max(0.5, Math.abs(X40(y) - X0(y)) / 40);
  const bg = medianFrame(frames.slice(0, n), w * h);
  o.onProgress?.(0.85);

  /** The runner against the background in a band of `half` yards around a line, on rows [r0, r1). */
  const shapeNear = (f: Uint8Array, X: (y: number) => number, half: number, r0 = 0, r1 = h) => {
    const rows: { y: number; sx: number; c: number }[] = [];
    let count = 0;
    for (let y = r0; y < r1; y += 1) {
      const x0 = Math.max(0, Math.floor(X(y) - half * ppy(y)));
      const x1 = Math.min(w - 1, Math.ceil(X(y) + half * ppy(y)));
      let c = 0;
      let sx = 0;
      for (let x = x0; x <= x1; x += 1) {
        const p = y * w + x;
        if (Math.abs(f[p] - bg[p]) > FORTY_PROPOSER.foreground) {
          c += 1;
          sx += x;
        }
      }
      if (c >= 2) rows.push({ y, sx, c });
      count += c;
    }
    return { rows, count };
  };

  /** When the torso crosses a line: its signed distance in yards fitted against time near the line. */
  const crossing = (X: (y: number) => number, half: number, from: number) => {
    const seen: { i: number; u: number; top: number; bottom: number; count: number }[] = [];
    for (let i = from; i < n; i += 1) {
      const { rows, count } = shapeNear(frames[i], X, half);
      if (rows.length < 3) continue;
      const top = rows[0].y;
      const bottom = rows[rows.length - 1].y;
      const hh = bottom - top + 1;
      // The torso: from 15% to 55% of the shape's height below its top (shoulders to hips).
      let c = 0;
      let sx = 0;
      let sy = 0;
      for (const r of rows)
        if (r.y >= top + 0.15 * hh && r.y <= top + 0.55 * hh) {
          c += r.c;
          sx += r.sx;
          sy += r.y * r.c;
        }
      if (c === 0) continue;
      const xT = sx / c;
      const yT = sy / c;
      seen.push({ i, u: ((xT - X(yT)) * dir) / ppy(yT), top, bottom, count });
    }
    const peak = Math.max(0, ...seen.map((s) => s.count));
    const near = seen.filter((s) => s.count >= 0.3 * peak && Math.abs(s.u) <= 1.5);
    if (near.length < 3) return null;
    let st = 0;
    let su = 0;
    let stt = 0;
    let stu = 0;
    for (const s of near) {
      const t = times[s.i];
      st += t;
      su += s.u;
      stt += t * t;
      stu += t * s.u;
    }
    const m = near.length;
    const slope = (m * stu - st * su) / (m * stt - st * st);
    if (!(slope > 0)) return null;
    const tCross = (su - slope * st) / m / -slope;
    const frame = times.findIndex((t, i) => i < n && t >= tCross - 1e-9);
    if (frame < 0) return null;
    const rowsAt = near.reduce((a, s) => ({ top: a.top + s.top / m, bottom: a.bottom + s.bottom / m }), {
      top: 0,
      bottom: 0,
    });
    return { frame, ...rowsAt };
  };

  // A finish line not found near the click is not guessed (issue 49): an upright line through the click
  // misses the painted line wherever perspective slants it, and the crossing would be frames off.
  const finishLineFound = line40.votes > 0;
  if (!finishLineFound)
    notes.push(
      'The finish line was not found where you clicked (it may be faint or far away): mark the finish yourself.',
    );
  // Crossed near the click all the same: where the runner's rows are, to bound the start's search.
  const crossed = crossing(X40, 4, 0);
  const finish = finishLineFound ? crossed : null;
  o.onProgress?.(0.9);
  if (!finish && finishLineFound)
    notes.push('The runner was not found crossing the finish line: mark the finish yourself.');

  // The runner's rows at the finish bound the start's search, so nothing above or below (a burned-in
  // clock, people walking behind) counts as a first movement.
  const r0 = crossed ? Math.max(0, Math.floor(crossed.top - 0.25 * (crossed.bottom - crossed.top))) : 0;
  const r1 = crossed ? Math.min(h, Math.ceil(crossed.bottom + 0.25 * (crossed.bottom - crossed.top)) + 1) : h;
  const end = crossed ? crossed.frame : n - 1;
  // Left the start: the runner's shape at its fullest 1.5 to 4 yards past the start line.
  const ahead = (y: number) => X0(y) + dir * 2.75 * ppy(y);
  const aheadCounts = frames.slice(0, end + 1).map((f) => shapeNear(f, ahead, 1.25, r0, r1).count);
  const aheadPeak = Math.max(0, ...aheadCounts);
  const left = aheadPeak > 0 ? aheadCounts.findIndex((c) => c >= 0.5 * aheadPeak) : -1;
  let startFrame: number | null = null;
  if (left > 0) {
    const band: { y: number; x0: number; x1: number }[] = [];
    for (let y = r0; y < r1; y += 1)
      band.push({
        y,
        x0: Math.max(0, Math.floor(X0(y) - 4 * ppy(y))),
        x1: Math.min(w - 1, Math.ceil(X0(y) + 4 * ppy(y))),
      });
    // A pixel that changed by more than the encoder leaves on a still picture: a hand lifting a third of a
    // pixel changes its edge by a third of its contrast, which a threshold of 20 grey levels over 0.05% of
    // the band missed until the runner had moved a pixel or more (issue 49: the start was 15 frames late).
    // The level above which a pixel moved, from this clip: four times the largest change a still frame
    // shows around the line (the quietest quarter of the frames before the runner left). An encoder leaks
    // a little of the coming movement into the B-frames before it; a still picture changes by its noise.
    const largestChange = (i: number) => {
      const f = frames[i];
      const g = frames[i - 1];
      let m = 0;
      for (const b of band)
        for (let x = b.x0; x <= b.x1; x += 1) {
          const d = Math.abs(f[b.y * w + x] - g[b.y * w + x]);
          if (d > m) m = d;
        }
      return m;
    };
    const quiet = Array.from({ length: left }, (_, i) => largestChange(i + 1)).sort((p, q) => p - q);
    const level = Math.max(FORTY_PROPOSER.motion, 4 * (quiet[Math.floor(0.25 * (quiet.length - 1))] ?? 0));
    const movedAt = (i: number, above: number) => {
      const f = frames[i];
      const g = frames[i - 1];
      let c = 0;
      for (const b of band)
        for (let x = b.x0; x <= b.x1; x += 1) {
          const p = b.y * w + x;
          if (Math.abs(f[p] - g[p]) > above) c += 1;
        }
      return c >= FORTY_PROPOSER.motionPixels;
    };
    // Walk back from leaving the line: the start is the first change after the last still quarter second
    // (frames unchanged from the one before them around the line); a clip that opens with the runner set
    // counts its first frames as that stillness. Answers the start and the first frame of that stillness.
    const walk = (above: number) => {
      let lastMove = -1;
      for (let i = left; i >= 1; i -= 1) {
        if (movedAt(i, above)) {
          lastMove = i;
          continue;
        }
        if (lastMove > 0 && times[lastMove - 1] - times[i - 1] >= FORTY_PROPOSER.stillSeconds)
          return { start: lastMove, stillFrom: i };
      }
      return lastMove > 1 ? { start: lastMove, stillFrom: 1 } : null;
    };
    let found = walk(level);
    // The still quarter second just before it says how much this clip's still picture changes there; what
    // stays under four times that is the encoder's noise or its B-frames' leak of the coming movement.
    if (found) {
      let still = 0;
      for (let i = found.stillFrom; i < found.start; i += 1) still = Math.max(still, largestChange(i));
      if (4 * still > level) found = walk(4 * still) ?? found;
    }
    if (found) startFrame = found.start;
  }
  if (startFrame === null)
    notes.push(
      'The runner was not seen still on the start line before the start: mark the first movement yourself.',
    );
  o.onProgress?.(0.95);

  // The 10-yard lines of the background between the two, where each should be (a camera facing the run
  // squarely keeps distances along it in proportion).
  const lines: FortyProposalResult['lines'] = [];
  if (startFrame !== null) lines.push({ yardLine: 0, frameIndex: startFrame });
  const splitsFound: number[] = [];
  if (startFrame !== null && finish) {
    const between = detectLines(bg, w, h);
    for (const yard of [10, 20, 30]) {
      const want = X0(yRef) + ((X40(yRef) - X0(yRef)) * yard) / 40;
      const cand = between
        .map((l) => ({ l, d: Math.abs(lineX(l, yRef, h) - want) / ppy(yRef) }))
        .filter((c) => c.d <= 2.5)
        .sort((p, q) => p.d - q.d)[0];
      if (!cand) continue;
      const X = (y: number) => lineX(cand.l, y, h);
      const c = crossing(X, 4, startFrame + 1);
      if (c && c.frame > startFrame && c.frame < finish.frame) {
        lines.push({ yardLine: yard, frameIndex: c.frame });
        splitsFound.push(yard);
      }
    }
  }
  if (finish) lines.push({ yardLine: 40, frameIndex: finish.frame });
  if (startFrame !== null && finish && splitsFound.length < 3)
    notes.push(
      splitsFound.length
        ? `Only the ${splitsFound.join(', ')}-yard line${splitsFound.length > 1 ? 's were' : ' was'} found between the start and the finish: mark the others yourself where they can be seen.`
        : 'The 10-, 20- and 30-yard lines were not found between the start and the finish: mark the splits yourself where they can be seen.',
    );
  o.onProgress?.(1);
  return {
    startFrame,
    finishFrame: finish ? finish.frame : null,
    lines,
    startLine: seg(line0),
    finishLine: seg(line40),
    notes,
    algorithm: FORTY_PROPOSER.name,
    version: FORTY_PROPOSER.version,
  };
}
