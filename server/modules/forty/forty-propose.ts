import { spawn } from 'node:child_process';
import type { FortyProposalResult } from '../../../contract/forty';
import { FORTY_UNDRAWN_SECONDS } from '../../../contract/forty-math';
import type { FramePoint } from '../../../contract/tracking';
import { FfmpegError, ffmpegPath } from '../../lib/ffmpeg';
import { leastSquares, solveLinear } from '../../lib/linear-solve';
import { lineX, type Line } from '../measurements';

/**
 * The tracker's proposal of a 40's frames (decisions 212, 256), for a phone held still beside the run:
 * - the lines: found through the analyst's clicks at the clip's own size, on the median of five frames
 *   (a yard line is lost to the analysed size); a line not found through its click proposes nothing at it,
 *   and says so;
 * - the finish: the torso (the middle rows of the runner's shape against the clip's background, in grey
 *   and colour, a per-pixel median over the whole clip) against the painted line where the runner's feet
 *   meet the ground, its signed distance fitted against time, and the first frame at or after the
 *   crossing. Proposed only where the doubt about the crossing is under half of what the runner covers in
 *   a frame: the doubt about that ground row (`groundRowDoubt`, sized on calibration scenes: version 2.3.2,
 *   decision 283) moved along the run by the line's slant, with the torso's own doubt (`torsoDoubtYards`,
 *   sized on calibration crossings with the truth's ground row: version 2.4.0, decision 288). On the
 *   benchmark's scenes that is no finish at 25 to 240 fps: the note says so, and the analyst marks it.
 *   Read from a 40's fastest time (`fastestRun`) into the clip, and not at all where two passes over the line
 *   are seen (2.12.0, decision 324: a bigger player crossing it first was fitted for the runner; 2.13.1:
 *   judged before smaller shapes are put aside, so a passer several times the runner's size is one pass);
 * - the start (issue 49; versions 2.5.0 to 2.6.0, decisions 303, 304): for every rise of the runner's shape
 *   1.5 to 4 yards past the line, the movement before it walked back coarsely (each frame against the one a
 *   tenth of a second before it) to the still stance, and then told to the frame on the set runner's own
 *   pixels: from the last frame that still shows the stance to the first reference frame (I or P) that shows
 *   him moving, at most three frames (a B-frame is drawn partly from the reference frame after it, and may
 *   show a movement that begins only there; B-frames drawn as a blend of their references are left out of
 *   the fit), an onset fitted over the movement's first tenth of a second agreeing, and nothing else moving
 *   near him (where only a B-frame taken for the moving end would tell it, the note names the frames the
 *   first movement lies between), each change measured against the stance scaled by the picture's exposure
 *   and the runner's change still growing a twentieth of a second later at every frame of the fit (2.8.0,
 *   decision 319: a light's slow change, which an encoder draws in steps on a small runner, was named as the
 *   first movement), and the runner's own shape changed at least as much per pixel as the margin around him
 *   (2.9.0, decision 320: another player's shadow coming into the margin was told as the start). Where only
 *   the B-frames between the last still and the first moving reference frames keep those two more than two
 *   frames apart, every other check passing, the note names the frames between them (2.10.0, decision 321).
 *   The first movement may lie up to `hiddenSeconds` before the last still frame (2.15.0, decision 330: a phone
 *   may leave its first milliseconds undrawn): the frames told or named reach back that far, so at 240 fps the
 *   start is only named.
 *   Proposed only where it can also be stood behind as the runner's: the stance held a quarter second, the
 *   runner leaving at or within 1.6 s after it (2.13.0: no fewest) with nobody past the line already, the clip and the run
 *   to the crossing (where it is told or its frames named) lasting a 40 (3.9 to 8 s), and no other movement
 *   there passing the same checks. The coarse walk back reads the runner's corridor (his rows, from behind him
 *   on), and nothing else may move within 2 yards of him across or down, not in the whole band (2.11.0,
 *   decision 323).
 *   A change that stopped before the movement (an encoder drawing a slow drift at once) is read past: the
 *   candidate is read again against the flat stretch after it, and the note names it; a start where the whole
 *   picture away from the band shifted by more than `cameraShift` is refused (2.14.0, decision 329).
 *   Otherwise no start, with a note naming the check that refused it (2.10.1,
 *   decision 322): the analyst marks it. Versions 2.1.0 to 2.4.0 (decisions 275, 278) asked the first change of
 *   single pixels and the summed change to agree, and proposed no start where B-frames lay between the
 *   movement and the last still reference frame: on the benchmark's 40s that was one start in 16;
 * - the splits: the 10, 20 and 30-yard lines found where they should be between the two clicks, crossed as
 *   the finish is.
 * Every frame is only proposed: the analyst confirms or moves it, and the marks are what is timed.
 */
export const FORTY_PROPOSER = {
  name: 'lines-background-motion',
  version: '2.15.1',
  /** Longer side of the analysed picture, in pixels (never enlarged). */
  analysisSide: 480,
  frameBytes: 384 * 2 ** 20,
  /** Grey levels: a pixel of the runner against the background. */
  foreground: 28,
  /** A line slanted more than this (pixels across per pixel down) is not used. */
  maxSlant: 8,
  /**
   * Pixels of doubt about the row where the runner's feet meet the ground (analysed picture): the 95th
   * percentile of the row's error on the calibration crossings (decision 283: 5.10 px, 19th of 20; 1 px
   * before, which held 8 of 24).
   */
  groundRowDoubt: 5.1,
  /**
   * Yards of doubt along the run about where the torso crosses a line even where the ground row is known:
   * the 95th percentile of the crossing's error on the calibration crossings with the truth's ground row
   * put in place of the proposer's (decision 288: 0.388 yards, 19th of 20; 0.3 px before, never measured).
   */
  torsoDoubtYards: 0.39,
  /** A crossing is proposed only where its doubt is under this share of what the runner covers in a frame. */
  crossingShare: 0.5,
  /**
   * A finish not told to a frame (2.7.1, decision 318): the frames named for the analyst to look between reach
   * this many times the crossing's doubt either side of where the torso's track puts it. The doubt is two
   * 95th percentiles taken together. On the calibration 40s (8651-8690) the true crossing lay within 0.6 of
   * it; on the first fresh run (10473-10552, 2.7.0 at one doubt) 5 of 36 lay outside it, at up to 2.33.
   */
  namedDoubts: 3,
  /**
   * Frames are named only where the crossing's doubt is at most this many yards: a wider range, as long as
   * the run (8676: 806 frames), sends the analyst through all of it.
   */
  namedDoubtYards: 3,
  /**
   * ... and at most this many seconds either side: a runner finishing a 40 covers those 3 yards in 0.4 s; a
   * torso's track slower than that near the line is not his at speed (scenes 8652, 8669 named 3-5 s). Frames
   * near a line further apart than this, with none between, are two passes over it (decision 324).
   */
  namedSeconds: 0.4,
  /**
   * The start (2.14.0, decision 329): how many times a candidate is read again after a change that stopped,
   * and the pixels (analysed picture) the picture away from the runner may shift between the last still and
   * the first moving frame before the phone, not the runner, is taken to have moved (chosen, not sized: the
   * renderer's hand shake moves it under a twentieth of a pixel from one frame to the next).
   */
  stallsRead: 3,
  cameraShift: 0.25,
  /** Where a set runner is, around the start line: yards behind it and past it. */
  setBehind: 2,
  setAhead: 1.5,
  /** Seconds a 40 can take from the first movement (a start that gives another time is not the runner's). */
  fastestRun: 3.9,
  slowestRun: 8,
  /**
   * The start (2.5.0, decision 303): seconds between the frames compared to find the movement coarsely; the
   * seconds before leaving the line in which the still level is read; the seconds of movement the onset is
   * fitted over; and the largest share of the change at the end of that fit the stance's noise (six of its
   * deviations) may be.
   */
  coarseSeconds: 0.1,
  lookBack: 3,
  onsetSeconds: 0.1,
  noiseShare: 0.15,
  /**
   * Seconds over which a runner who has begun to move always changes his pixels more (decision 319): a
   * light's slow change drawn by the encoder in steps stands still for longer between them.
   */
  keepsMovingSeconds: 0.05,
  /** Yards around the set runner's shape in which his first movement is looked for (his shadow, a hand). */
  runnerMargin: 1,
  /**
   * Yards around the set runner's shape in which anything else moving before his first movement refuses it
   * (decision 323): another player who changes his pixels passes through them.
   */
  aloneYards: 2,
  /**
   * Pixels beside the set runner's shape still counted as on him (decision 320): at the end of the onset's fit
   * his shape has changed at least as much per pixel as the rest of the margin. A first movement is his body
   * moving out of its own outline; another player's shadow comes in from the margin's edge.
   */
  onRunnerPixels: 2,
  /**
   * The most frames from the last frame that still shows the stance (or the fit's earliest onset) to the
   * first reference frame that shows him moving that the note names for the first movement (2.10.0,
   * decision 321): one group of B-frames (three at most here) between two reference frames, and the fit's
   * doubt a frame beyond it. The frames named also reach back `hiddenSeconds` before the still frame
   * (decision 330), which this count leaves out.
   */
  namedStartFrames: 5,
  /**
   * Seconds of a first movement the phone's encoder may leave undrawn (2.15.0, decision 330): a movement
   * begins small, and a reference frame drawn up to this long after it may still carry the stance's own
   * pixels (a skipped block). The first movement lies after the last frame that still shows the stance less
   * this much. Sized on the calibration 40s (8651-8690): the candidates at the truth that pass every check
   * showed the stance up to 10.2 ms after the true first movement (8687; 8688 7.5 ms at 240 fps); 0.0125 s
   * is three frames at 240 fps, a frame and a half at 120, three quarters of one at 60. 11188 (240 fps,
   * 8.9 ms) was named two frames late without it. The kind's bound reaches back as far (decision 368).
   */
  hiddenSeconds: FORTY_UNDRAWN_SECONDS,
  /** Seconds the runner holds still in the stance before the first movement. */
  stillSeconds: 0.25,
  /**
   * Seconds from the first movement to the runner's shape 1.5 to 4 yards past the line, at most. No fewest
   * (2.13.0, decision 325): a runner leaning over the line fills half of that shape's rise within 0.03 to
   * 0.28 s of his first movement (4 of the 14 calibration scenes with one rise), and 0.3 s refused them.
   */
  leaveSeconds: 1.6,
  /**
   * A rise of the runner's shape past the start line: at least this many times the square of the pixels
   * per yard there (a runner fills about 1.2), and the seconds after it in which it reaches its most.
   */
  riseArea: 0.4,
  riseSeconds: 0.5,
  /**
   * Someone already past the line at the first movement (decision 278): a shape there filling this share of
   * the most the runner's rise fills.
   */
  aheadShare: 0.5,
};

/**
 * The checks a candidate start passes in turn (decision 322), in that order: the runner found still on the
 * line before the movement (`still`), the movement told to a frame (`onset`; `alone` where, not told, something
 * else moved near the runner: decision 323; `camera` where the whole picture moved at it: decision 329), a stance
 * held a quarter second (`stance`), the runner leaving with
 * it (`leave`), nobody past the line already (`ahead`), a 40's time to the crossing (`run`), and the clip
 * lasting a 40's fastest time after it (`clipEnds`).
 */
const REFUSED_CHECKS = [
  'still',
  'onset',
  'alone',
  'camera',
  'stance',
  'leave',
  'ahead',
  'run',
  'clipEnds',
] as const;
type RefusedCheck = (typeof REFUSED_CHECKS)[number];

/**
 * The note of a start not proposed, by the check that refused the candidate which passed the most of them;
 * `left` where the runner was never seen leaving the line.
 */
const startNote = (check: RefusedCheck | 'left'): string =>
  ({
    left: 'The runner was not seen leaving the start line (no one the size of a runner passed 1.5 to 4 yards beyond it): mark the first movement yourself.',
    still:
      'The runner was not seen still on the start line before the start: mark the first movement yourself.',
    onset:
      "The runner's first movement could not be told to a frame (it does not rise cleanly out of the still stance in this video): mark the first movement yourself.",
    alone: `Something else moved within ${FORTY_PROPOSER.aloneYards} yards of the runner before his first movement (another player or a shadow changes his picture too): mark the first movement yourself.`,
    camera:
      "The whole picture moved at the runner's first movement (the phone moved, or drew a slow drift at once): mark the first movement yourself.",
    stance: `The runner was seen still on the start line for less than ${FORTY_PROPOSER.stillSeconds} s before his first movement (a set runner holds still longer): mark the first movement yourself.`,
    leave: `The movement seen on the start line was not followed by the runner leaving it within ${FORTY_PROPOSER.leaveSeconds} s (it may be an arm, a shadow or another player): mark the first movement yourself.`,
    ahead:
      'Someone was already just past the start line when the runner first moved: mark the first movement yourself.',
    run: `The movement seen on the start line is not a 40's time (${FORTY_PROPOSER.fastestRun} to ${FORTY_PROPOSER.slowestRun} s) before the crossing of the finish line: mark the first movement yourself.`,
    clipEnds: `The video ends less than ${FORTY_PROPOSER.fastestRun} s (a 40's fastest time) after the movement seen on the start line: mark the first movement yourself.`,
  })[check];

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

/**
 * The clip's frames upright (ffmpeg's autorotate) at `width` x `height`, in yuv420p (the grey picture, then
 * both chroma planes at half size: a kit as bright as the grass differs from it in colour), or grey; `only`
 * keeps those frames (by their index in presentation order).
 */
function decodeFrames(
  file: string,
  width: number,
  height: number,
  o: {
    colour: boolean;
    maxFrames?: number;
    only?: number[];
    onFrame?: (i: number) => void;
    /** Filled with each frame's picture type as the decoder reports it ('I', 'P', 'B'), in presentation order. */
    types?: string[];
  },
): Promise<Frames> {
  return new Promise((resolve, reject) => {
    const fmt = o.colour ? 'yuv420p' : 'gray';
    const select = o.only === undefined ? '' : `select=${o.only.map((i) => `eq(n\\,${i})`).join('+')},`;
    const args = [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      o.types ? 'info' : 'error',
      '-i',
      file,
      '-map',
      '0:v:0',
      '-vsync',
      '0',
    ];
    const info = o.types ? 'showinfo=checksum=0,' : '';
    args.push('-vf', `${select}${info}scale=${width}:${height}:flags=area,format=${fmt}`);
    if (o.only !== undefined) args.push('-frames:v', String(o.only.length));
    args.push('-f', 'rawvideo', '-pix_fmt', fmt, '-');
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const size = o.colour ? width * height + 2 * (width >> 1) * (height >> 1) : width * height;
    const maxFrames = o.maxFrames ?? Infinity;
    const frames: Frames = [];
    let current = new Uint8Array(size);
    let filled = 0;
    let stderr = '';
    let failed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      let off = 0;
      while (off < chunk.length && !failed) {
        const n = Math.min(size - filled, chunk.length - off);
        current.set(chunk.subarray(off, off + n), filled);
        filled += n;
        off += n;
        if (filled < size) continue;
        if (frames.length >= maxFrames) {
          failed = true;
          child.kill('SIGKILL');
          reject(
            new FfmpegError(
              `The clip is too long to analyse: trim it to the run (at most ${maxFrames} frames)`,
            ),
          );
          return;
        }
        frames.push(current);
        o.onFrame?.(frames.length - 1);
        current = new Uint8Array(size);
        filled = 0;
      }
    });
    let pending = '';
    const types = o.types;
    child.stderr.on('data', (d: Buffer) => {
      if (!types) {
        stderr = (stderr + d.toString()).slice(-4000);
        return;
      }
      // showinfo's line per frame gives its type; every other line is kept for a failure's message.
      const lines = (pending + d.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const m = /\bn:\s*(\d+)\b.*\btype:([A-Z?])/.exec(line);
        if (m) types[Number(m[1])] = m[2];
        else stderr = (stderr + line + '\n').slice(-4000);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (failed) return;
      if (code !== 0) return reject(new FfmpegError(`Decoding failed: ${stderr.trim().split('\n').pop()}`));
      resolve(frames);
    });
  });
}

/** A painted line found through a click: a point on it and its unit direction (pointing down the picture). */
interface FoundLine {
  cx: number;
  cy: number;
  dx: number;
  dy: number;
  /** How much brighter than the grass either side of it the line is (grey levels), and its reach in pixels. */
  contrast: number;
  reach: number;
}

/**
 * The painted line through (or within a few pixels of) a click, on a grey frame at the clip's full size
 * (a yard line is 3 to 5 pixels wide at 720p; at the analysed size it is lost to the scaling and the
 * encoder). Every line through the click's neighbourhood that crosses the run is scored by how much
 * brighter it is than the grass a few pixels either side of it, along its length within `radius` (the
 * best three quarters of its pieces, so a player standing on part of it does not hide it); the best is
 * refined to a tenth of a degree and a quarter of a pixel. Null when no line stands out of the grass.
 */
function findLineThrough(
  g: Uint8Array,
  width: number,
  height: number,
  click: { x: number; y: number },
  radius: number,
  /** The run's direction in the picture: a yard line crosses it (at 9 degrees or more). */
  run: { dx: number; dy: number },
): FoundLine | null {
  const side = Math.max(5, Math.round(width / 220));
  const sample = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width - 1 || y >= height - 1) return NaN;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const p = y0 * width + x0;
    return (
      (g[p] * (1 - fx) + g[p + 1] * fx) * (1 - fy) + (g[p + width] * (1 - fx) + g[p + width + 1] * fx) * fy
    );
  };
  const PIECES = 8;
  const score = (th: number, off: number) => {
    const dx = Math.cos(th);
    const dy = Math.sin(th);
    const nx = -dy;
    const ny = dx;
    const pieces: number[] = [];
    const per = Math.max(4, Math.round((2 * radius) / PIECES));
    for (let k = 0; k < PIECES; k += 1) {
      let sum = 0;
      let m = 0;
      for (let j = 0; j < per; j += 1) {
        const t = -radius + ((k * per + j + 0.5) * 2 * radius) / (PIECES * per);
        const x = click.x + dx * t + nx * off;
        const y = click.y + dy * t + ny * off;
        const c = sample(x, y);
        const a = sample(x + nx * side, y + ny * side);
        const b = sample(x - nx * side, y - ny * side);
        if (Number.isNaN(c) || Number.isNaN(a) || Number.isNaN(b)) continue;
        sum += c - Math.max(a, b);
        m += 1;
      }
      if (m >= per / 2) pieces.push(sum / m);
    }
    if (pieces.length < PIECES / 2) return { value: -Infinity, reach: 0 };
    pieces.sort((p, q) => q - p);
    const keep = pieces.slice(0, Math.ceil(0.75 * pieces.length));
    return {
      value: keep.reduce((a, v) => a + v, 0) / keep.length,
      reach: (pieces.filter((v) => v > 0).length * 2 * radius) / PIECES,
    };
  };
  const runAngle = Math.atan2(run.dy, run.dx);
  let best = { th: 0, off: 0, value: -Infinity, reach: 0 };
  const values: number[] = [];
  for (let deg = 0; deg < 180; deg += 1) {
    const th = (deg * Math.PI) / 180;
    if (Math.abs(Math.sin(th - runAngle)) < 0.15) continue;
    let top = -Infinity;
    for (let off = -8; off <= 8; off += 1) {
      const sc = score(th, off);
      top = Math.max(top, sc.value);
      if (sc.value > best.value) best = { th, off, ...sc };
    }
    values.push(top);
  }
  if (!(best.value > 0)) return null;
  for (const [dTh, dOff, steps] of [
    [0.25, 0.5, 4],
    [0.05, 0.125, 4],
  ] as const) {
    const c = best;
    for (let a = -steps; a <= steps; a += 1)
      for (let b = -steps; b <= steps; b += 1) {
        const th = c.th + (a * dTh * Math.PI) / 180;
        const off = c.off + b * dOff;
        const sc = score(th, off);
        if (sc.value > best.value) best = { th, off, ...sc };
      }
  }
  // Paint stands out: well above what the other directions through the click find (grass, stripes).
  values.sort((p, q) => p - q);
  const usual = values[values.length >> 1];
  if (best.value < Math.max(6, usual + 3 * Math.max(1, usual - values[values.length >> 3]))) return null;
  // Refitted to the paint itself: across the line every pixel along it, the centre of the brightness above
  // the grass on either side (within 2 pixels of the line found), and a straight line through those centres.
  let dx = Math.cos(best.th);
  let dy = Math.sin(best.th);
  let cx = click.x - Math.sin(best.th) * best.off;
  let cy = click.y + Math.cos(best.th) * best.off;
  for (let pass = 0; pass < 2; pass += 1) {
    const nx = -dy;
    const ny = dx;
    const pts: { t: number; o: number; wt: number }[] = [];
    for (let t = -radius; t <= radius; t += 1) {
      const x = cx + dx * t;
      const y = cy + dy * t;
      const a = sample(x + nx * side, y + ny * side);
      const b = sample(x - nx * side, y - ny * side);
      if (Number.isNaN(a) || Number.isNaN(b)) continue;
      const floor = Math.max(a, b);
      let m = 0;
      let mo = 0;
      for (let o = -2; o <= 2; o += 0.25) {
        const v = sample(x + nx * o, y + ny * o) - floor;
        if (v > 0) {
          m += v;
          mo += v * o;
        }
      }
      if (m > 0) pts.push({ t, o: mo / m, wt: m });
    }
    // The pieces as bright as the line's best half (a player on it, a number beside it are left out).
    const strong = [...pts].sort((p, q) => q.wt - p.wt);
    const cut = strong[Math.floor(strong.length / 2)]?.wt ?? 0;
    const use = pts.filter((p) => p.wt >= 0.5 * cut);
    if (use.length < 8) break;
    let sw = 0;
    let st = 0;
    let so = 0;
    let stt = 0;
    let sto = 0;
    for (const p of use) {
      sw += p.wt;
      st += p.wt * p.t;
      so += p.wt * p.o;
      stt += p.wt * p.t * p.t;
      sto += p.wt * p.t * p.o;
    }
    const det = sw * stt - st * st;
    if (!(det > 0)) break;
    const slope = (sw * sto - st * so) / det;
    const at0 = (so - slope * st) / sw;
    cx += nx * at0;
    cy += ny * at0;
    const len = Math.hypot(1, slope);
    const ndx = (dx + nx * slope) / len;
    const ndy = (dy + ny * slope) / len;
    dx = ndx;
    dy = ndy;
  }
  if (dy < 0) {
    dx = -dx;
    dy = -dy;
  }
  return { cx, cy, dx, dy, contrast: best.value, reach: best.reach };
}

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

export async function proposeForty(o: ProposeOptions): Promise<FortyProposalResult> {
  const k = Math.min(1, FORTY_PROPOSER.analysisSide / Math.max(o.width, o.height));
  const even = (v: number) => Math.max(2, 2 * Math.round((v * k) / 2));
  const w = even(o.width);
  const h = even(o.height);
  const kx = w / o.width;
  const ky = h / o.height;
  const cw = w >> 1;
  const size = w * h;
  const cSize = cw * (h >> 1);
  const expected = Math.max(1, o.frameTimes.length);
  const types: string[] = [];
  const frames = await decodeFrames(o.file, w, h, {
    colour: true,
    maxFrames: Math.floor(FORTY_PROPOSER.frameBytes / (size + 2 * cSize)),
    onFrame: (i) => {
      if (i % 60 === 0) o.onProgress?.(Math.min(0.8, (0.8 * i) / expected));
    },
    types,
  });
  const n = Math.min(frames.length, o.frameTimes.length);
  const times = o.frameTimes;
  /** The first analysed frame at or after `t` seconds (-1: none). */
  const frameAt = (t: number) => times.findIndex((x, i) => i < n && x >= t - 1e-9);
  const notes: string[] = [];
  const at = (p: FramePoint) => ({ x: p.x * kx, y: p.y * ky });
  const s0 = at(o.startLine);
  const s40 = at(o.finishLine);

  // The lines through the clicks, found at the clip's own size on the median of the clicked frame and four
  // spread over the clip (the runner set on the start line, or anyone standing on a line, is left out).
  let still: Uint8Array | null = null;
  const fullFrame = async (i: number) => {
    if (still) return still;
    const picks = [...new Set([i, ...[0.2, 0.4, 0.6, 0.8].map((q) => Math.round(q * (n - 1)))])].sort(
      (p, q) => p - q,
    );
    const some = await decodeFrames(o.file, o.width, o.height, { colour: false, only: picks });
    still = some.length ? medianFrame(some, o.width * o.height, some.length) : null;
    return still;
  };
  const lineAt = async (p: FramePoint): Promise<Line | null> => {
    if (p.x < 0 || p.y < 0 || p.x >= o.width || p.y >= o.height) return null;
    const g = await fullFrame(Math.max(0, Math.min(n - 1, p.frameIndex)));
    if (!g) return null;
    const run = { dx: o.finishLine.x - o.startLine.x, dy: o.finishLine.y - o.startLine.y };
    const f = findLineThrough(g, o.width, o.height, p, Math.max(40, 0.06 * Math.max(o.width, o.height)), run);
    if (!f || f.reach < 0.04 * Math.max(o.width, o.height)) return null;
    // In the analysed picture: x = a + s (y - h/2). A line within 20 degrees of level is not timed.
    const ddx = f.dx * kx;
    const ddy = f.dy * ky;
    if (Math.abs(ddx) > FORTY_PROPOSER.maxSlant * Math.abs(ddy)) return null;
    const sl = ddx / ddy;
    return { a: f.cx * kx + sl * (h / 2 - f.cy * ky), s: sl, votes: Math.round(f.reach) };
  };
  const found0 = await lineAt(o.startLine);
  const found40 = await lineAt(o.finishLine);
  const line0 = found0 ?? { a: s0.x, s: 0, votes: 0 };
  const line40 = found40 ?? { a: s40.x, s: 0, votes: 0 };
  const X0 = (y: number) => lineX(line0, y, h);
  const X40 = (y: number) => lineX(line40, y, h);
  const seg = (l: Line): Seg => ({ x0: lineX(l, 0, h) / kx, y0: 0, x1: lineX(l, h, h) / kx, y1: h / ky });
  const yRef = (s0.y + s40.y) / 2;
  const dir = X40(yRef) >= X0(yRef) ? 1 : -1;
  const ppy = (y: number) => Math.max(0.5, Math.abs(X40(y) - X0(y)) / 40);

  // The background: each byte's median over 25 frames spread over the clip.
  const bg = medianFrame(frames.slice(0, n), size + 2 * cSize);
  o.onProgress?.(0.85);
  /** How far a pixel of frame f is from the same pixel of g: grey plus both colour differences. */
  const away = (f: Uint8Array, g: Uint8Array, x: number, y: number) => {
    const p = y * w + x;
    const q = size + (y >> 1) * cw + (x >> 1);
    return Math.abs(f[p] - g[p]) + Math.abs(f[q] - g[q]) + Math.abs(f[q + cSize] - g[q + cSize]);
  };
  /** The rows a runner near a click can fill: from 3.5 yards above it (he is beyond it) to 0.75 below. */
  const rowsNear = (c: { y: number }) => ({
    r0: Math.max(0, Math.floor(c.y - 3.5 * ppy(c.y))),
    r1: Math.min(h, Math.ceil(c.y + 0.75 * ppy(c.y)) + 1),
  });

  /** The runner against the background in a band of `half` yards around a line, on rows [r0, r1). */
  const shapeNear = (f: Uint8Array, X: (y: number) => number, half: number, r0: number, r1: number) => {
    const rows: { y: number; sx: number; c: number }[] = [];
    let count = 0;
    for (let y = r0; y < r1; y += 1) {
      const x0 = Math.max(0, Math.floor(X(y) - half * ppy(y)));
      const x1 = Math.min(w - 1, Math.ceil(X(y) + half * ppy(y)));
      let c = 0;
      let sx = 0;
      for (let x = x0; x <= x1; x += 1)
        if (away(f, bg, x, y) > FORTY_PROPOSER.foreground) {
          c += 1;
          sx += x;
        }
      if (c >= 2) rows.push({ y, sx, c });
      count += c;
    }
    return { rows, count };
  };

  /**
   * When the torso crosses a line: the torso's middle (the shape's rows from 15% to 55% of its height)
   * against the line where the runner's feet meet the ground (the painted line is on the ground: on a
   * slanted line its x at the torso's row is the line's x further away), in yards, fitted against time,
   * on frames [from, to). 'several' where the line was passed twice.
   */
  const lineSlant = (X: (y: number) => number) => X(1) - X(0);
  /**
   * Whether frames seen near a line (in frame order) are two passes: two of them further apart than
   * `namedSeconds`, with none between.
   */
  const twoPasses = (near: readonly { i: number }[]) =>
    near.some((s, k) => k > 0 && times[s.i] - times[near[k - 1].i] > FORTY_PROPOSER.namedSeconds);
  /**
   * Whether shapes seen near a line (in frame order, `u` yards past it) crossed it more than once: seen more
   * than a yard on one side, then on the other, then on the first again. One runner crosses once; a shape
   * going back is someone else, or the runner's shape and another's taken as one while one leaves and the
   * other comes.
   */
  const crossedTwice = (near: readonly { u: number }[]) => {
    let side = 0;
    let changes = 0;
    for (const s of near) {
      const now = s.u >= 1 ? 1 : s.u <= -1 ? -1 : 0;
      if (now !== 0 && side !== 0 && now !== side) changes += 1;
      if (now !== 0) side = now;
    }
    return changes >= 2;
  };
  const crossing = (
    X: (y: number) => number,
    half: number,
    from: number,
    to: number,
    r0: number,
    r1: number,
  ) => {
    const seen: { i: number; xT: number; top: number; bottom: number; count: number }[] = [];
    for (let i = from; i < to; i += 1) {
      const { rows, count } = shapeNear(frames[i], X, half, r0, r1);
      if (rows.length < 3) continue;
      const top = rows[0].y;
      const bottom = rows[rows.length - 1].y;
      const hh = bottom - top + 1;
      let c = 0;
      let sx = 0;
      for (const r of rows)
        if (r.y >= top + 0.15 * hh && r.y <= top + 0.55 * hh) {
          c += r.c;
          sx += r.sx;
        }
      if (c === 0) continue;
      seen.push({ i, xT: sx / c, top, bottom, count });
    }
    // Two passes over the line are two players, or one twice: which is the runner's finish is not guessed
    // (11058: a player crossing in front, bigger in the picture, was fitted for the runner). Here every shape
    // with a runner's worth of pixels (`riseArea` at its ground row) within 1.5 yards of the line, before the
    // smaller ones are put aside below: a passer several times the runner's size would otherwise leave only
    // his own pass to be seen (decision 326). Crossings are counted, not gaps: someone who comes near the
    // line and leaves without crossing it is no pass (11012, 11033).
    const passes = seen
      .filter((s) => s.count >= FORTY_PROPOSER.riseArea * ppy(s.bottom) ** 2)
      .map((s) => ({ i: s.i, u: ((s.xT - X(s.bottom)) * dir) / ppy(s.bottom) }))
      .filter((s) => Math.abs(s.u) <= 1.5);
    if (crossedTwice(passes)) return 'several' as const;
    const peak = Math.max(0, ...seen.map((s) => s.count));
    const full = seen.filter((s) => s.count >= 0.3 * peak);
    // The ground under the runner there: the lowest rows his feet reach while he is within 1.5 yards.
    const close = full.filter((s) => Math.abs(s.xT - X(s.bottom)) <= 1.5 * ppy(s.bottom));
    if (close.length < 3) return null;
    const bottoms = close.map((s) => s.bottom).sort((p, q) => p - q);
    const yG = bottoms[Math.floor(0.8 * (bottoms.length - 1))];
    const xG = X(yG);
    const near = full
      .map((s) => ({ ...s, u: ((s.xT - xG) * dir) / ppy(yG) }))
      .filter((s) => Math.abs(s.u) <= 1.5);
    if (near.length < 3) return null;
    // On the frames fitted: frames near the line apart by longer than a runner at speed takes over those 3
    // yards (`namedSeconds`), with none between, are two passes (decision 324).
    if (twoPasses(near)) return 'several' as const;
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
    let tCross = (su - slope * st) / m / -slope;
    // The runner speeds up across the window (most at the 10): a parabola in time when there are enough
    // frames, its root nearest the straight line's.
    if (m >= 8) {
      const t0 = tCross;
      const M = [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ];
      const v = [0, 0, 0];
      for (const s of near) {
        const d = times[s.i] - t0;
        const row = [1, d, d * d];
        for (let a = 0; a < 3; a += 1) {
          v[a] += row[a] * s.u;
          for (let b = 0; b < 3; b += 1) M[a][b] += row[a] * row[b];
        }
      }
      const q = solveLinear(M, v);
      if (q && q[1] > 0) {
        const [c0, c1, c2] = q;
        const disc = c1 * c1 - 4 * c2 * c0;
        const root = Math.abs(c2) < 1e-9 ? -c0 / c1 : disc >= 0 ? (-c1 + Math.sqrt(disc)) / (2 * c2) : NaN;
        if (Number.isFinite(root) && Math.abs(root) < 0.25) tCross = t0 + root;
      }
    }
    const frame = frameAt(tCross);
    if (frame < 0) return null;
    const rowsAt = near.reduce((a, s) => ({ top: a.top + s.top / m, bottom: a.bottom + s.bottom / m }), {
      top: 0,
      bottom: 0,
    });
    // How far off the crossing can be: a slanted line moves along the run by its slant for each pixel
    // of doubt about the ground row, and the torso's own track is off by up to `torsoDoubtYards` with the
    // right row (decision 288). Told only where that is under half of what the runner covers in a frame.
    const rowYards = (FORTY_PROPOSER.groundRowDoubt * Math.abs(lineSlant(X))) / ppy(yG);
    const doubtYards = Math.hypot(rowYards, FORTY_PROPOSER.torsoDoubtYards);
    const frameYards = slope * (times[Math.min(n - 1, frame)] - times[Math.max(0, frame - 1)] || 1 / 30);
    const told = doubtYards < FORTY_PROPOSER.crossingShare * frameYards;
    /** Whether the torso's own doubt alone is too much for a frame (whatever the line's slant). */
    const torsoTooCoarse = FORTY_PROPOSER.torsoDoubtYards >= FORTY_PROPOSER.crossingShare * frameYards;
    return { frame, tCross, slope, doubtYards, frameYards, told, torsoTooCoarse, ...rowsAt };
  };

  /**
   * The frames a crossing not told to one lies between: from the first at or after `namedDoubts` times its
   * doubt before the fitted crossing to the first at or after as much after it, inside the clip (the runner
   * was seen crossing in it). Null where that doubt is too wide to help (`namedDoubtYards`, `namedSeconds`).
   */
  const namedFrames = (c: { tCross: number; slope: number; doubtYards: number }) => {
    if (c.doubtYards > FORTY_PROPOSER.namedDoubtYards || c.doubtYards / c.slope > FORTY_PROPOSER.namedSeconds)
      return null;
    const d = (FORTY_PROPOSER.namedDoubts * c.doubtYards) / c.slope;
    const inClip = (i: number) => (i < 0 ? n - 1 : i);
    return { fromFrame: inClip(frameAt(c.tCross - d)), toFrame: inClip(frameAt(c.tCross + d)) };
  };

  // A finish line not found through the click is not guessed (issue 49): an upright line through the click
  // misses the painted line wherever perspective slants it, and the crossing would be frames off.
  if (!found40)
    notes.push(
      'The finish line was not found where you clicked (it may be faint, far away, out of the picture or seen too flat): mark the finish yourself.',
    );
  const rows40 = rowsNear(s40);
  // Read from a 40's fastest time into the clip: a runner set on the start line at its first frame crosses
  // the finish no sooner (anyone crossing it before then is someone else).
  const from40 = frameAt(times[0] + FORTY_PROPOSER.fastestRun);
  const read40 = found40 && from40 >= 0 ? crossing(X40, 4, from40, n, rows40.r0, rows40.r1) : null;
  const crossed40 = read40 === 'several' ? null : read40;
  const finish = crossed40?.told ? crossed40 : null;
  // Not told to a frame, the crossing still lies near where the torso's track puts it: the frames within
  // three doubts either side are named for the analyst to look between (decision 318).
  const finishBetween = crossed40 && !finish ? namedFrames(crossed40) : null;
  if (crossed40 && !finish) {
    const look = finishBetween
      ? `look between frames ${finishBetween.fromFrame + 1} and ${finishBetween.toFrame + 1} and mark the finish yourself.`
      : 'mark the finish yourself.';
    notes.push(
      crossed40.torsoTooCoarse
        ? `The torso's crossing cannot be told to a frame at this frame rate (the runner covers too little in a frame for the tracker's measure of the torso): ${look}`
        : `The finish line is seen too slanted from where the camera stands to tell the frame of the crossing: ${look}`,
    );
  }
  o.onProgress?.(0.9);
  if (read40 === 'several')
    notes.push(
      'More than one pass over the finish line was seen (another player may have crossed it): mark the finish yourself.',
    );
  else if (!crossed40 && found40)
    notes.push('The runner was not found crossing the finish line: mark the finish yourself.');

  const { r0, r1 } = rowsNear(s0);
  const end = finish ? finish.frame : n - 1;
  // Left the start: a shape 1.5 to 4 yards past the start line filling half of the most it fills in the
  // half second after (decision 278: not half the clip's fullest, which a bigger player passing closer to
  // the camera sets), where that most is a runner's worth of pixels. Every such rise is a candidate
  // (another player may pass there first), the last one first.
  /** Seconds from one frame to the next (a clip's first step; a thirtieth where it has none). */
  const frameStep = Math.max(1e-3, times[1] - times[0] || 1 / 30);
  const ahead = (y: number) => X0(y) + dir * 2.75 * ppy(y);
  const aheadCounts = frames.slice(0, end + 1).map((f) => shapeNear(f, ahead, 1.25, r0, r1).count);
  const runnerPixels = FORTY_PROPOSER.riseArea * ppy((r0 + r1) / 2) ** 2;
  const riseFrames = Math.max(2, Math.round(FORTY_PROPOSER.riseSeconds / frameStep));
  const risePeak = new Map<number, number>();
  for (let i = 1; i < aheadCounts.length; i += 1) {
    let peak = 0;
    for (let j = i; j < Math.min(aheadCounts.length, i + riseFrames); j += 1)
      peak = Math.max(peak, aheadCounts[j]);
    if (peak >= runnerPixels && aheadCounts[i] >= 0.5 * peak && aheadCounts[i - 1] < 0.5 * peak)
      risePeak.set(i, peak);
  }
  const rises = [...risePeak.keys()];
  // The first movement is looked for where the runner is set: from 2 yards behind the line to 1.5 past it.
  const band: { y: number; x0: number; x1: number }[] = [];
  for (let y = r0; y < r1; y += 1) {
    const xa = X0(y) - dir * FORTY_PROPOSER.setBehind * ppy(y);
    const xb = X0(y) + dir * FORTY_PROPOSER.setAhead * ppy(y);
    band.push({
      y,
      x0: Math.max(0, Math.floor(Math.min(xa, xb))),
      x1: Math.min(w - 1, Math.ceil(Math.max(xa, xb))),
    });
  }
  const bandBytes: number[] = [];
  for (const b of band)
    for (let x = b.x0; x <= b.x1; x += 1) {
      const p = b.y * w + x;
      const q = size + (b.y >> 1) * cw + (x >> 1);
      bandBytes.push(p, q, q + cSize);
    }
  // The picture's exposure (2.8.0, decision 319): a phone's exposure drifts and the light changes over a clip,
  // and either scales every pixel's distance from black, and its colour's distance from grey, by one factor
  // (the encoded picture is a power of the light, so a change of light scales it). Read as the mean of the
  // middle half, over the band's luma, of one picture's distance from black against another's (a median
  // would be a whole level and blind to a change under one): a player moving in part of the band changes
  // that part only, which the middle half leaves out. Every change below is measured against the
  // other picture scaled by that factor, so a change of light is not taken for the runner moving.
  const zeroOf = (j: number) => (j % 3 === 0 ? 16 : 128);
  /** The exposure of `f` against `g` (the band's j-th byte of the other picture) over the `part`'s luma. */
  const exposure = (f: Uint8Array, g: (j: number) => number, part: readonly number[]) => {
    const ratios: number[] = [];
    for (const j of part)
      if (j % 3 === 0) {
        const base = g(j) - 16;
        if (base >= 24) ratios.push((f[bandBytes[j]] - 16) / base);
      }
    if (ratios.length < 50) return 1;
    ratios.sort((p, q) => p - q);
    const mid = ratios.slice(ratios.length >> 2, ratios.length - (ratios.length >> 2));
    return mid.reduce((a, r) => a + r, 0) / mid.length;
  };
  const allBand = bandBytes.map((_, j) => j);
  /** Frames in `seconds`, at least one. */
  const framesIn = (seconds: number) => Math.max(1, Math.round(seconds / frameStep));
  /** Whether a key frame lies in (i - span, i]: its new picture changes every pixel a little. */
  const keyWithin = (i: number, span: number) => {
    for (let j = Math.max(0, i - span + 1); j <= i; j += 1) if (types[j] === 'I') return true;
    return false;
  };
  /**
   * The set runner's pixels in a picture of the band (`value(j)`: its j-th byte): the shape nearest the click
   * on the start line that stands out of the clip's background (another player standing in the band is
   * another shape), 8-connected.
   */
  const runnerShape = (value: (j: number) => number) => {
    const set = new Set<number>();
    for (let j = 0; j < bandBytes.length; j += 3) {
      let d = 0;
      for (let c = 0; c < 3; c += 1) d += Math.abs(value(j + c) - bg[bandBytes[j + c]]);
      if (d > FORTY_PROPOSER.foreground) set.add(bandBytes[j]);
    }
    let runner = new Set<number>();
    let nearest = Infinity;
    const unseen = new Set(set);
    for (const seed of set) {
      if (!unseen.has(seed)) continue;
      const shape = new Set<number>([seed]);
      unseen.delete(seed);
      const queue = [seed];
      let closest = Infinity;
      while (queue.length) {
        const p = queue.pop()!;
        const px = p % w;
        const py = (p - px) / w;
        closest = Math.min(closest, Math.hypot(px - s0.x, py - s0.y));
        for (let dy = -1; dy <= 1; dy += 1)
          for (let dx = -1; dx <= 1; dx += 1) {
            const q = p + dy * w + dx;
            if (px + dx < 0 || px + dx >= w || !unseen.has(q)) continue;
            unseen.delete(q);
            shape.add(q);
            queue.push(q);
          }
      }
      if (closest < nearest) {
        nearest = closest;
        runner = shape;
      }
    }
    return runner;
  };
  /** Whether a pixel lies within `reach` pixels (across and down) of a shape. */
  const within = (shape: Set<number>, q: number, reach: number) => {
    const x = q % w;
    const yy = (q - x) / w;
    for (let dy = -reach; dy <= reach; dy += 1)
      for (let dx = -reach; dx <= reach; dx += 1) {
        const xx = x + dx;
        const yr = yy + dy;
        if (xx >= 0 && xx < w && yr >= 0 && yr < h && shape.has(yr * w + xx)) return true;
      }
    return false;
  };
  /** The runner's size below which no set runner is seen (a tenth of the pixels a runner fills). */
  const fewestRunnerPixels = 0.1 * ppy((r0 + r1) / 2) ** 2;
  /** The yards around the set runner's shape, in pixels. */
  const margin = Math.max(1, Math.round(FORTY_PROPOSER.runnerMargin * ppy((r0 + r1) / 2)));
  /**
   * Where the movement before leaving the line begins, coarsely, and the still stance before it: each frame
   * against the one `coarseSeconds` before it, over the runner's corridor in the band (below), walked back
   * from leaving while that change is above the clip's still level (the median of the quietest quarter of
   * the `lookBack` seconds before leaving, plus six of its deviations or a twentieth of the largest change
   * there). The stance reaches back to three such changes in a row; a change across a key frame does not end
   * it.
   */
  const coarseStart = (left: number) => {
    const k = framesIn(FORTY_PROPOSER.coarseSeconds);
    const from = Math.max(
      k,
      times.findIndex((t) => t >= times[left] - FORTY_PROPOSER.lookBack),
    );
    if (left - from < 4 * k) return null;
    // Over the set runner's corridor (2.11.0, decision 323): his rows, from behind him to the band's end in
    // the run's direction, as he stands at the window's first frame; the whole band where no runner is seen
    // there. Another player moving elsewhere in the band, above or behind him, no longer carries the walk
    // back past the start or raises the still level over his first movement.
    let part = allBand;
    const shape = runnerShape((j) => frames[from][bandBytes[j]]);
    if (shape.size >= fewestRunnerPixels) {
      let top = Infinity;
      let bottom = -Infinity;
      let minX = Infinity;
      let maxX = -Infinity;
      for (const q of shape) {
        const x = q % w;
        const yy = (q - x) / w;
        top = Math.min(top, yy);
        bottom = Math.max(bottom, yy);
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
      }
      part = [];
      for (let j = 0; j < bandBytes.length; j += 3) {
        const x = bandBytes[j] % w;
        const yy = (bandBytes[j] - x) / w;
        if (yy < top - margin || yy > bottom + margin) continue;
        if (dir > 0 ? x < minX - margin : x > maxX + margin) continue;
        part.push(j, j + 1, j + 2);
      }
    }
    const cache = new Map<number, number>();
    const moved = (i: number) => {
      let v = cache.get(i);
      if (v === undefined) {
        v = 0;
        const f = frames[i];
        const g = frames[i - k];
        const e = exposure(f, (j) => g[bandBytes[j]], allBand);
        for (const j of part) {
          const q = bandBytes[j];
          const z = zeroOf(j);
          v += Math.abs(f[q] - z - e * (g[q] - z));
        }
        cache.set(i, v);
      }
      return v;
    };
    const values: number[] = [];
    for (let i = from; i <= left; i += 1) values.push(moved(i));
    values.sort((p, q) => p - q);
    const quiet = values.slice(0, Math.max(4, values.length >> 2));
    const still = quiet[quiet.length >> 1];
    const spread = 1.4826 * quiet.map((v) => Math.abs(v - still)).sort((p, q) => p - q)[quiet.length >> 1];
    const level = still + Math.max(6 * spread, 0.05 * (values[values.length - 1] - still));
    let start = left;
    while (start - 1 >= from && moved(start - 1) > level) start -= 1;
    if (start - 1 < from) return null;
    let stillFrom = start - 1;
    for (let above = 0; stillFrom - 1 >= from;) {
      above = moved(stillFrom - 1) > level && !keyWithin(stillFrom - 1, k) ? above + 1 : 0;
      if (above >= 3) break;
      stillFrom -= 1;
    }
    while (stillFrom < start - 1 && moved(stillFrom) > level) stillFrom += 1;
    // A still frame compares with the frame `k` before it: the stance began that much earlier.
    return { start, stillFrom: Math.max(0, stillFrom - k) };
  };
  /**
   * The first movement to the frame (proposer 2.6.0, decisions 303, 304), from the summed change against the
   * still stance (the mean of its frames, from the last key frame in it, up to a quarter second, ending
   * `coarseSeconds` before the coarse start) over the set runner's pixels (the shape nearest the start-line
   * click that stands out of the clip's background, widened by `runnerMargin` yards), B-frames the encoder
   * drew as a blend of their reference frames left out. Read two ways that must agree:
   * - fitted: the stance's frames at a level that may drift slowly (a shadow, a player far off), and from
   *   the onset t0 that level plus a (t - t0) + b (t - t0)^2 (a >= 0: a movement from rest, starting at
   *   once or smoothly), a key frame's new picture a step of its own, fitted by least squares over the first
   *   `onsetSeconds` of the movement (four frames at least) for t0 on a grid of a tenth of a frame; the
   *   onsets within two deviations of the best fit (the deviation the larger of the stance's noise and the
   *   fit's residual) are its doubt, at most three frames;
   * - seen: the first frame after the stance above its noise (six deviations, at least 8 levels) that stays
   *   above, walked back while the change keeps falling, and the frame kept before it, which must still show
   *   the stance: the movement began by the first reference frame (I or P) from the seen one on (2.6.0,
   *   decision 304: a B-frame may show the movement of the reference frame after it), and at the earliest on
   *   that still one (a first movement under the noise, or one the encoder left out: decision 278), or up to
   *   `hiddenSeconds` before it (decision 330: the encoder may leave a movement's first milliseconds undrawn),
   *   the two at most two frames apart.
   * The fit's doubt must reach between the two, or to a frame beside them. Not told either where the
   * stance's own noise is more than `noiseShare` of the change at the end of the fit, or where anything
   * changed within `aloneYards` of the runner outside his margin (a player passing in front of or behind him
   * changes his pixels too; decision 323), or where
   * the runner's shape changed less per pixel than the rest of the margin (decision 320).
   * Returns the frame; where it would be told only by taking the first moving B-frame for the moving end, the
   * frame that gives (for the candidate's other checks) and the frames it lies between (from `hiddenSeconds`
   * before the last still frame, or the fit's earliest onset, to the first moving reference frame), which the
   * note names; the same where only the still and moving frames' spacing fails (decision 321);
   * 'alone' where it is not told and something else moved near the runner; 'camera' where it would be told
   * or named but the whole picture moved at it (decision 329); null otherwise. With an `anchor` (decision
   * 329) the stance is that flat stretch after a change that stopped, not the frames before `coarse`.
   */
  /** The change that stopped: the frame it was first seen on, and its flat stretch (`from` to `to`, exclusive). */
  let lastStall: { began: number; from: number; to: number } | null = null;
  const onset = (stillFrom: number, coarse: number, left: number, anchor?: { from: number; to: number }) => {
    lastStall = null;
    const refEnd = anchor ? anchor.to : coarse - Math.max(3, framesIn(FORTY_PROPOSER.coarseSeconds));
    let lastKey = -1;
    for (let i = stillFrom; i <= refEnd - 4; i += 1) if (types[i] === 'I') lastKey = i;
    const refStart = anchor
      ? Math.max(anchor.from, lastKey)
      : Math.max(stillFrom, lastKey, refEnd - Math.ceil(0.25 / frameStep));
    if (refEnd - refStart < 4) return null;
    const ref = new Float64Array(bandBytes.length);
    for (let i = refStart; i < refEnd; i += 1) {
      const f = frames[i];
      for (let j = 0; j < bandBytes.length; j += 1) ref[j] += f[bandBytes[j]];
    }
    for (let j = 0; j < ref.length; j += 1) ref[j] /= refEnd - refStart;
    // The set runner's own pixels: the stance against the clip's background, widened by `runnerMargin`
    // yards; the change is summed there only, so another player moving elsewhere in the band does not move
    // the onset.
    const runner = runnerShape((j) => ref[j]);
    const nearRunner = (q: number, reach: number) => within(runner, q, reach);
    const around: number[] = [];
    for (let j = 0; j < bandBytes.length; j += 3)
      if (nearRunner(bandBytes[j], margin)) around.push(j, j + 1, j + 2);
    // The part of that on the runner's shape or within `onRunnerPixels` of it, and the rest (decision 320).
    const onShape: number[] = [];
    const offShape: number[] = [];
    for (let k = 0; k < around.length; k += 3)
      (nearRunner(bandBytes[around[k]], FORTY_PROPOSER.onRunnerPixels) ? onShape : offShape).push(
        around[k],
        around[k + 1],
        around[k + 2],
      );
    // No set runner to be seen there (a tenth of the pixels a runner fills, or fewer): nothing to tell.
    if (runner.size < fewestRunnerPixels) return null;
    const aroundSet = new Set(around);
    const elsewhere: number[] = [];
    for (let j = 0; j < bandBytes.length; j += 1) if (!aroundSet.has(j)) elsewhere.push(j);
    /**
     * A frame's summed change from the stance over some of the band (`around` the runner, the `ring` beyond
     * it, or `elsewhere`), the stance scaled by the frame's exposure read away from the runner.
     */
    const exposures = new Map<Uint8Array, number>();
    const changeOver = (part: number[], f: Uint8Array) => {
      let e = exposures.get(f);
      if (e === undefined) {
        e = exposure(f, (j) => ref[j], elsewhere);
        exposures.set(f, e);
      }
      let d = 0;
      for (const j of part) {
        const z = zeroOf(j);
        d += Math.abs(f[bandBytes[j]] - z - e * (ref[j] - z));
      }
      return d;
    };
    let end = coarse + 4;
    while (end + 1 < Math.min(n, left) && times[end + 1] <= times[coarse] + FORTY_PROPOSER.onsetSeconds)
      end += 1;
    end = Math.min(end, n - 1);
    // A B-frame the encoder drew as a blend of the reference frames either side of it (the runner's pixels
    // as the cross-fade of theirs by time, within a quarter of what a picture between them would differ by)
    // holds no time of its own: it shows a movement begun after the reference before it as begun at once.
    // It is left out; a B-frame that carries its own picture is kept.
    const blended = (i: number) => {
      if (types[i] !== 'B') return false;
      let a = i - 1;
      while (a >= 0 && types[a] === 'B') a -= 1;
      let b = i + 1;
      while (b < n && types[b] === 'B') b += 1;
      if (a < 0 || b >= n) return false;
      const alpha = (times[i] - times[a]) / (times[b] - times[a]);
      let apart = 0;
      let off = 0;
      for (const j of around) {
        const q = bandBytes[j];
        const pa = frames[a][q];
        const pb = frames[b][q];
        apart += Math.abs(pb - pa);
        off += Math.abs(frames[i][q] - (pa + alpha * (pb - pa)));
      }
      return apart > 0 && off < 0.5 * Math.min(alpha, 1 - alpha) * apart;
    };
    const idx: number[] = [];
    for (let i = refStart; i <= end; i += 1) if (i < refEnd || !blended(i)) idx.push(i);
    const y = idx.map((i) => changeOver(around, frames[i]));
    const t = idx.map((i) => times[i]);
    const stance = y.slice(0, refEnd - refStart);
    const mean = stance.reduce((acc, v) => acc + v, 0) / stance.length;
    const sd = Math.sqrt(stance.reduce((acc, v) => acc + (v - mean) ** 2, 0) / stance.length);
    const tc = times[refEnd];
    // A key frame in the movement re-encodes the picture: the frames from it on are shifted by a step of
    // their own (one more unknown of the fit for each).
    const keys = idx.filter((i) => i >= refEnd && types[i] === 'I');
    const steps = (i: number): number[] => keys.map((key) => (i >= key ? 1 : 0));
    const fitAt = (t0: number, withLinear: boolean) => {
      const rows = idx.map((i, k) => {
        const u = Math.max(0, t[k] - t0);
        return [...(withLinear ? [1, t[k] - tc, u, u * u] : [1, t[k] - tc, u * u]), ...steps(i)];
      });
      const coef = leastSquares(rows, y);
      if (!coef) return null;
      let sse = 0;
      rows.forEach((r, k) => {
        sse += (r.reduce((acc, v, i) => acc + v * coef[i], 0) - y[k]) ** 2;
      });
      return { sse, linear: withLinear ? coef[2] : 0, steps: coef.slice(coef.length - keys.length) };
    };
    const grid: { t0: number; sse: number; steps: number[] }[] = [];
    const first = times[Math.max(refStart + 3, refEnd - 1)];
    for (let g = 0; first + (g * frameStep) / 10 <= times[coarse] + frameStep + 1e-9; g += 1) {
      const t0 = first + (g * frameStep) / 10;
      const withA = fitAt(t0, true);
      const fit = withA && withA.linear >= 0 ? withA : fitAt(t0, false);
      if (fit) grid.push({ t0, sse: fit.sse, steps: fit.steps });
    }
    if (!grid.length) return null;
    const best = grid.reduce((p, q) => (q.sse < p.sse ? q : p));
    const variance = Math.max(best.sse / Math.max(1, idx.length - 5 - keys.length), sd * sd, 1e-6);
    const near = grid.filter((g) => g.sse <= best.sse + 4 * variance);
    const firstAfter = (tm: number) => times.findIndex((x, i) => i < n && x > tm + 1e-9);
    const lo = firstAfter(Math.min(...near.map((g) => g.t0)));
    const hi = firstAfter(Math.max(...near.map((g) => g.t0)));
    const frame = firstAfter(best.t0);
    // The change as seen, less the key frames' steps the best fit found.
    const seenY = y.map((v, k) => v - steps(idx[k]).reduce((acc, on, j) => acc + on * best.steps[j], 0));
    const noise = mean + Math.max(6 * sd, 8);
    let seenAt = -1;
    for (let k = refEnd - refStart; k < idx.length && seenAt < 0; k += 1) {
      let stays = true;
      for (let j = k; j < idx.length && stays; j += 1) if (seenY[j] <= noise) stays = false;
      if (!stays) continue;
      let back = k;
      while (back - 1 > refEnd - refStart && seenY[back - 1] > noise && seenY[back - 1] < seenY[back])
        back -= 1;
      seenAt = back;
    }
    // The movement began by the first frame kept that shows it moving, and after the frame before the last
    // one that still shows the stance (whose first movement may be under the noise, or left out by the
    // encoder: decision 278), or up to `hiddenSeconds` before that still frame (decision 330: `hiddenFrom`,
    // below): from that earliest frame to the moving one at most three frames, and the fit's
    // doubt (at most three frames) reaching among them or to a frame beside them (a key frame just before the
    // movement takes a frame of it into its step). Proposed: the middle one of three (within a frame of
    // each), else the best fit's frame brought among them.
    // The moving end is a reference frame (I or P), which is drawn from earlier frames only: a B-frame is
    // drawn partly from the reference frame after it, and may show a movement that begins only there
    // (decision 304: two frames before it in a calibration scene).
    let movingAt = seenAt;
    while (movingAt > 0 && movingAt < idx.length && types[idx[movingAt]] === 'B') movingAt += 1;
    const seen = seenAt > 0 && movingAt < idx.length ? idx[movingAt] : -1;
    const seenOnAny = seenAt > 0 ? idx[seenAt] : -1;
    const still = seenAt > 0 && seenY[seenAt - 1] <= noise ? idx[seenAt - 1] : -1;
    // Nothing else moved near the runner from the stance to the first frame seen moving (another player
    // passing in front of or behind him changes his pixels too): in the ring of `aloneYards` around his shape
    // outside the margin, a pixel changed by under a grey level on average, or twice what the runner's own
    // pixels did in the stance. A player who reaches his pixels comes through that ring; one further off in
    // the band does not reach him (2.11.0, decision 323: up to 2.10 the whole band was read).
    const onRunnerStill = mean / (around.length / 3);
    const ring: number[] = [];
    const ringReach = Math.max(margin + 1, Math.round(FORTY_PROPOSER.aloneYards * ppy((r0 + r1) / 2)));
    for (const j of elsewhere)
      if (j % 3 === 0 && nearRunner(bandBytes[j], ringReach)) ring.push(j, j + 1, j + 2);
    let alone = true;
    for (let i = refStart; i <= seen && alone && ring.length > 0; i += 1)
      if (changeOver(ring, frames[i]) / (ring.length / 3) > Math.max(1, 2 * onRunnerStill)) alone = false;
    // The light's change over the fit counts as the stance's noise does (decision 319): the exposure read away
    // from the runner is itself a little off, and a light that changes as he starts is taken out only as well
    // as it is read. Its size: what it would change on the runner's own pixels, uncorrected.
    let runnerFromZero = 0;
    for (const j of around) runnerFromZero += Math.abs(ref[j] - zeroOf(j));
    const lightEffect =
      runnerFromZero * Math.max(...idx.map((i) => Math.abs((exposures.get(frames[i]) ?? 1) - 1)));
    const quiet = 6 * sd + lightEffect <= FORTY_PROPOSER.noiseShare * (seenY[seenY.length - 1] - mean);
    // A runner who has begun to move keeps moving away from his stance: from the first frame seen moving to
    // the end of the fit, each frame kept shows more change than the frame kept `keepsMovingSeconds` before it
    // (2.8.0, decision 319). A change that stops (a light's slow change, which an encoder draws in steps where
    // the runner is small or the picture heavily compressed) is not his first movement.
    const stall = framesIn(FORTY_PROPOSER.keepsMovingSeconds);
    let keepsMoving = seenAt > 0;
    for (let k = seenAt; k < idx.length && keepsMoving; k += 1) {
      let b = k;
      while (b > 0 && idx[b] > idx[k] - stall) b -= 1;
      if (b >= seenAt - 1 && !(seenY[k] > seenY[b])) {
        keepsMoving = false;
        // A change that stopped (2.14.0, decision 329): a slow drift of the picture or the light that the
        // encoder drew in one step at a reference frame, and then no more. The level it stopped at is above the
        // stance's noise (a twitch that went back to the stance is no such change), the change stays within
        // the stance's noise of it from the first frame that reached it (`from`) to the first that rises out
        // of it (`to`, read on past the fit's end up to a key frame or the runner's leaving), and that flat
        // stretch is four frames and `keepsMovingSeconds` long at least. It is then the stance the movement
        // after it is read against (`lastStall`): the candidate is read again there.
        const tol = Math.max(6 * sd, 8);
        const level = seenY[b];
        let from = seenAt;
        while (from < k && Math.abs(seenY[from] - level) > tol) from += 1;
        let flat = b >= seenAt && level > noise;
        for (let q = from; q <= k && flat; q += 1) if (Math.abs(seenY[q] - level) > tol) flat = false;
        if (flat) {
          let pE = k;
          while (pE + 1 < idx.length && Math.abs(seenY[pE + 1] - level) <= tol) pE += 1;
          let to = -1;
          if (pE + 1 < idx.length) {
            if (seenY[pE + 1] > level + tol) to = idx[pE] + 1;
          } else {
            const keyStep = steps(idx[idx.length - 1]).reduce((acc, on, j) => acc + on * best.steps[j], 0);
            for (let i = idx[idx.length - 1] + 1; i < left; i += 1) {
              if (types[i] === 'I') break;
              const v = changeOver(around, frames[i]) - keyStep;
              if (Math.abs(v - level) <= tol) continue;
              if (v > level + tol) to = i;
              break;
            }
          }
          if (to >= 0 && to - idx[from] >= Math.max(4, stall))
            lastStall = { began: idx[seenAt], from: idx[from], to };
        }
      }
    }
    // The movement is the runner's own (2.9.0, decision 320): at the end of the fit, his shape (and
    // `onRunnerPixels` beside it) has changed from the stance at least as much per pixel as the rest of the
    // margin around him. The shadow of a player passing in front (10894) comes in from the margin's edge and
    // leaves his shape as it was.
    const perPixel = (part: number[], i: number) => {
      let stance = 0;
      for (let k = refStart; k < refEnd; k += 1) stance += changeOver(part, frames[k]);
      return (changeOver(part, frames[i]) - stance / (refEnd - refStart)) / Math.max(1, part.length);
    };
    const last = idx[idx.length - 1];
    const hisOwn = perPixel(onShape, last) >= perPixel(offShape, last);
    // The phone moved at the first movement (2.14.0, decision 329): the picture away from the band (and
    // `aloneYards` beyond it) shifted by more than `cameraShift` pixels between the last frame that still
    // shows the stance and the first that shows him moving. Read by least squares on the stance's gradients
    // (pixels whose differences across and down sum to 8 levels or more), in three passes, the second and
    // third leaving out pixels over three deviations of the pass before (another player moving there). A
    // whole picture drawn a pixel across at once was told as the first movement, four frames early at 60 fps.
    let cameraRead: boolean | null = null;
    const cameraMoved = () => (cameraRead ??= cameraMovedNow());
    const cameraMovedNow = () => {
      if (still < 0 || seen < 0) return false;
      const reach = ringReach;
      let bx0 = w;
      let bx1 = 0;
      for (const b of band) {
        bx0 = Math.min(bx0, b.x0);
        bx1 = Math.max(bx1, b.x1);
      }
      bx0 -= reach;
      bx1 += reach;
      const by0 = r0 - reach;
      const by1 = r1 + reach;
      const R = new Float32Array(size);
      for (let i = refStart; i < refEnd; i += 1) {
        const f = frames[i];
        for (let q = 0; q < size; q += 1) R[q] += f[q];
      }
      for (let q = 0; q < size; q += 1) R[q] /= refEnd - refStart;
      const pts: number[] = [];
      for (let yy = 1; yy < h - 1; yy += 1)
        for (let x = 1; x < w - 1; x += 1) {
          if (yy >= by0 && yy <= by1 && x >= bx0 && x <= bx1) continue;
          const q = yy * w + x;
          if (Math.abs(R[q + 1] - R[q - 1]) + Math.abs(R[q + w] - R[q - w]) >= 8) pts.push(q);
        }
      if (pts.length < 50) return false;
      // The picture's shift, with its gain and offset (a light that changes with it), solved together; a
      // direction the edges there do not fix is left out (yard lines alone fix only the shift across them).
      // Each point's gradients across and down, and which directions the edges fix: each one whose
      // gradients spread at least a twentieth of both's.
      const grads = pts.map((q) => [(R[q + 1] - R[q - 1]) / 2, (R[q + w] - R[q - w]) / 2]);
      const gxx = grads.reduce((acc, g) => acc + g[0] ** 2, 0);
      const gyy = grads.reduce((acc, g) => acc + g[1] ** 2, 0);
      const use = [gxx >= 0.05 * (gxx + gyy), gyy >= 0.05 * (gxx + gyy), true, true];
      const cols = [0, 1, 2, 3].filter((j) => use[j]);
      const shiftAt = (f: Uint8Array) => {
        const x = [0, 0, 0, 0];
        let cut = Infinity;
        for (let iter = 0; iter < 3; iter += 1) {
          const M = cols.map(() => cols.map(() => 0));
          const v = cols.map(() => 0);
          const res: number[] = [];
          for (let k = 0; k < pts.length; k += 1) {
            const q = pts[k];
            const row = [grads[k][0], grads[k][1], R[q] - 16, 1];
            const r = f[q] - R[q] - row.reduce((acc, g, j) => acc + g * x[j], 0);
            res.push(Math.abs(r));
            if (Math.abs(r) > cut) continue;
            cols.forEach((a, ia) => {
              v[ia] += row[a] * r;
              cols.forEach((c, ic) => {
                M[ia][ic] += row[a] * row[c];
              });
            });
          }
          const step = solveLinear(M, v);
          if (!step) return null;
          cols.forEach((j, ij) => {
            x[j] += step[ij];
          });
          res.sort((p, q) => p - q);
          cut = Math.max(3, 3 * 1.4826 * res[res.length >> 1]);
        }
        return [x[0], x[1]];
      };
      const p = shiftAt(frames[still]);
      const q = shiftAt(frames[seen]);
      return p !== null && q !== null && Math.hypot(q[0] - p[0], q[1] - p[1]) > FORTY_PROPOSER.cameraShift;
    };
    // The earliest frame the first movement can show on: the first strictly after the time of the last frame
    // that still shows the stance less `hiddenSeconds` (decision 330: the encoder may leave a movement's first
    // milliseconds undrawn), as the first frame showing a movement is the first after it began.
    const hiddenFrom =
      still >= 0 ? Math.min(still, firstAfter(times[still] - FORTY_PROPOSER.hiddenSeconds)) : -1;
    const toldBy = (moving: number) =>
      keepsMoving &&
      hisOwn &&
      lo >= 0 &&
      hi - lo <= 2 &&
      still >= 0 &&
      moving >= 0 &&
      moving - hiddenFrom <= 2 &&
      lo <= moving + 1 &&
      hi >= hiddenFrom &&
      alone &&
      quiet;
    const at = (moving: number) =>
      moving - hiddenFrom === 2 ? hiddenFrom + 1 : Math.min(moving, Math.max(hiddenFrom, frame));
    if ((toldBy(seen) || (seen > seenOnAny && toldBy(seenOnAny))) && cameraMoved()) return 'camera' as const;
    if (toldBy(seen)) return { frame: at(seen) };
    // Told only if a B-frame were taken for the first moving frame: the start the candidate's other checks
    // are judged at, and the frames the first movement lies between, for the note (decision 304): from the
    // earliest frame it can show on (`hiddenSeconds` before the last frame that still shows the stance:
    // decision 330), or the fit's earliest onset where that is earlier (a movement that rises slowly stays
    // under the stance's noise for a frame or two: decision 319, scene 10863), to the first reference frame
    // that shows him moving.
    if (seen > seenOnAny && toldBy(seenOnAny))
      return { frame: at(seenOnAny), between: { fromFrame: Math.min(hiddenFrom, lo), toFrame: seen } };
    // Every check passing but the frames' spacing (2.10.0, decision 321): the B-frames between the last
    // reference frame that still shows the stance and the first that shows him moving are left out of the
    // fit or show the movement early, or the frames reached back before the still one (decision 330: at
    // 240 fps two or three) keep the ends more than two frames apart. The first movement lies between them,
    // where the fit's doubt also lies (a frame beyond either end at most): the note names those frames, and
    // the candidate's other checks are judged at the fit's frame brought among them.
    const from = Math.min(hiddenFrom, lo);
    const named =
      keepsMoving &&
      hisOwn &&
      alone &&
      quiet &&
      lo >= 0 &&
      hi - lo <= 2 &&
      still >= 0 &&
      seen >= 0 &&
      hi >= hiddenFrom - 1 &&
      lo <= seen &&
      seen - Math.min(still, lo) <= FORTY_PROPOSER.namedStartFrames;
    if (named && cameraMoved()) return 'camera' as const;
    if (named)
      return { frame: Math.min(seen, Math.max(from, frame)), between: { fromFrame: from, toFrame: seen } };
    // Not told: where something else moved near him, that is the reason the note gives (decision 323).
    return alone ? null : ('alone' as const);
  };
  // Every rise gives a candidate start (walked back from it, then told to the frame); a candidate is kept
  // only where the runner could have made it: the runner leaves within 1.6 s after it, nobody is there
  // already at the start, the clip goes on for a 40's fastest time after it, and the run to the crossing
  // seen takes 3.9 to 8 s. Two kept candidates more than a frame apart are two movements either of which
  // may be the start: none is proposed (issue 49). A candidate told only by taking a B-frame for its moving
  // end (decision 304) is such a movement too, but is never proposed itself.
  const kept: {
    start: number;
    left: number;
    between: NonNullable<FortyProposalResult['startBetween']> | null;
    /** The frames of a change before it that stopped, where it was read after that (decision 329). */
    stopped: { from: number; to: number } | null;
  }[] = [];
  // The check that refused the candidate which passed the most of them, for the note (decision 322): the
  // analyst is told which part of the start the proposer could not see, not one reason for every refusal.
  let refused = -1;
  const refuse = (check: RefusedCheck) => {
    refused = Math.max(refused, REFUSED_CHECKS.indexOf(check));
  };
  for (const left of [...rises].reverse()) {
    const found = coarseStart(left);
    if (!found) {
      refuse('still');
      continue;
    }
    let told = onset(found.stillFrom, found.start, left);
    // Not told, with nothing else moving near him, and a change before it stopped (2.14.0, decision 329):
    // read again against the flat stretch after that change, the movement coarsely where the change rose out
    // of it, up to `stallsRead` times. The change that stopped (from the first to the last) is named in the
    // note. Every read that fails counts for the note's reason.
    let stoppedFrom = -1;
    let stoppedTo = -1;
    for (let tries = 0; tries < FORTY_PROPOSER.stallsRead && told === null && lastStall; tries += 1) {
      refuse('onset');
      const a: { began: number; from: number; to: number } = lastStall;
      if (stoppedFrom < 0) stoppedFrom = a.began;
      stoppedTo = a.to;
      told = onset(found.stillFrom, a.to, left, a);
    }
    const stopped = stoppedFrom >= 0 ? { from: stoppedFrom, to: stoppedTo } : null;
    if (told === null || typeof told === 'string') {
      refuse(told ?? 'onset');
      continue;
    }
    const start = told.frame;
    // A set runner holds still: a stance shorter than a quarter second is someone settling, not the set.
    if (times[start] - times[found.stillFrom] < FORTY_PROPOSER.stillSeconds) {
      refuse('stance');
      continue;
    }
    // The runner leaves with the rise this start was walked back from (decision 278: an arm or a shadow
    // moving past the line in the stance makes rises of its own before it).
    const leave = times[left] - times[start];
    if (!(leave >= 0 && leave <= FORTY_PROPOSER.leaveSeconds)) {
      refuse('leave');
      continue;
    }
    if (aheadCounts[start] >= FORTY_PROPOSER.aheadShare * (risePeak.get(left) ?? 0)) {
      refuse('ahead');
      continue;
    }
    // A 40 run in under 3.9 or over 8 seconds is not this runner's start (someone else moved there), nor is
    // one the clip ends less than 3.9 s after.
    // The crossing judges the run only where it is told or its frames are named (2.10.0, decision 321): one
    // whose doubt is wider than that was 0.86 s early in a calibration scene and refused the true start.
    const runTo = finish ?? (finishBetween ? crossed40 : null);
    const run = runTo ? runTo.tCross - times[start] : null;
    if (run !== null && (run < FORTY_PROPOSER.fastestRun || run > FORTY_PROPOSER.slowestRun)) {
      refuse('run');
      continue;
    }
    if (times[n - 1] - times[start] < FORTY_PROPOSER.fastestRun) {
      refuse('clipEnds');
      continue;
    }
    // The runner's start by every other check, but told only on a B-frame (decision 304): a movement that
    // may be the start, never proposed itself; the note says which frames it lies between.
    const candidate = { start, left, between: told.between ?? null, stopped };
    if (!kept.some((c) => c.start === start && (c.between === null) === (candidate.between === null)))
      kept.push(candidate);
  }
  const spread = kept.length
    ? Math.max(...kept.map((c) => c.start)) - Math.min(...kept.map((c) => c.start))
    : 0;
  const onReference = kept.filter((c) => c.between === null);
  const startFrame = onReference.length && spread <= 1 ? Math.min(...onReference.map((c) => c.start)) : null;
  // No start, and one movement only, told but for a B-frame: the frames it lies between.
  const startBetween = !onReference.length && kept.length > 0 && spread <= 1 ? kept[0].between : null;
  if (kept.length && spread > 1)
    notes.push(
      'More than one movement on the start line could be the first movement (another player may move there): mark the first movement yourself.',
    );
  else if (startBetween)
    notes.push(
      `The runner's first movement lies between frames ${startBetween.fromFrame + 1} and ${startBetween.toFrame + 1}: a phone may leave the first moments of a movement undrawn and draw some frames partly from a later one, so the frames between those two cannot show which one it began on: mark the first movement yourself.`,
    );
  else if (startFrame === null) notes.push(startNote(refused >= 0 ? REFUSED_CHECKS[refused] : 'left'));
  // Proposed (or its frames named) after a change on the start line that stopped: the analyst is told where
  // it was, for a runner who flinched and held still again is not told from a phone's drift drawn at once.
  const chosen =
    startFrame !== null
      ? kept.find((c) => c.between === null && c.start === startFrame)
      : startBetween
        ? kept[0]
        : undefined;
  if (chosen?.stopped)
    notes.push(
      `A change on the start line at frames ${chosen.stopped.from + 1} to ${chosen.stopped.to} stopped before the runner moved (a phone may draw a slow drift or a change of light at once), so it was not taken for his first movement: check that he did not flinch there.`,
    );
  o.onProgress?.(0.95);

  // The 10-yard lines between the two, where each should be (a camera facing the run squarely keeps
  // distances along it in proportion), found on the finish line's frame at full size.
  const lines: FortyProposalResult['lines'] = [];
  if (startFrame !== null) lines.push({ yardLine: 0, frameIndex: startFrame });
  const splitsFound: number[] = [];
  if (startFrame !== null && finish) {
    for (const yard of [10, 20, 30]) {
      const guess = {
        frameIndex: o.finishLine.frameIndex,
        x: o.startLine.x + ((o.finishLine.x - o.startLine.x) * yard) / 40,
        y: o.startLine.y + ((o.finishLine.y - o.startLine.y) * yard) / 40,
      };
      const l = await lineAt(guess);
      if (!l) continue;
      const X = (y: number) => lineX(l, y, h);
      const gy = guess.y * ky;
      if (Math.abs(X(gy) - guess.x * kx) / ppy(gy) > 2.5) continue;
      // Every row (as the analysed picture shows the line): the runner's own rows at the finish are cut
      // to the click's neighbourhood, which a tall runner overflows. Read between the start and the finish
      // (a player crossing the line after the runner has finished is no second pass of his).
      const read = crossing(X, 4, startFrame + 1, finish.frame, 0, h);
      const c = read === 'several' ? null : read;
      if (c?.told && c.frame > startFrame && c.frame < finish.frame) {
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
    startBetween,
    finishFrame: finish ? finish.frame : null,
    finishBetween,
    lines,
    startLine: seg(line0),
    finishLine: seg(line40),
    notes,
    algorithm: FORTY_PROPOSER.name,
    version: FORTY_PROPOSER.version,
  };
}
