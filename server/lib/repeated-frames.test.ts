import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rawVideoEncoder } from './raw-encoder';
import { blockChanges, classifyChanges, frameChanges } from './repeated-frames';

/**
 * The rule for repeated frames (decision 241) on pairs of frames and on clips encoded as a phone's are:
 * a runner who moves a fraction of a pixel, a kit as bright as the grass, a picture the phone repeated
 * (re-encoded with B-frames), a frame the phone dropped.
 */

const W = 320;
const H = 176;
const GRASS: [number, number, number] = [60, 130, 60];

/** An RGB picture of grass with a runner (a box with sub-pixel edges) at x, and a second player at x2. */
function picture(x: number, kit: [number, number, number], seed = 0, x2 = 40) {
  const f = Buffer.alloc(W * H * 3);
  for (let p = 0; p < W * H; p += 1) {
    // Grass with a fixed texture (the same every frame) and its stripes.
    const t = ((p * 2654435761 + seed) >>> 24) % 9;
    const stripe = Math.floor((p % W) / 40) % 2 ? 8 : 0;
    f[p * 3] = GRASS[0] + t + stripe;
    f[p * 3 + 1] = GRASS[1] + t + stripe;
    f[p * 3 + 2] = GRASS[2] + t + stripe;
  }
  const box = (left: number, right: number, top: number, bottom: number, c: [number, number, number]) => {
    for (let y = top; y < bottom; y += 1)
      for (let xx = Math.floor(left); xx < Math.ceil(right); xx += 1) {
        const cover = Math.min(xx + 1, right) - Math.max(xx, left);
        const i = (y * W + xx) * 3;
        for (let k = 0; k < 3; k += 1) f[i + k] = Math.round(c[k] * cover + f[i + k] * (1 - cover));
      }
  };
  box(x, x + 20, 60, 115, kit);
  box(x2, x2 + 20, 100, 155, [240, 240, 240]);
  return f;
}

/** yuv420p of an RGB picture (BT.601, as the decoder gives it back), to compare pairs without a codec. */
function yuv(rgb: Buffer) {
  const out = new Uint8Array((W * H * 3) / 2);
  const u = W * H;
  const v = u + (W * H) / 4;
  for (let y = 0; y < H; y += 1)
    for (let x = 0; x < W; x += 1) {
      const i = (y * W + x) * 3;
      const [r, g, b] = [rgb[i], rgb[i + 1], rgb[i + 2]];
      out[y * W + x] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
      if (y % 2 === 0 && x % 2 === 0) {
        const c = (y / 2) * (W / 2) + x / 2;
        out[u + c] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b);
        out[v + c] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b);
      }
    }
  return out;
}

const largest = (b: Uint16Array) => Math.max(...b) / 8;

describe('a repeated frame is told by what a phone does (decision 241)', () => {
  it('a runner who moves a fifth of a pixel between frames (240 fps) changes the picture', () => {
    const kit: [number, number, number] = [20, 20, 180];
    const a = yuv(picture(100, kit));
    const b = yuv(picture(100.2, kit));
    expect(largest(blockChanges(a, b, W, H))).toBeGreaterThan(1.5);
    expect(largest(blockChanges(a, yuv(picture(100, kit)), W, H))).toBe(0);
  });

  it('a red kit as bright as the grass is seen by its colour', () => {
    // Luma of the grass (60, 130, 60) is about 107; this red has about the same.
    const red: [number, number, number] = [215, 60, 60];
    const a = yuv(picture(100, red));
    const b = yuv(picture(101, red));
    let lumaOnly = 0;
    for (let p = 0; p < W * H; p += 1) lumaOnly = Math.max(lumaOnly, Math.abs(a[p] - b[p]));
    expect(lumaOnly).toBeLessThan(32); // the old rule's threshold: it saw nothing
    expect(largest(blockChanges(a, b, W, H))).toBeGreaterThan(6);
  });

  it('a run of frames in which every moving thing froze is a repeat; a slow start and a still scene are not', () => {
    const kit: [number, number, number] = [20, 20, 180];
    // Still for 40 frames, then a start that moves a little more each frame (0.01 px, then 0.03, ...), then
    // a run at 2 px a frame with the picture of frame 70 repeated on 71, and of 90 on 91 and 92.
    const xs: number[] = [];
    for (let k = 0; k < 120; k += 1)
      xs.push(k < 40 ? 100 : k < 60 ? 100 + 0.01 * (k - 40) ** 2 : 104 + 2 * (k - 60));
    const pictures = xs.map((x, k) => yuv(picture(x, kit, 0, 40 + 0.8 * k)));
    pictures[71] = pictures[70];
    pictures[91] = pictures[90];
    pictures[92] = pictures[90];
    const blocks = pictures.map((p, k) => (k ? blockChanges(pictures[k - 1], p, W, H) : new Uint16Array(0)));
    blocks[0] = new Uint16Array(blocks[1].length);
    const c = classifyChanges(blocks);
    expect(c.repeats).toEqual([71, 91, 92]);
    expect(c.repeatRun).toBe(2);
    // Nothing moves in a still scene but the second player: those frames are not repeats either.
    const still = Array.from({ length: 60 }, (_, k) => yuv(picture(100, kit, 0, 40 + 0.8 * k)));
    const sb = still.map((p, k) => (k ? blockChanges(still[k - 1], p, W, H) : new Uint16Array(0)));
    sb[0] = new Uint16Array(sb[1].length);
    expect(classifyChanges(sb).repeats).toEqual([]);
  });
});

describe('a small or far runner (rule 3, decision 257)', () => {
  /** Grass with a runner 6 x 12 pixels (under 4 blocks of 16) at x, and nothing else moving. */
  function tiny(x: number) {
    const f = Buffer.alloc(W * H * 3);
    for (let p = 0; p < W * H; p += 1) {
      const t = ((p * 2654435761) >>> 24) % 9;
      f[p * 3] = GRASS[0] + t;
      f[p * 3 + 1] = GRASS[1] + t;
      f[p * 3 + 2] = GRASS[2] + t;
    }
    for (let y = 80; y < 92; y += 1)
      for (let xx = Math.floor(x); xx < Math.ceil(x + 6); xx += 1) {
        const cover = Math.min(xx + 1, x + 6) - Math.max(xx, x);
        const i = (y * W + xx) * 3;
        const kit = [20, 20, 180];
        for (let k = 0; k < 3; k += 1) f[i + k] = Math.round(kit[k] * cover + f[i + k] * (1 - cover));
      }
    return yuv(f);
  }
  const blocksOf = (pictures: Uint8Array[]) => {
    const b = pictures.map((p, k) => (k ? blockChanges(pictures[k - 1], p, W, H) : new Uint16Array(0)));
    b[0] = new Uint16Array(b[1].length);
    return b;
  };
  const xs = Array.from({ length: 100 }, (_, k) => 20 + 1.5 * k);

  it('a repeat that freezes the only moving blocks is found where the frames are timed as usual', () => {
    const pictures = xs.map(tiny);
    pictures[50] = pictures[49];
    const blocks = blocksOf(pictures);
    const ticks = xs.map((_, k) => 1000 * k);
    expect(classifyChanges(blocks, ticks).repeats).toEqual([50]);
    expect(classifyChanges(blocks, ticks).rule).toBe(3);
    // Without the frames' times it is not claimed (a frame that came sooner changes less).
    expect(classifyChanges(blocks).repeats).toEqual([]);
  });

  it('a frame that came sooner than usual and moved a little less is not a repeat', () => {
    // Frame 50 comes a tenth of a step after 49: the runner moved 0.15 px.
    const moved = xs.map((x, k) => (k < 50 ? x : k === 50 ? xs[49] + 0.15 : x - 1.35));
    const ticks = xs.map((_, k) => (k < 50 ? 1000 * k : k === 50 ? 49100 : 1000 * k - 900));
    expect(classifyChanges(blocksOf(moved.map(tiny)), ticks).repeats).toEqual([]);
  });
});

describe('the rule on clips encoded as a phone encodes them', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'repeats-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function encode(name: string, fps: string, xs: (number | null)[], kit: [number, number, number]) {
    const file = path.join(dir, name);
    const enc = rawVideoEncoder({
      width: W,
      height: H,
      rate: fps,
      output: ['-c:v', 'libx264', '-preset', 'medium', '-crf', '30', '-bf', '3', '-pix_fmt', 'yuv420p', file],
    });
    let last = picture(100, kit);
    for (const x of xs) {
      // null: the phone wrote the picture before again.
      if (x !== null) last = picture(x, kit, 0, 40 + x / 2);
      await enc.write(last);
    }
    await enc.end();
    return file;
  }

  it('finds pictures a phone repeated, after re-encoding with B-frames, and no others (isoluminant kit, 30 fps)', async () => {
    const red: [number, number, number] = [215, 60, 60];
    const xs: (number | null)[] = Array.from({ length: 90 }, (_, k) => (k < 20 ? 100 : 100 + 3 * (k - 20)));
    // Early in the run the steps are 3 px; make them smaller so the frame changes little: 0.3 px.
    for (let k = 20; k < 30; k += 1) xs[k] = 100 + 0.3 * (k - 20);
    for (let k = 30; k < 90; k += 1) xs[k] = 103 + 2.5 * (k - 30);
    xs[50] = null;
    xs[70] = null;
    const file = await encode('repeats.mp4', '30000/1001', xs, red);
    const c = await frameChanges(file, { width: W, height: H }, 90);
    expect(c).not.toBeNull();
    expect(c!.repeats).toEqual([50, 70]);
    expect(c!.repeatRun).toBe(1);
    // The first small steps of the run are not repeats (they may be quiet: too small to tell).
    for (let k = 21; k < 30; k += 1) expect(c!.repeats).not.toContain(k);
  });

  it('a dropped frame (the runner jumps two steps) is a new picture, not a repeat; 240 fps sub-pixel steps are not repeats', async () => {
    const kit: [number, number, number] = [20, 20, 180];
    const xs = Array.from({ length: 120 }, (_, k) => (k < 30 ? 100 : 100 + 0.25 * (k - 30)));
    xs.splice(80, 1); // the phone dropped a picture: the next one shows two steps at once
    const file = await encode('dropped.mp4', '240', xs, kit);
    const c = await frameChanges(file, { width: W, height: H }, 119);
    expect(c).not.toBeNull();
    expect(c!.repeats).toEqual([]);
    expect(c!.repeatRun).toBe(0);
  });

  it('claims nothing when the decoded count differs from the probed one, but for a frame or two missing at the end', async () => {
    const kit: [number, number, number] = [20, 20, 180];
    const file = await encode('short.mp4', '30', [100, 101, 102, 103], kit);
    // More frames decoded than probed, or more than two missing: nothing is claimed.
    expect(await frameChanges(file, { width: W, height: H }, 3)).toBeNull();
    expect(await frameChanges(file, { width: W, height: H }, 7)).toBeNull();
    // One or two missing at the end (a decoder that leaves out a truncated last packet): read as quiet.
    const short = await frameChanges(file, { width: W, height: H }, 5);
    expect(short?.quiet.at(-1)?.[1]).toBe(4);
  });
});
