import type { FramePoint } from '../../../../contract/tracking';
import { decodeGray, picks, recycleFrames, type FramePick } from './decode-gray';
import { clipLines, linesThread } from './lines-thread';
import { groundOf, lookAlike, makeTemplate, matchTemplate } from './follow-player';
import {
  fieldMap,
  horizonRow,
  labelLines,
  lineX,
  plausibleMapAt,
  lensScale,
  undistortPoint,
  type Labelled,
  type Line,
} from './yard-lines';

/** What the tracker saw, in pixels of the displayed frame; the fit (fit-result.ts) works from this alone. */
export interface RawTrack {
  width: number;
  height: number;
  frames: {
    frameIndex: number;
    x: number;
    y: number;
    confidence: number;
    /** The player's height in pixels the foot offset was scaled to (issue 48's ground-point drift). */
    height?: number;
    /**
     * 'unsure': matched, but another player who looks the same was close enough to take the track.
     * 'skipped': not followed (a clip of 200 frames a second or more, or too long for every frame, is
     * followed on every second, third ... frame: tracker 2.8.0, decision 301).
     */
    state: 'tracked' | 'low' | 'unsure' | 'skipped';
  }[];
  /**
   * Each frame's yard lines: x at the top (x0) and the bottom (x1) of the picture without the lens's
   * bending (`lens`), where they are straight.
   */
  lines: { frameIndex: number; lines: { yardLine: number; x0: number; x1: number }[] }[];
  /**
   * The lens's radial bending measured on the clip (tracker 2.5.0, decision 296): a point r from the centre
   * is seen at r (1 + k1 r^2 / R^2), R the half diagonal. Frame points are of the picture as shown; the map
   * undoes the bending before it reads them. Absent (tracks before 2.5.0): none.
   */
  lens?: { k1: number };
  /**
   * Stretches where the tracker could not tell the player from another (issue 48): from the first frame in
   * doubt to the end of the stretch one click covers, in the direction it was followed. `clickAt` is the
   * first frame after it where the players stand apart again (where a click settles who is who);
   * `open` is true when no later click covers the stretch.
   */
  doubts?: { from: number; to: number; dir: 1 | -1; clickAt: number; reason: string; open: boolean }[];
  /** Frames where another player who looks the same ran beside the tracked one, not close enough to take it. */
  beside?: number[];
  /**
   * The clicked frames, each once and in order (tracker 2.9.0, decision 302): each click's look of the player
   * places his feet on the frames nearer to it than to another click. Absent (tracks before 2.9.0): unknown.
   */
  clicks?: number[];
  /**
   * Each click's look of the player followed on over the frames the clicks either side of it place, where it
   * followed him for sure (tracker 2.10.0, decision 306): the fit places the fastest 10 yards by one look.
   * Absent (tracks before 2.10.0, or one click): none.
   */
  reach?: { click: number; frames: { frameIndex: number; x: number; y: number; height?: number }[] }[];
}

/**
 * The last frame a click's look places (decision 302): the middle between it and the next click, whose look
 * places the frames after it.
 */
export const zoneEnd = (click: number, next: number) => Math.floor((click + next) / 2);

export const TRACKER = {
  name: 'ridge-hough-ncc-pspline',
  version: '2.29.0',
  /** Longer side of the analysed picture, in pixels. */
  analysisSide: 640,
  /** Player height assumed from the field scale: 2 yards (6 ft). */
  playerYards: 2,
  /** Correlation under which a frame is flagged and left out of the fit. */
  minConfidence: 0.6,
  /**
   * Memory for the decoded grey pictures (every frame is kept to follow the player both ways); their colour
   * planes take half as much again.
   */
  frameBytes: 256 * 2 ** 20,
  /**
   * A clip of about twice this many frames a second or more is followed on every second frame (three times,
   * every third ...), so at 60-90 a second (decision 301; 100 before tracker 2.23.0, decision 356); one too long
   * for `frameBytes` on fewer frames still, down to `leastFps` a second.
   */
  followFps: 60,
  leastFps: 50,
  /** Another player matching within this much of the tracked one's correlation looks the same. */
  lookAlikeMargin: 0.1,
  /** ... and closer than this many body heights could take the track; within `besideHeights` runs beside. */
  nearHeights: 0.6,
  besideHeights: 1.2,
  /** A match further than this many body heights from where the player was going is in doubt. */
  jumpHeights: 0.3,
  /** Lost for longer than this (seconds, and at least 3 frames): who is found again is in doubt. */
  lostSeconds: 0.1,
  /**
   * Between two clicks, where the looks followed from each lie more than `partYards` apart (at the field's
   * scale) on `partedFrames` frames or more, one of them is on someone else: every frame between the two
   * clicks is in doubt (tracker 2.14.0, decision 312).
   */
  partYards: 1,
  partedFrames: 3,
  /** The row where the yard lines meet: the median over this many frames either side (decision 286). */
  horizonFrames: 5,
  /** ... used for the player's size up to this many yards (at the field's scale) above the ground point. */
  riseYards: 100,
};

interface Options {
  file: string;
  width: number;
  height: number;
  seeds: FramePoint[];
  /** For the progress while decoding. */
  frameCount?: number;
  /** The clip's length: the identity check runs at a pace of the video's time, not of its frames. */
  seconds?: number;
  onProgress?: (share: number) => void;
  /**
   * Told whether the following begun while the clip decoded was kept (decision 299), or the player was
   * followed again after the decode (or the clip was not decoded: `reuse`): the tracking bench reports it,
   * the tests check it.
   */
  onFollowed?: (kept: boolean) => void;
  /**
   * What the clip's content is known by (the track job: its video's stored file). A track of the same clip
   * soon after, on the same frames, reads the frames and yard lines this one decoded instead of decoding
   * them again (decision 333): the analyst's answers to the tracker's questions track the clip again from
   * every click. Without it nothing is kept.
   */
  reuse?: string;
  /** The yard lines found on this thread, not on the lines thread (decision 341): the tests compare the two. */
  inline?: boolean;
  /**
   * The clip's lens and every frame's yard lines, found before the click (`prepareLines`, when the clip was
   * uploaded): used where they are of the frames this track follows, and the player is followed while the
   * clip decodes.
   */
  prepared?: PreparedLines;
  /** Told whether the track read `prepared` (else it found the lines itself, or read a kept clip's). */
  onPrepared?: (used: boolean) => void;
}

/** A clip's lens and every frame's yard lines at the tracker's analysis size, found before any click. */
export interface PreparedLines {
  /** The analysis size they were found at (`${aw}x${ah}`). */
  size: string;
  k1: number;
  lines: Line[][];
}

/**
 * The last clip decoded with a `reuse` key: its frames, their colour planes and its yard lines, for
 * `REUSE_SECONDS` after its last use, or until a clip with another key is tracked (decision 333). Everything
 * the player is followed on depends only on these, so a track from them is the track a fresh decode gives.
 */
interface Decoded {
  key: string;
  frames: Uint8Array[];
  chroma: Uint8Array[] | undefined;
  k1: number;
  lines: Line[][];
}
const REUSE_SECONDS = 120;
let decoded: { clip: Decoded; timer: ReturnType<typeof setTimeout> } | null = null;

/** Lets the kept clip go; with `recycle`, its frames' memory is the next decode's to fill (decision 355). */
function forgetDecoded(recycle = false) {
  if (decoded) {
    clearTimeout(decoded.timer);
    if (recycle) recycleFrames(decoded.clip.frames);
  }
  decoded = null;
}

/** Keeps a decoded clip for the next track of it (the one kept before it is let go). */
function keepDecoded(clip: Decoded) {
  forgetDecoded();
  const timer = setTimeout(forgetDecoded, REUSE_SECONDS * 1000);
  timer.unref();
  decoded = { clip, timer };
}

/**
 * The decoded clip kept under `key`, its time renewed; any other is let go, its memory filled by the decode
 * that follows (no track reads it after: a track of a kept clip follows it without waiting on anything).
 */
function decodedAs(key: string): Decoded | null {
  const clip = decoded?.clip.key === key ? decoded.clip : null;
  if (clip) keepDecoded(clip);
  else forgetDecoded(true);
  return clip;
}

/** Lets the kept clip go (tests). */
export const forgetDecodedForTests = forgetDecoded;

function analysisSize(w: number, h: number) {
  const k = TRACKER.analysisSide / Math.max(w, h);
  const even = (v: number) => Math.max(2, 2 * Math.round((v * k) / 2));
  return { aw: even(w), ah: even(h) };
}

/**
 * The player's size as a share of his size where he was clicked, from its two reads (tracker 2.7.0,
 * decision 298): by the row where the yard lines meet (`rise`, null where there is none) and by the field's
 * scale (`field`). Their geometric mean; the field's read alone where the other is missing.
 */
export function playerSize(rise: number | null, field: number) {
  return rise === null ? field : Math.sqrt(rise * field);
}

/** What the player is followed on: the clip's frames and each frame's lines, as far as they are in. */
interface Source {
  /** Frames of the clip; Infinity while it still decodes. */
  n: number;
  /** The frame count the identity check's pace is set from (`paceOf`): the decoded count, or the file's. */
  paceCount: number;
  /** The lens's bending (`undistortPoint`); the lines are of the picture without it. */
  k1: number;
  lines: (Line[] | undefined)[];
  frames: Uint8Array[];
  chroma?: (Uint8Array | undefined)[];
  /** How many frames, with their lines, are in. */
  ready(): number;
}

/**
 * How long the player may be lost before who is found again is in doubt, and how often the identity check
 * runs (about 30 times a second of video: every frame at 30 fps or less), at the rate `count` frames over
 * `seconds` give.
 */
function paceOf(count: number, seconds: number | undefined) {
  const fps = Math.max(1, count / Math.max(1e-6, seconds ?? count / 30));
  return {
    lostFrames: Math.max(3, Math.round(TRACKER.lostSeconds * fps)),
    checkEvery: Math.max(1, Math.round(fps / 30)),
  };
}

/**
 * Numbers each frame's yard lines from the first click and follows the player from every click: a generator
 * that waits (yields) for frames not yet in, so it can run while the clip decodes (decision 299). What it
 * finds depends only on `src`, not on when the frames came in.
 */
function* followClicks(opts: Options, src: Source, aw: number, ah: number) {
  const kx = aw / opts.width;
  const ky = ah / opts.height;
  const { k1, lines: detected, frames, chroma } = src;
  // A click past the clip's end is put on its last frame: by the count the file states while the clip
  // decodes (the track is kept only where the decoded count puts it there too).
  const last = (Number.isFinite(src.n) ? src.n : src.paceCount) - 1;
  const flat = (x: number, y: number) => undistortPoint(k1, aw, ah, x, y);
  const colourOf = (i: number) => chroma?.[i];
  const seeds = opts.seeds
    .map((s) => ({ frameIndex: Math.min(last, s.frameIndex), x: s.x * kx, y: s.y * ky }))
    .sort((a, b) => a.frameIndex - b.frameIndex);
  const first = seeds[0];
  const labelled: Labelled[][] = [];
  const origin = flat(first.x, first.y);
  while (src.ready() <= first.frameIndex && src.ready() < src.n) yield;
  labelled[first.frameIndex] = labelLines(null, detected[first.frameIndex]!, origin.y, ah, origin.x);
  // Numbers are carried from the nearest frame that has lines, so a frame without any does not renumber the
  // frames after it (tracker 2.4.0). Before the first click at once (those frames are in), after it as far
  // as the following needs (`need`).
  let from = labelled[first.frameIndex];
  for (let i = first.frameIndex - 1; i >= 0; i -= 1) {
    labelled[i] = labelLines(from, detected[i]!, origin.y, ah, origin.x);
    if (labelled[i].length) from = labelled[i];
  }
  let ahead = labelled[first.frameIndex];
  let labelledTo = first.frameIndex;
  /** Waits until frame `j` is in (or the clip is, when it has fewer), and numbers the lines up to it. */
  function* need(j: number) {
    while (src.ready() <= j && src.ready() < src.n) yield;
    const upTo = Math.min(src.n - 1, j);
    for (let i = labelledTo + 1; i <= upTo; i += 1) {
      labelled[i] = labelLines(ahead, detected[i]!, origin.y, ah, origin.x);
      if (labelled[i].length) ahead = labelled[i];
    }
    labelledTo = Math.max(labelledTo, upTo);
  }

  // The field's map at a point of the picture, where it is one a player could stand on (else the frame has
  // none there): yards, and pixels per yard of the picture as shown (the lens's scale there).
  const mapAt = (i: number, x: number, y: number) => {
    const p = flat(x, y);
    const map = fieldMap(labelled[i], p.y, ah);
    if (!plausibleMapAt(map, p.x, ah)) return null;
    return { yards: map.yards(p.x), pxPerYard: map.pxPerYard(p.x) * lensScale(k1, aw, ah, p.x, p.y) };
  };
  const pxy = (i: number, x: number, y: number) => mapAt(i, x, y)?.pxPerYard ?? null;
  // The row where each frame's yard lines meet, the median over a few frames either side (decision 286);
  // each found once, when first asked for (the frames up to `horizonFrames` after it numbered).
  const meets: (number | null | undefined)[] = [];
  const meetsAt = (i: number) =>
    meets[i] === undefined ? (meets[i] = horizonRow(labelled[i], ah)) : meets[i];
  const horizon: (number | null | undefined)[] = [];
  const horizonAt = (i: number) => {
    if (horizon[i] !== undefined) return horizon[i];
    const near: number[] = [];
    for (
      let j = Math.max(0, i - TRACKER.horizonFrames);
      j <= Math.min(src.n - 1, i + TRACKER.horizonFrames);
      j += 1
    ) {
      const r = meetsAt(j);
      if (r !== null) near.push(r);
    }
    near.sort((p, q) => p - q);
    return (horizon[i] = near.length ? near[Math.floor(near.length / 2)] : null);
  };
  // How far below that row a ground point lies, where it is a distance a player's size could follow: below
  // the row, and not so far that the lines were too near parallel to place it (then null).
  const rise = (i: number, x: number, y: number) => {
    const r = horizonAt(i);
    const k = pxy(i, x, y);
    if (r === null || k === null) return null;
    const d = flat(x, y).y - r;
    return d > 0 && d <= TRACKER.riseYards * k ? d : null;
  };
  const template = (s: (typeof seeds)[0]) => {
    const scale = pxy(s.frameIndex, s.x, s.y) ?? ah / 15;
    const t = makeTemplate(
      frames[s.frameIndex],
      aw,
      ah,
      s.x,
      s.y,
      TRACKER.playerYards * scale,
      colourOf(s.frameIndex),
    );
    return { seed: s, t, pxy: scale, rise: rise(s.frameIndex, s.x, s.y) };
  };
  // Each click's template, made when the following reaches it.
  const templates: ReturnType<typeof template>[] = [];
  /**
   * The player's size on frame `i` at ground point (x, y), as a share of his size where he was clicked.
   * Two reads of it: his distance below the row where the yard lines meet, against the same on the clicked
   * frame (decision 286: a camera above the field sees a body's size and that distance shrink alike with
   * depth), and the field's pixels per yard along the row, against the same on the clicked frame. On the
   * calibration scenes the first put the ground point below the feet and the second above them, by up to a
   * seventh of the foot offset each; their geometric mean strayed least (tracker 2.7.0, decision 298). The
   * field's read alone where either end has no such row. `field`: the field's read there, which the caller
   * has already found (the scale the template is matched at).
   */
  const sizeAt = (tpl: (typeof templates)[0], i: number, x: number, y: number, field: number) => {
    const d = tpl.rise === null ? null : rise(i, x, y);
    return playerSize(tpl.rise !== null && d !== null ? d / tpl.rise : null, field);
  };
  const out: RawTrack['frames'] = [];
  const doubts: NonNullable<RawTrack['doubts']> = [];
  const beside = new Set<number>();
  const { lostFrames, checkEvery } = paceOf(src.paceCount, opts.seconds);
  function* follow(
    tpl: (typeof templates)[0],
    from: number,
    to: number,
    open: boolean,
    into: RawTrack['frames'] = out,
  ) {
    const record = into === out;
    const dir = to >= from ? 1 : -1;
    into[from] = {
      frameIndex: from,
      x: tpl.seed.x,
      y: tpl.seed.y,
      height: tpl.t.height,
      confidence: 1,
      state: 'tracked',
    };
    let prev = { x: tpl.seed.x, y: tpl.seed.y };
    let vel = { x: 0, y: 0 };
    let lost = 0;
    let doubt: { from: number; reason: string; clear: number; clickAt: number | null } | null = null;
    for (let i = from + dir; dir > 0 ? i <= to : i >= to; i += dir) {
      yield* need(i + TRACKER.horizonFrames);
      // Followed to the end of a clip still decoding (`to` Infinity): it ends at its last frame.
      if (i >= src.n) break;
      const pred = { x: prev.x + vel.x, y: prev.y + vel.y };
      // The template is matched at the field's scale; the ground point is placed below the match by the
      // player's size (decision 286).
      const scale = (pxy(i, pred.x, pred.y) ?? tpl.pxy) / tpl.pxy;
      const size = sizeAt(tpl, i, pred.x, pred.y, scale);
      const height = tpl.t.height * scale;
      const c = { x: pred.x + (tpl.t.cx - tpl.t.gx) * size, y: pred.y + (tpl.t.cy - tpl.t.gy) * size };
      const radius = Math.round(Math.max(3, 0.2 * height) * Math.min(4, 1 + lost / 3));
      const m = matchTemplate(tpl.t, frames[i], scale, c.x, c.y, radius, colourOf(i));
      const found = m.ncc >= TRACKER.minConfidence;
      // Is another player who looks the same near enough to be taken for this one?
      let near = false;
      if (found && (Math.abs(i - from) % checkEvery === 0 || doubt)) {
        const floor = Math.max(TRACKER.minConfidence, m.ncc - TRACKER.lookAlikeMargin - 0.1);
        const reach = Math.round(TRACKER.besideHeights * height);
        const other = lookAlike(
          tpl.t,
          frames[i],
          scale,
          m.x,
          m.y,
          reach,
          Math.max(2, 0.3 * height),
          floor,
          colourOf(i),
        );
        if (other) {
          const fine = matchTemplate(
            tpl.t,
            frames[i],
            scale,
            other.x,
            other.y,
            Math.max(2, Math.round(reach / 24)),
            colourOf(i),
          );
          const d = Math.hypot(fine.x - m.x, fine.y - m.y);
          if (fine.ncc >= m.ncc - TRACKER.lookAlikeMargin && d > 0.25 * height) {
            if (d <= TRACKER.nearHeights * height) near = true;
            else if (record) beside.add(i);
          }
        }
      }
      if (!found && lost + 1 >= lostFrames && !doubt) {
        // Lost where he was going inside the picture, or gone out of it (the track ends there).
        const inside = pred.x > 0.03 * aw && pred.x < 0.97 * aw && pred.y > 0 && pred.y < ah;
        doubt = { from: i - dir * lost, reason: inside ? 'lost' : 'left', clear: 0, clickAt: null };
      }
      if (near && !doubt) doubt = { from: i, reason: 'near', clear: 0, clickAt: null };
      // Found again far from where he was going: perhaps someone else.
      if (found && !doubt) {
        const g = groundOf(tpl.t, m, size);
        if (Math.hypot(g.x - pred.x, g.y - pred.y) > TRACKER.jumpHeights * height)
          doubt = { from: i - dir * lost, reason: 'jump', clear: 0, clickAt: null };
      }
      if (doubt && doubt.clickAt === null) {
        doubt.clear = found && !near ? doubt.clear + 1 : 0;
        if (doubt.clear >= 2) doubt.clickAt = i;
      }
      if (found) {
        const g = groundOf(tpl.t, m, size);
        // The step from the last frame, smoothed over a few frames: one frame's step is mostly noise at 120 fps.
        const k = i === from + dir ? 1 : 0.5;
        vel =
          lost === 0 ? { x: vel.x + k * (g.x - prev.x - vel.x), y: vel.y + k * (g.y - prev.y - vel.y) } : vel;
        prev = g;
        lost = 0;
        into[i] = {
          frameIndex: i,
          x: g.x,
          y: g.y,
          height: tpl.t.height * size,
          confidence: m.ncc,
          state: doubt ? 'unsure' : 'tracked',
        };
      } else {
        prev = pred;
        lost += 1;
        into[i] = {
          frameIndex: i,
          x: pred.x,
          y: pred.y,
          height: tpl.t.height * size,
          confidence: Math.max(0, m.ncc),
          state: 'low',
        };
      }
    }
    to = Math.min(to, src.n - 1);
    // Gone out of the picture: the track ends there, nothing to ask (the fit's window check refuses a
    // Max Speed cut short by it). Lost inside it and never found again: the click is asked a little later.
    if (doubt && doubt.reason === 'left') doubt = null;
    if (doubt && doubt.clickAt === null) {
      const later = doubt.from + dir * 2 * lostFrames;
      doubt.clickAt = dir > 0 ? Math.min(to, later) : Math.max(to, later);
    }
    if (doubt && record) {
      // Frames lost just before the doubt began are in doubt too.
      for (let i = doubt.from; dir > 0 ? i <= to : i >= to; i += dir)
        if (into[i].state === 'tracked') into[i] = { ...into[i], state: 'unsure' };
      doubts.push({
        from: doubt.from,
        to,
        dir,
        clickAt: doubt.clickAt ?? doubt.from,
        reason:
          doubt.reason === 'near'
            ? 'Another player who looks the same came close to the player'
            : doubt.reason === 'jump'
              ? 'The track jumped away from where the player was going'
              : 'The tracker lost the player',
        open,
      });
    }
  }
  for (let k = 0; k < seeds.length; k += 1) {
    const start = seeds[k].frameIndex;
    yield* need(start + TRACKER.horizonFrames);
    const tpl = template(seeds[k]);
    templates.push(tpl);
    const prevSeed = seeds[k - 1]?.frameIndex;
    const nextSeed = seeds[k + 1]?.frameIndex;
    const back = prevSeed === undefined ? 0 : zoneEnd(prevSeed, start) + 1;
    const upTo = nextSeed === undefined ? Infinity : zoneEnd(start, nextSeed);
    yield* follow(tpl, start, back, prevSeed === undefined);
    yield* follow(tpl, start, upTo, nextSeed === undefined);
  }
  yield* need(Infinity);
  // Each click's look followed on to the clicks either side of it, over the frames the other click places
  // (tracker 2.10.0, decision 306): the fit puts the fastest 10 yards on one look.
  const reach: { click: number; frames: Map<number, RawTrack['frames'][0]> }[] = templates.map((t) => ({
    click: t.seed.frameIndex,
    frames: new Map(),
  }));
  // Between two clicks, a frame in doubt is the player's where the tracks from both clicks agree on it and it
  // lies on his way between the frames on either side known for sure (issue 48's identity check).
  for (let k = 0; k + 1 < templates.length; k += 1) {
    const a = templates[k].seed.frameIndex;
    const b = templates[k + 1].seed.frameIndex;
    const doubtful = (i: number) => out[i].state === 'unsure' || out[i].state === 'low';
    let any = false;
    for (let i = a + 1; i < b; i += 1) any ||= doubtful(i);
    const fromA: RawTrack['frames'] = [];
    const fromB: RawTrack['frames'] = [];
    yield* follow(templates[k], a, b, false, fromA);
    yield* follow(templates[k + 1], b, a, false, fromB);
    const mid = zoneEnd(a, b);
    for (let i = a + 1; i < b; i += 1) {
      const f = i > mid ? fromA[i] : fromB[i];
      if (f?.state === 'tracked') reach[i > mid ? k : k + 1].frames.set(i, f);
    }
    if (
      partedFrames(fromA, fromB, a, b, (i, x, y) => pxy(i, x, y) ?? templates[k].pxy) >= TRACKER.partedFrames
    ) {
      for (let i = a + 1; i < b; i += 1)
        if (out[i].state === 'tracked') out[i] = { ...out[i], state: 'unsure' };
      continue;
    }
    if (!any) continue;
    const agreed = new Map<number, { x: number; y: number; height?: number; confidence: number }>();
    for (let i = a + 1; i < b; i += 1) {
      const p = fromA[i];
      const q = fromB[i];
      if (!doubtful(i) || p.state === 'low' || q.state === 'low') continue;
      const h = (pxy(i, p.x, p.y) ?? templates[k].pxy) * TRACKER.playerYards;
      if (Math.hypot(p.x - q.x, p.y - q.y) <= 0.1 * h)
        agreed.set(i, {
          x: (p.x + q.x) / 2,
          y: (p.y + q.y) / 2,
          height: Math.max(p.height ?? 0, q.height ?? 0) || undefined,
          confidence: Math.min(p.confidence, q.confidence),
        });
    }
    for (let i = a + 1; i < b; i += 1) {
      const g = agreed.get(i);
      if (!g) continue;
      let lo = i - 1;
      while (lo > a && doubtful(lo)) lo -= 1;
      let hi = i + 1;
      while (hi < b && doubtful(hi)) hi += 1;
      const u = (i - lo) / (hi - lo);
      const line = { x: out[lo].x + u * (out[hi].x - out[lo].x), y: out[lo].y + u * (out[hi].y - out[lo].y) };
      const h = (pxy(i, g.x, g.y) ?? templates[k].pxy) * TRACKER.playerYards;
      if (Math.hypot(g.x - line.x, g.y - line.y) <= 0.15 * h)
        out[i] = { frameIndex: i, ...g, state: 'tracked' };
    }
  }
  return { out, doubts, beside, labelled, mapAt, reach };
}

/**
 * How many frames between clicks `a` and `b` the look followed from `a` (`fromA`) and the look followed back
 * from `b` (`fromB`), each following the player for sure there, lie more than `TRACKER.partYards` apart
 * (`pxPerYard`: the field's scale at a point of a frame). Both follow the same player where they agree: where
 * they part, one of them took another player (decision 312).
 */
export function partedFrames(
  fromA: RawTrack['frames'],
  fromB: RawTrack['frames'],
  a: number,
  b: number,
  pxPerYard: (i: number, x: number, y: number) => number,
) {
  let parted = 0;
  for (let i = a + 1; i < b; i += 1) {
    const p = fromA[i];
    const q = fromB[i];
    if (p?.state !== 'tracked' || q?.state !== 'tracked') continue;
    if (Math.hypot(p.x - q.x, p.y - q.y) > TRACKER.partYards * pxPerYard(i, p.x, p.y)) parted += 1;
  }
  return parted;
}

/** A generator run a step at a time, its value kept once it ends. */
function stepper<T>(g: Generator<void, T>) {
  let value: { v: T } | null = null;
  return {
    /** Runs it until it waits or ends. */
    step() {
      if (value) return;
      const r = g.next();
      if (r.done) value = { v: r.value };
    },
    /** Runs it to its end, every frame being in: it has nothing left to wait for. */
    finish(): T {
      this.step();
      if (!value) throw new Error('The tracker waited for a frame after the clip was in');
      return value.v;
    },
  };
}

/** How far under a multiple of `TRACKER.followFps` a clip's rate may be and count as that multiple. */
const PICK_SLACK = 0.05;

/**
 * The frames a clip is followed on (tracker 2.8.0, decision 301; tracker 2.23.0, decision 356), or null for
 * every frame: at 117 frames a second or more every second frame (every third at 174 ..., every fourth at 240),
 * more apart where the clip is too long for `maxFrames` while that leaves `TRACKER.leastFps` a second; from the
 * earliest click's frame, and every clicked frame. From the file's frame count and the clip's length (none
 * without them).
 */
export function framePick(
  count: number | undefined,
  seconds: number | undefined,
  maxFrames: number,
  seeds: FramePoint[],
): FramePick | null {
  if (!count || !seconds || !(count > 1) || !seeds.length) return null;
  const fps = count / seconds;
  // A rate a little under a multiple of `followFps` (119.88, a variable 118) is that multiple (decision 356).
  let step = Math.max(1, Math.floor(fps / TRACKER.followFps + PICK_SLACK));
  while (count / step > maxFrames && fps / (step + 1) >= TRACKER.leastFps) step += 1;
  if (step === 1) return null;
  // From the earliest click, whatever order the clicks come in (the job sorts them; a caller need not).
  const phase = Math.min(...seeds.map((s) => s.frameIndex)) % step;
  const extra = [...new Set(seeds.map((s) => s.frameIndex))].filter((n) => (n - phase) % step !== 0);
  return { step, phase, extra: extra.sort((a, b) => a - b) };
}

/** How many frames of a clip of this size the tracker keeps (`TRACKER.frameBytes`). */
function maxFramesOf(aw: number, ah: number) {
  return Math.floor(TRACKER.frameBytes / (aw * ah));
}

export async function trackClip(clip: Options): Promise<RawTrack> {
  const { aw, ah } = analysisSize(clip.width, clip.height);
  const kx = aw / clip.width;
  const ky = ah / clip.height;
  const maxFrames = maxFramesOf(aw, ah);
  // The clip's frames followed, and which frame of the clip each is (all of them without `pick`).
  const pick = framePick(clip.frameCount, clip.seconds, maxFrames, clip.seeds);
  const fileFrame: number[] = [];
  let scanned = 0;
  const fileOf = (j: number) => {
    while (fileFrame.length <= j) {
      if (!pick || picks(pick, scanned)) fileFrame.push(scanned);
      scanned += 1;
    }
    return fileFrame[j];
  };
  const followedOf = (n: number) => {
    let j = 0;
    while (fileOf(j) < n) j += 1;
    return j;
  };
  // Below, frame i is the i-th frame followed; the track is told in the clip's frames at the end.
  const opts: Options = pick
    ? {
        ...clip,
        seeds: clip.seeds.map((s) => ({ ...s, frameIndex: followedOf(s.frameIndex) })),
        frameCount: clip.frameCount && followedOf(clip.frameCount),
      }
    : clip;
  const progress = (share: number) => opts.onProgress?.(Math.min(1, share));
  // The frames picked, their size and how many may be kept are part of what a kept clip is.
  const reuseKey =
    clip.reuse === undefined
      ? null
      : [
          clip.reuse,
          `${aw}x${ah}`,
          maxFrames,
          pick ? `${pick.step}:${pick.phase}:${pick.extra.join(',')}` : 'all',
        ].join('|');
  const again = reuseKey === null ? null : decodedAs(reuseKey);
  if (again) opts.onFollowed?.(false);
  // The lines found at upload, where they are of the frames this track follows (all of them, at this size).
  const prepared = !again && !pick && clip.prepared?.size === `${aw}x${ah}` ? clip.prepared : null;
  const fromPrepared =
    prepared && (await decodePrepared(opts, aw, ah, maxFrames, progress, reuseKey, prepared));
  clip.onPrepared?.(!!fromPrepared);
  const { followed, k1, n } = again
    ? { followed: followDecoded(opts, again, aw, ah), k1: again.k1, n: again.frames.length }
    : (fromPrepared ?? (await decodeAndFollow(opts, aw, ah, maxFrames, pick, progress, reuseKey)));
  const { out, doubts, beside, labelled, mapAt, reach } = followed;
  progress(0.9);

  const yardsOf = (i: number) => {
    const f = out[i];
    return f.state === 'tracked' ? (mapAt(i, f.x, f.y)?.yards ?? null) : null;
  };
  const known = out.map((_, i) => yardsOf(i)).filter((y): y is number => y !== null);
  // Yards grow in the runner's direction: a run toward the left of the picture counts back from line 1.
  const forward = known.length < 2 || known[known.length - 1] >= known[0];
  const yardLineOf = (label: number) => (forward ? 5 * label : 5 - 5 * label);
  const raw: RawTrack = {
    width: opts.width,
    height: opts.height,
    frames: out.map((f) => ({ ...f, x: f.x / kx, y: f.y / ky, height: f.height && f.height / ky })),
    doubts,
    beside: [...beside].sort((a, b) => a - b),
    lens: { k1 },
    reach: reach.map((r) => ({
      click: r.click,
      frames: [...r.frames.values()]
        .sort((p, q) => p.frameIndex - q.frameIndex)
        .map((f) => ({
          frameIndex: f.frameIndex,
          x: f.x / kx,
          y: f.y / ky,
          height: f.height && f.height / ky,
        })),
    })),
    lines: labelled.map((ls, i) => ({
      frameIndex: i,
      lines: ls
        .map((l) => ({ yardLine: yardLineOf(l.label), x0: lineX(l, 0, ah) / kx, x1: lineX(l, ah, ah) / kx }))
        .sort((a, b) => a.yardLine - b.yardLine),
    })),
  };
  const clicks = [...new Set(clip.seeds.map((s) => s.frameIndex))].sort((a, b) => a - b);
  return { ...(pick ? inClipFrames(raw, fileOf, n, clip.frameCount, pick.step) : raw), clicks };
}

type Followed = ReturnType<typeof followDecoded>;

/** The player followed on a clip whose frames and yard lines are all in (decoded, or kept: `reuse`). */
function followDecoded(opts: Options, d: Omit<Decoded, 'key'>, aw: number, ah: number) {
  const n = d.frames.length;
  const src: Source = {
    n,
    paceCount: n,
    k1: d.k1,
    lines: d.lines,
    frames: d.frames,
    chroma: d.chroma,
    ready: () => n,
  };
  return stepper(followClicks(opts, src, aw, ah)).finish();
}

/**
 * Whether following a clip on the frame count its file states (`expected`) is following it on the `n` frames
 * decoded: the same pace of the identity check and the same frames for the clicks (one past the end is put on
 * the last frame).
 */
function sameCount(opts: Options, expected: number, n: number) {
  const p = paceOf(expected, opts.seconds);
  const q = paceOf(n, opts.seconds);
  return (
    p.lostFrames === q.lostFrames &&
    p.checkEvery === q.checkEvery &&
    opts.seeds.every((s) => Math.min(expected - 1, s.frameIndex) === Math.min(n - 1, s.frameIndex))
  );
}

/**
 * Decodes the clip, finding each frame's yard lines as it comes in and following the player meanwhile where
 * that holds (decision 299); keeps what it decoded under `reuseKey` (decision 333). The lines are found on
 * the lines thread where there is one (decision 341), so the player is followed here meanwhile: while the clip
 * decodes (where the following is kept), and after it on each frame as its lines come in.
 */
async function decodeAndFollow(
  opts: Options,
  aw: number,
  ah: number,
  maxFrames: number,
  pick: FramePick | null,
  progress: (share: number) => void,
  reuseKey: string | null,
) {
  const expected = Math.max(1, opts.frameCount ?? 1);
  const thread = opts.inline ? null : await linesThread();
  // While no lens is measured, every frame's lines are found as it comes in, and the player is followed on
  // them and on the frame count the file states (decision 299), while the lines keep up with the decode: the
  // following then takes time the machine would spend waiting for ffmpeg, and little is thrown away where the
  // clip turns out to have a lens. Kept only where the whole clip gives the same: every frame's lines found
  // so, no lens, and the same pace and clicked frames with the count decoded; else followed again once the
  // clip is in, on its lines without the lens, as they come in. The lines are found on the lines thread where
  // there is one (decision 341), else on this one.
  const grey: Uint8Array[] = [];
  const colour: (Uint8Array | undefined)[] = [];
  const seen: (Line[] | undefined)[] = [];
  let seenIn = 0;
  const live: Source = {
    n: Infinity,
    paceCount: expected,
    k1: 0,
    lines: seen,
    frames: grey,
    chroma: colour,
    // The lines thread may see a frame before this thread has it.
    ready: () => Math.min(seenIn, grey.length),
  };
  let early = opts.frameCount ? stepper(followClicks(opts, live, aw, ah)) : null;
  // Whether the lines keep up with the decode: of the frames ffmpeg's reader has posted (those this thread
  // has, and those `waiting`), the lines thread has seen all but one; on this thread, none waits.
  let waitingNow = 0;
  const keepsUp = () => (thread ? grey.length + waitingNow - seenIn <= 1 : waitingNow === 0);
  // Each frame's lines without the lens, as they come in once the clip is (`late`: the following on them).
  const detected: Line[][] = [];
  let linesIn = 0;
  let late: ReturnType<typeof stepper<Followed>> | null = null;
  const work = clipLines(thread, aw, ah, expected, {
    seen(i, r) {
      seen[i] = r.seen;
      seenIn = i + 1;
      if (!r.every) early = null;
      if (thread && keepsUp()) early?.step();
    },
    lines(i, lines) {
      detected[i] = lines;
      linesIn = i + 1;
      late?.step();
    },
  });
  let frames: Uint8Array[];
  let chroma: Uint8Array[] | undefined;
  try {
    ({ frames, chroma } = await decodeGray(
      opts.file,
      aw,
      ah,
      (i, frame, planes, waiting) => {
        grey.push(frame);
        colour.push(planes);
        waitingNow = waiting;
        if (!work.port) work.add(i, frame);
        if (keepsUp()) early?.step();
        if (i % 30 === 0) progress((0.7 * i) / expected);
      },
      // As long a clip as with grey alone: the two colour planes add half of `frameBytes` again.
      maxFrames,
      true,
      pick ?? undefined,
      work.port,
    ));
  } catch (err) {
    work.drop();
    throw err;
  }
  const n = frames.length;
  // The lens's bending, measured on the clip's lines; the lines are found in the picture without it
  // (tracker 2.5.0, decision 296).
  const k1 = await work.finish(n);
  live.n = n;
  // What the track followed during the decode took as given: no lens, every frame's lines as seen, the
  // file's count for the pace and for where a click past the end is put.
  const kept = early !== null && k1 === 0 && sameCount(opts, expected, n);
  opts.onFollowed?.(kept);
  if (!kept) {
    const after: Source = {
      n,
      paceCount: n,
      k1,
      lines: detected,
      frames: grey,
      chroma: colour,
      ready: () => linesIn,
    };
    late = stepper(followClicks(opts, after, aw, ah));
    late.step();
  }
  await work.done;
  if (reuseKey !== null) keepDecoded({ key: reuseKey, frames, chroma, k1, lines: detected });
  const followed = kept ? early!.finish() : late!.finish();
  return { followed, k1, n };
}

/**
 * Decodes the clip whose lens and lines were found before (`prepared`), following the player as its frames
 * come in. Null where the decode gives another count of frames than the lines were found on (then the clip is
 * tracked as one without them).
 */
async function decodePrepared(
  opts: Options,
  aw: number,
  ah: number,
  maxFrames: number,
  progress: (share: number) => void,
  reuseKey: string | null,
  prepared: PreparedLines,
) {
  const expected = Math.max(1, opts.frameCount ?? 1);
  const grey: Uint8Array[] = [];
  const colour: (Uint8Array | undefined)[] = [];
  const live: Source = {
    n: Infinity,
    paceCount: expected,
    k1: prepared.k1,
    lines: prepared.lines,
    frames: grey,
    chroma: colour,
    ready: () => Math.min(grey.length, prepared.lines.length),
  };
  const early = opts.frameCount ? stepper(followClicks(opts, live, aw, ah)) : null;
  const { frames, chroma } = await decodeGray(
    opts.file,
    aw,
    ah,
    (i, frame, planes) => {
      grey.push(frame);
      colour.push(planes);
      early?.step();
      if (i % 30 === 0) progress((0.7 * i) / expected);
    },
    maxFrames,
    true,
  );
  const n = frames.length;
  if (n !== prepared.lines.length) return null;
  live.n = n;
  const kept = early !== null && sameCount(opts, expected, n);
  opts.onFollowed?.(kept);
  const clip = { frames, chroma, k1: prepared.k1, lines: prepared.lines };
  if (reuseKey !== null) keepDecoded({ key: reuseKey, ...clip });
  const followed = kept ? early.finish() : followDecoded(opts, clip, aw, ah);
  return { followed, k1: prepared.k1, n };
}

/**
 * A clip's lens and every frame's yard lines, found as a track finds them, before any click (the clip's
 * upload): null where a track would follow some of its frames only (`framePick`).
 */
export async function prepareLines(clip: {
  file: string;
  width: number;
  height: number;
  frameCount?: number;
  seconds?: number;
}): Promise<PreparedLines | null> {
  const { aw, ah } = analysisSize(clip.width, clip.height);
  const maxFrames = maxFramesOf(aw, ah);
  if (framePick(clip.frameCount, clip.seconds, maxFrames, [{ frameIndex: 0, x: 0, y: 0 }])) return null;
  const thread = await linesThread();
  const lines: Line[][] = [];
  const work = clipLines(thread, aw, ah, Math.max(1, clip.frameCount ?? 1), {
    seen() {},
    lines(i, l) {
      lines[i] = l;
    },
  });
  let n: number;
  try {
    ({
      frames: { length: n },
    } = await decodeGray(
      clip.file,
      aw,
      ah,
      (i, frame) => {
        if (!work.port) work.add(i, frame);
      },
      maxFrames,
      // The grey alone: its picture is the one the track decodes with the colour planes (the lines read only it).
      false,
      undefined,
      work.port,
    ));
  } catch (err) {
    work.drop();
    throw err;
  }
  const k1 = await work.finish(n);
  await work.done;
  return { size: `${aw}x${ah}`, k1, lines };
}

/**
 * A track followed on some of the clip's frames (`framePick`), told in the clip's frames: every frame of the
 * clip, those not followed 'skipped' (no point, no lines). `fileOf(i)`: the clip's frame the i-th followed
 * frame is; `n` frames were followed. The clip ends at the file's frame count where that agrees with the
 * frames decoded, else at the last one followed.
 */
function inClipFrames(
  raw: RawTrack,
  fileOf: (i: number) => number,
  n: number,
  frameCount: number | undefined,
  step: number,
): RawTrack {
  const last = fileOf(n - 1);
  const total = frameCount && frameCount > last && frameCount <= last + step ? frameCount : last + 1;
  const frames: RawTrack['frames'] = Array.from({ length: total }, (_, i) => ({
    frameIndex: i,
    x: 0,
    y: 0,
    confidence: 0,
    state: 'skipped' as const,
  }));
  const lines: RawTrack['lines'] = Array.from({ length: total }, (_, i) => ({ frameIndex: i, lines: [] }));
  const at = (i: number) => fileOf(Math.max(0, Math.min(n - 1, i)));
  for (const f of raw.frames) frames[at(f.frameIndex)] = { ...f, frameIndex: at(f.frameIndex) };
  for (const l of raw.lines) lines[at(l.frameIndex)] = { ...l, frameIndex: at(l.frameIndex) };
  return {
    ...raw,
    frames,
    lines,
    doubts: raw.doubts?.map((d) => ({ ...d, from: at(d.from), to: at(d.to), clickAt: at(d.clickAt) })),
    beside: raw.beside?.map(at),
    reach: raw.reach?.map((r) => ({
      click: at(r.click),
      frames: r.frames.map((f) => ({ ...f, frameIndex: at(f.frameIndex) })),
    })),
  };
}
