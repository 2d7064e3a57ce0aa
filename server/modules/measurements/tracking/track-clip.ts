import type { FramePoint } from '../../../../contract/tracking';
import { decodeGray } from './decode-gray';
import { groundOf, makeTemplate, matchTemplate, type Template } from './follow-player';
import { detectLines, fieldMap, labelLines, lineX, type Labelled, type Line } from './yard-lines';

/** What the tracker saw, in pixels of the displayed frame; the fit (fit-result.ts) works from this alone. */
export interface RawTrack {
  width: number;
  height: number;
  frames: { frameIndex: number; x: number; y: number; confidence: number; state: 'tracked' | 'low' }[];
  lines: { frameIndex: number; lines: { yardLine: number; x0: number; x1: number }[] }[];
}

export const TRACKER = {
  name: 'ridge-hough-ncc-pspline',
  version: '1.0.0',
  /** Longer side of the analysed picture, in pixels. */
  analysisSide: 640,
  /** Player height assumed from the field scale: 2 yards (6 ft). */
  playerYards: 2,
  /** Correlation under which a frame is flagged and left out of the fit. */
  minConfidence: 0.6,
  /** Memory for the decoded pictures (every frame is kept to follow the player both ways). */
  frameBytes: 256 * 2 ** 20,
};

interface Options {
  file: string;
  width: number;
  height: number;
  seeds: FramePoint[];
  /** For the progress while decoding. */
  frameCount?: number;
  onProgress?: (share: number) => void;
}

function analysisSize(w: number, h: number) {
  const k = TRACKER.analysisSide / Math.max(w, h);
  const even = (v: number) => Math.max(2, 2 * Math.round((v * k) / 2));
  return { aw: even(w), ah: even(h) };
}

export async function trackClip(opts: Options): Promise<RawTrack> {
  const { aw, ah } = analysisSize(opts.width, opts.height);
  const kx = aw / opts.width;
  const ky = ah / opts.height;
  const detected: Line[][] = [];
  const progress = (share: number) => opts.onProgress?.(Math.min(1, share));
  const expected = Math.max(1, opts.frameCount ?? 1);
  const { frames } = await decodeGray(
    opts.file,
    aw,
    ah,
    (i, frame) => {
      detected.push(detectLines(frame, aw, ah));
      if (i % 30 === 0) progress((0.7 * i) / expected);
    },
    Math.floor(TRACKER.frameBytes / (aw * ah)),
  );
  const n = frames.length;
  const seeds = opts.seeds
    .map((s) => ({ frameIndex: Math.min(n - 1, s.frameIndex), x: s.x * kx, y: s.y * ky }))
    .sort((a, b) => a.frameIndex - b.frameIndex);
  const first = seeds[0];
  const labelled: Labelled[][] = new Array(n);
  labelled[first.frameIndex] = labelLines(null, detected[first.frameIndex], first.y, ah, first.x);
  for (let i = first.frameIndex + 1; i < n; i += 1)
    labelled[i] = labelLines(labelled[i - 1], detected[i], first.y, ah, first.x);
  for (let i = first.frameIndex - 1; i >= 0; i -= 1)
    labelled[i] = labelLines(labelled[i + 1], detected[i], first.y, ah, first.x);

  const pxy = (i: number, x: number, y: number) => fieldMap(labelled[i], y, ah)?.pxPerYard(x) ?? null;
  const templates = seeds.map((s) => {
    const scale = pxy(s.frameIndex, s.x, s.y) ?? ah / 15;
    const t = makeTemplate(frames[s.frameIndex], aw, ah, s.x, s.y, TRACKER.playerYards * scale);
    return { seed: s, t, pxy: scale };
  });
  const out: RawTrack['frames'] = new Array(n);
  const follow = (tpl: { seed: (typeof seeds)[0]; t: Template; pxy: number }, from: number, to: number) => {
    const dir = to >= from ? 1 : -1;
    out[from] = { frameIndex: from, x: tpl.seed.x, y: tpl.seed.y, confidence: 1, state: 'tracked' };
    let prev = { x: tpl.seed.x, y: tpl.seed.y };
    let vel = { x: 0, y: 0 };
    let lost = 0;
    for (let i = from + dir; dir > 0 ? i <= to : i >= to; i += dir) {
      const pred = { x: prev.x + vel.x, y: prev.y + vel.y };
      const scale = (pxy(i, pred.x, pred.y) ?? tpl.pxy) / tpl.pxy;
      const c = { x: pred.x + (tpl.t.cx - tpl.t.gx) * scale, y: pred.y + (tpl.t.cy - tpl.t.gy) * scale };
      const radius = Math.round(Math.max(3, 0.2 * tpl.t.height * scale) * Math.min(4, 1 + lost / 3));
      const m = matchTemplate(tpl.t, frames[i], scale, c.x, c.y, radius);
      if (m.ncc >= TRACKER.minConfidence) {
        const g = groundOf(tpl.t, m, scale);
        vel = lost === 0 ? { x: g.x - prev.x, y: g.y - prev.y } : vel;
        prev = g;
        lost = 0;
        out[i] = { frameIndex: i, x: g.x, y: g.y, confidence: m.ncc, state: 'tracked' };
      } else {
        prev = pred;
        lost += 1;
        out[i] = { frameIndex: i, x: pred.x, y: pred.y, confidence: Math.max(0, m.ncc), state: 'low' };
      }
    }
  };
  templates.forEach((tpl, k) => {
    const start = tpl.seed.frameIndex;
    const prevSeed = templates[k - 1]?.seed.frameIndex;
    const nextSeed = templates[k + 1]?.seed.frameIndex;
    const back = prevSeed === undefined ? 0 : Math.floor((prevSeed + start) / 2) + 1;
    const ahead = nextSeed === undefined ? n - 1 : Math.floor((start + nextSeed) / 2);
    follow(tpl, start, back);
    follow(tpl, start, ahead);
  });
  progress(0.9);

  const yardsOf = (i: number) => {
    const f = out[i];
    return f.state === 'tracked' ? (fieldMap(labelled[i], f.y, ah)?.yards(f.x) ?? null) : null;
  };
  const known = out.map((_, i) => yardsOf(i)).filter((y): y is number => y !== null);
  // Yards grow in the runner's direction: a run toward the left of the picture counts back from line 1.
  const forward = known.length < 2 || known[known.length - 1] >= known[0];
  const yardLineOf = (label: number) => (forward ? 5 * label : 5 - 5 * label);
  return {
    width: opts.width,
    height: opts.height,
    frames: out.map((f) => ({ ...f, x: f.x / kx, y: f.y / ky })),
    lines: labelled.map((ls, i) => ({
      frameIndex: i,
      lines: ls
        .map((l) => ({ yardLine: yardLineOf(l.label), x0: lineX(l, 0, ah) / kx, x1: lineX(l, ah, ah) / kx }))
        .sort((a, b) => a.yardLine - b.yardLine),
    })),
  };
}
