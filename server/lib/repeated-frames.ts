import { spawn } from 'node:child_process';
import type { FrameChanges } from '../../contract/measurement-math';
import { ffmpegPath } from './ffmpeg';

/**
 * Repeated frames told by what a phone does (decision 241), not by how far the runner moved.
 *
 * A phone that fills in a frame it did not capture encodes the same picture again: in a scene that moves,
 * that frame changes far less than the frames around it (only the encoder's noise), and moving things
 * (a runner, a panning camera) never pause for one frame and go on. So a frame is called a repeat only
 * where the scene around it moves clearly and the frame shows at most a third of that change. Where
 * the scene itself is still (a runner in his stance, a camera on a tripod), a repeat cannot be told from a
 * still picture: such frames are listed as quiet, never refused; a bound that reaches back over them
 * widens by as many frames as this phone was seen to repeat in a row (decision 241).
 *
 * The change of a frame is read at the decoded resolution and in colour (a red kit on green grass has
 * the grass's brightness but not its colour): the mean absolute difference of each 16x16 block, luma
 * plus both chroma planes, against the frame before it. A repeat is a frame in which every block that
 * moves before and after it froze at once.
 */

const BLOCK = 16;
/** A repeat shows at most this share of the change of the frames around it. */
const REPEAT_SHARE = 1 / 3;
/** A phone that repeats pictures repeats a few at most; a longer pause is the scene being still. */
const MAX_REPEAT_RUN = 4;
/**
 * Blocks (of 16x16) that must move around a frame, and all freeze in it, to call it a repeat: less moving
 * area (a counter burned into the picture, a far-off player) is too little to tell a repeat by.
 */
const MIN_FROZEN_BLOCKS = 4;
/** The share of the moving blocks that must freeze (the encoder leaves some edges changing). */
const FROZEN_SHARE = 2 / 3;
/** Frames at the end of a clip a decoder may leave out (their packets are counted, their pictures not shown). */
const MAX_UNDECODED_AT_END = 2;
/** Moving frames needed to say how this phone repeats; with fewer, one repeat is assumed possible. */
const MIN_MOVING_FRAMES = 30;
/** The smallest change (grey levels, mean over a block, three planes) that is more than 8-bit rounding. */
const MIN_LEVEL = 1.5;
/** Change above this many times the clip's own quiet level is motion. */
const NOISE_FACTOR = 4;
/**
 * A block change above this is motion whatever the clip's quiet level (grey levels: the most a still
 * picture changed from frame to frame through a phone's encoder, sensor noise re-encoded at CRF 30, was
 * under 7): a clip in which everything always moves (a hand-held camera) has no quiet level of its own.
 */
const MOTION_CAP = 8;

/** Block values are kept as whole numbers of this fraction of a grey level (a frame's blocks in 16 bits). */
const SCALE = 8;

/**
 * Every 16x16 block's change between two yuv420p frames of the given size: mean absolute difference of
 * the luma plus both chroma planes, in 1/SCALE grey levels.
 */
export function blockChanges(prev: Uint8Array, cur: Uint8Array, width: number, height: number): Uint16Array {
  const cw = width >> 1;
  const ySize = width * height;
  const cSize = cw * (height >> 1);
  const bw = Math.floor(width / BLOCK);
  const bh = Math.floor(height / BLOCK);
  const out = new Uint16Array(bw * bh);
  const half = BLOCK >> 1;
  for (let j = 0; j < bh; j += 1) {
    const by = j * BLOCK;
    for (let i = 0; i < bw; i += 1) {
      const bx = i * BLOCK;
      let y = 0;
      for (let r = by; r < by + BLOCK; r += 1) {
        let p = r * width + bx;
        const end = p + BLOCK;
        for (; p < end; p += 1) {
          const d = cur[p] - prev[p];
          y += d < 0 ? -d : d;
        }
      }
      let c = 0;
      for (let r = by >> 1; r < (by >> 1) + half; r += 1) {
        let p = r * cw + (bx >> 1);
        const end = p + half;
        for (; p < end; p += 1) {
          const du = cur[ySize + p] - prev[ySize + p];
          const dv = cur[ySize + cSize + p] - prev[ySize + cSize + p];
          c += (du < 0 ? -du : du) + (dv < 0 ? -dv : dv);
        }
      }
      const value = y / (BLOCK * BLOCK) + c / (half * half);
      out[j * bw + i] = Math.min(65535, Math.round(value * SCALE));
    }
  }
  return out;
}

const largest = (blocks: Uint16Array) => {
  let best = 0;
  for (let i = 0; i < blocks.length; i += 1) if (blocks[i] > best) best = blocks[i];
  return best / SCALE;
};

function quantile(values: number[], q: number) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/**
 * Whether frames a..b show the same picture as frame a-1: every block that moves clearly both before
 * (frame a-1 against a-2) and after (frame b+1 against b) changes by at most a third of that in each of
 * them. A repeat freezes every moving thing at once; a small or slow change (a runner's first movement,
 * a counter burned into the picture) leaves some of them moving.
 */
function freezes(blocks: Uint16Array[], a: number, b: number, moving: number, small: boolean) {
  const before = blocks[a - 1];
  const after = blocks[b + 1];
  const floor = moving * SCALE;
  let seen = 0;
  let frozen = 0;
  for (let i = 0; i < before.length; i += 1) {
    const flank = Math.min(before[i], after[i]);
    if (flank < floor) continue;
    seen += 1;
    let still = true;
    for (let k = a; k <= b && still; k += 1) if (blocks[k][i] > REPEAT_SHARE * flank) still = false;
    if (still) frozen += 1;
  }
  // A small or far runner moves fewer blocks than that: where the frame is as still as the clip's stillest
  // frames and came as late as usual, every one of its moving blocks freezes at once (rule 3).
  if (small && seen >= 1 && seen < MIN_FROZEN_BLOCKS) return frozen === seen;
  return seen >= MIN_FROZEN_BLOCKS && frozen >= FROZEN_SHARE * seen;
}

/**
 * Which frames repeat the picture before them, which cannot be told from a repeat, and how many this phone
 * repeats in a row, from every frame's block changes against the frame before it (`blocks[0]` is not read),
 * and the frames' timestamps (any unit) when known: a frame that came sooner than usual changed less for it.
 */
export function classifyChanges(blocks: Uint16Array[], ticks?: readonly number[]): FrameChanges {
  const n = blocks.length;
  const changes = blocks.map(largest);
  const quietLevel = quantile(changes.slice(1), 0.1);
  const moving = Math.max(Math.min(NOISE_FACTOR * quietLevel, MOTION_CAP), MIN_LEVEL);
  const timed = ticks !== undefined && ticks.length >= n;
  const usualStep = timed
    ? quantile(
        ticks.slice(1, n).map((t, i) => t - ticks[i]),
        0.5,
      )
    : 0;
  /** Frames a..b as still as the clip's stillest, none of them sooner than 3/4 of the usual step. */
  const smallRepeat = (a: number, b: number, peak: number) => {
    if (!timed || peak > quietLevel) return false;
    for (let k = a; k <= b; k += 1) if (ticks[k] - ticks[k - 1] < 0.75 * usualStep) return false;
    return true;
  };
  const repeats: number[] = [];
  const isRepeat = new Set<number>();
  let longestRun = 0;
  for (let a = 2; a < n - 1; a += 1) {
    if (!(changes[a - 1] >= moving) || !(changes[a] <= REPEAT_SHARE * changes[a - 1])) continue;
    // The longest run a..b (a phone repeats a few pictures at most) that changed at most a third of the
    // frames around it, and in which the moving things froze.
    let found = -1;
    let peak = 0;
    for (let b = a; b < Math.min(n - 1, a + MAX_REPEAT_RUN); b += 1) {
      peak = Math.max(peak, changes[b]);
      const flank = Math.min(changes[a - 1], changes[b + 1]);
      if (
        flank >= moving &&
        peak <= REPEAT_SHARE * flank &&
        freezes(blocks, a, b, moving, smallRepeat(a, b, peak))
      )
        found = b;
    }
    if (found < 0) continue;
    for (let k = a; k <= found; k += 1) {
      repeats.push(k);
      isRepeat.add(k);
    }
    longestRun = Math.max(longestRun, found - a + 1);
    a = found;
  }
  const quiet: [number, number][] = [];
  let movingFrames = 0;
  for (let k = 1; k < n; k += 1) {
    if (changes[k] >= moving) movingFrames += 1;
    else if (!isRepeat.has(k)) {
      const last = quiet[quiet.length - 1];
      if (last && last[1] === k - 1) last[1] = k;
      else quiet.push([k, k]);
    }
  }
  const repeatRun = Math.max(longestRun, movingFrames < MIN_MOVING_FRAMES ? 1 : 0);
  return { rule: 3, repeats, quiet, repeatRun, movingFrames };
}

/**
 * Reads every frame's change by decoding the first video stream at its coded size (not rotated), and
 * classifies them; null when the decoded count differs from the probed one by more than a frame or two
 * missing at the end (then nothing is claimed).
 * Memory is two frames whatever the clip's length.
 */
export function frameChanges(
  file: string,
  size: { width: number; height: number },
  expectedFrames: number,
  timeoutMs = 10 * 60_000,
  /** The frames' timestamps (the stream's ticks), when known: rule 3's small repeats need them. */
  ticks?: readonly number[],
) {
  const width = size.width & ~1;
  const height = size.height & ~1;
  return new Promise<FrameChanges | null>((resolve, reject) => {
    if (width < BLOCK || height < BLOCK) {
      resolve(null);
      return;
    }
    const frameBytes = (width * height * 3) / 2;
    const child = spawn(
      ffmpegPath(),
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-noautorotate',
        '-i',
        file,
        '-map',
        '0:v:0',
        '-vsync',
        '0',
        '-vf',
        `scale=${width}:${height},format=yuv420p`,
        '-f',
        'rawvideo',
        '-',
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let prev: Buffer | null = null;
    let cur: Buffer = Buffer.alloc(frameBytes);
    let filled = 0;
    // Every frame's blocks, 2 bytes each: 8 MB a minute of 1080p at 60 fps.
    const blocks: Uint16Array[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      let off = 0;
      while (off < chunk.length) {
        const take = Math.min(frameBytes - filled, chunk.length - off);
        chunk.copy(cur, filled, off, off + take);
        filled += take;
        off += take;
        if (filled < frameBytes) continue;
        blocks.push(prev ? blockChanges(prev, cur, width, height) : new Uint16Array(0));
        const spare: Buffer = prev ?? Buffer.alloc(frameBytes);
        prev = cur;
        cur = spare;
        filled = 0;
      }
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (blocks.length > 1) blocks[0] = new Uint16Array(blocks[1].length);
      // A decoder may not output the last packet or two (a truncated last frame): those frames are read as
      // unchanged, so they count as quiet (in doubt), never as new. Any other difference claims nothing.
      const missing = expectedFrames - blocks.length;
      if (code !== 0 || blocks.length < 2 || missing < 0 || missing > MAX_UNDECODED_AT_END) {
        resolve(null);
        return;
      }
      for (let k = 0; k < missing; k += 1) blocks.push(new Uint16Array(blocks[1].length));
      resolve(classifyChanges(blocks, ticks));
    });
  });
}
