import { keptClip } from './kept-clips';
import { rawVideoEncoder } from './raw-encoder';

/**
 * Test clips with a known truth: a runner box crosses 5-yard lines at a constant speed while the
 * camera pans, each frame drawn at its exact presentation time, with the frame number burned in
 * (a 16-cell barcode across the top-left, then digits) so a screenshot names the frame it shows.
 */
export interface RunClipOptions {
  /** Nominal rate as a fraction or integer: '30000/1001', '60', '240'. */
  fps: string;
  /** Alternating frame durations around the nominal rate (a variable-rate phone clip). */
  vfr?: boolean;
  seconds?: number;
  /** Runner speed in yards per second (9 yd/s = 18.4 mph). */
  speedYps?: number;
  codec?: 'h264' | 'hevc';
  width?: number;
  height?: number;
  /** Each picture shown this many times (a phone repeating frames it did not capture). */
  repeat?: number;
  /** Only these frames of every `period` are in the file, in a 1/fps time base (frames dropped). */
  keep?: { period: number; offsets: number[] };
  /** Written as com.android.capture.fps: the clip was filmed at this rate (slow motion). */
  captureFps?: number;
}

export interface RunClip {
  file: string;
  width: number;
  height: number;
  frameTimes: number[];
  /** For every 5-yard line the runner's centre passes: the first frame at or after the crossing. */
  crossings: { yardLine: number; frameIndex: number; trueTime: number }[];
  trueMph: number;
}

const START_YARD = 12;
const PX_PER_YARD = 14;
const BITS = 16;

/** 3x5 digits burned into generated clips (the frame number), shared with the other kinds' generated clips. */
export const FONT: Record<string, string[]> = {
  0: ['111', '101', '101', '101', '111'],
  1: ['010', '110', '010', '010', '111'],
  2: ['111', '001', '111', '100', '111'],
  3: ['111', '001', '111', '001', '111'],
  4: ['101', '101', '111', '001', '001'],
  5: ['111', '100', '111', '001', '111'],
  6: ['111', '100', '111', '101', '111'],
  7: ['111', '001', '010', '010', '010'],
  8: ['111', '101', '111', '101', '111'],
  9: ['111', '101', '111', '001', '111'],
};

function parseRate(fps: string) {
  const [n, d] = fps.split('/').map(Number);
  return { num: n, den: d ?? 1 };
}

/** Presentation times: n * den/num, or for VFR alternating 0.8x and 1.2x of the nominal duration. */
function clipFrameTimes(fps: string, count: number, vfr = false) {
  const { num, den } = parseRate(fps);
  const d = den / num;
  return Array.from({ length: count }, (_, n) =>
    vfr ? Math.floor(n / 2) * 2 * d + (n % 2) * 0.8 * d : n * d,
  );
}

function drawFrame(buf: Buffer, w: number, h: number, n: number, t: number, speed: number) {
  const set = (x: number, y: number, r: number, g: number, b: number) => {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    const i = (y * w + x) * 3;
    buf[i] = r;
    buf[i + 1] = g;
    buf[i + 2] = b;
  };
  const rect = (x0: number, y0: number, x1: number, y1: number, c: [number, number, number]) => {
    for (let y = Math.max(0, y0); y < Math.min(h, y1); y += 1)
      for (let x = Math.max(0, x0); x < Math.min(w, x1); x += 1) set(x, y, ...c);
  };
  rect(0, 0, w, h, [40, 120, 50]);
  const runner = START_YARD + speed * t;
  // The camera follows at 70% of the runner's speed: lines and runner both move across the picture.
  const camera = START_YARD + 0.7 * speed * t;
  const toX = (yard: number) => Math.round((yard - camera) * PX_PER_YARD + w * 0.3);
  for (let yard = 0; yard <= 100; yard += 5) {
    const x = toX(yard);
    rect(x - 1, Math.round(h * 0.12), x + 2, h, [245, 245, 245]);
  }
  // The runner's centre is the landmark: the box spans it symmetrically, the centre column is red.
  const cx = (runner - camera) * PX_PER_YARD + w * 0.3;
  rect(Math.floor(cx - 6), Math.round(h * 0.45), Math.ceil(cx + 6), Math.round(h * 0.75), [30, 30, 200]);
  const cell = Math.floor(w / 32);
  const bandH = Math.floor(h / 18);
  for (let i = 0; i < BITS; i += 1) {
    const on = (n >> (BITS - 1 - i)) & 1;
    rect(i * cell, 0, (i + 1) * cell, bandH, on ? [255, 255, 255] : [0, 0, 0]);
  }
  const scale = Math.max(2, Math.floor(h / 90));
  String(n)
    .split('')
    .forEach((ch, k) => {
      FONT[ch].forEach((row, ry) => {
        [...row].forEach((bit, rx) => {
          if (bit === '1')
            rect(
              8 + (k * 4 + rx) * scale,
              bandH + 4 + ry * scale,
              8 + (k * 4 + rx + 1) * scale,
              bandH + 4 + (ry + 1) * scale,
              [255, 255, 0],
            );
        });
      });
    });
}

/** Decodes the burned-in frame number from an image of the whole frame (any uniform scale). */
export function readFrameNumber(
  pixels: Uint8Array | Buffer,
  width: number,
  height: number,
  channels: number,
) {
  let n = 0;
  const y = Math.floor(height / 36);
  for (let i = 0; i < BITS; i += 1) {
    const x = Math.floor(((i + 0.5) * width) / 32);
    const p = (y * width + x) * channels;
    const lum = (pixels[p] + pixels[p + 1] + pixels[p + 2]) / 3;
    n = n * 2 + (lum > 128 ? 1 : 0);
  }
  return n;
}

/** A run clip, made once per recipe where clips are kept (decision 340). */
export function makeRunClip(out: string, opts: RunClipOptions): Promise<RunClip> {
  const sources = ['server/lib/run-clip.ts', 'server/lib/raw-encoder.ts'];
  return keptClip({ name: 'run', sources, options: opts }, out, (file) => drawRunClip(file, opts));
}

async function drawRunClip(out: string, opts: RunClipOptions): Promise<RunClip> {
  const width = opts.width ?? 640;
  const height = opts.height ?? 360;
  const speed = opts.speedYps ?? 9;
  const seconds = opts.seconds ?? 2.5;
  const { num, den } = parseRate(opts.fps);
  const keep = opts.keep;
  const count = keep
    ? Math.floor((Math.round((seconds * num) / den) * keep.offsets.length) / keep.period)
    : Math.round((seconds * num) / den);
  const ticks = keep
    ? Array.from(
        { length: count },
        (_, i) => Math.floor(i / keep.offsets.length) * keep.period + keep.offsets[i % keep.offsets.length],
      )
    : null;
  const times = ticks ? ticks.map((k) => (k * den) / num) : clipFrameTimes(opts.fps, count, opts.vfr);
  const repeat = opts.repeat ?? 1;
  /** The frame whose picture frame n shows. */
  const shown = (n: number) => Math.floor(n / repeat) * repeat;
  // A timescale in which every frame time is a whole number of ticks.
  const timescale = opts.vfr ? num * 5 : num;
  const codec =
    opts.codec === 'hevc'
      ? ['-c:v', 'libx265', '-tag:v', 'hvc1', '-x265-params', 'log-level=error']
      : ['-c:v', 'libx264', '-preset', 'veryfast'];
  const encoder = rawVideoEncoder({
    width,
    height,
    rate: `${num}/${den}`,
    output: [
      ...(opts.vfr
        ? [
            '-vf',
            `settb=1/${timescale},setpts='floor((floor(N/2)*2*${den}/${num}+mod(N,2)*0.8*${den}/${num})/TB+0.5)'`,
          ]
        : []),
      ...(keep
        ? [
            '-vf',
            `settb=1/${num},setpts='floor(N/${keep.offsets.length})*${keep.period}+${keep.offsets
              .map((o, i) => `eq(mod(N,${keep.offsets.length}),${i})*${o}`)
              .join('+')}'`,
          ]
        : []),
      ...(opts.captureFps ? ['-metadata', `com.android.capture.fps=${opts.captureFps}`] : []),
      // The encoder's time base follows -r: at the timescale, every presentation time passes exactly.
      '-vsync',
      '0',
      ...(opts.vfr || keep ? ['-r', String(timescale)] : []),
      ...codec,
      '-pix_fmt',
      'yuv420p',
      '-g',
      '24',
      '-video_track_timescale',
      String(timescale),
      '-movflags',
      opts.captureFps ? '+faststart+use_metadata_tags' : '+faststart',
      '-an',
      out,
    ],
  });
  const frame = Buffer.alloc(width * height * 3);
  for (let n = 0; n < count; n += 1) {
    drawFrame(frame, width, height, shown(n), times[shown(n)], speed);
    await encoder.write(frame);
  }
  await encoder.end();
  const crossings: RunClip['crossings'] = [];
  for (let yard = Math.ceil(START_YARD / 5) * 5; ; yard += 5) {
    const trueTime = (yard - START_YARD) / speed;
    const frameIndex = times.findIndex((_, n) => times[shown(n)] >= trueTime - 1e-12);
    if (frameIndex < 0) break;
    if (yard === START_YARD) continue;
    crossings.push({ yardLine: yard, frameIndex, trueTime });
  }
  return { file: out, width, height, frameTimes: times, crossings, trueMph: (speed * 3600) / 1760 };
}
