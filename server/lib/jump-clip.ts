import { FONT } from './run-clip';
import { keptClip } from './kept-clips';
import { rawVideoEncoder } from './raw-encoder';

/**
 * A vertical jump seen from the side with a known truth (decision 243): a fixed camera; a jumper (feet,
 * legs and torso as boxes) stands on the ground, bends before the jump (the torso lowers, the feet stay),
 * leaves the ground at `takeoffAt` seconds and lands exactly `flightSeconds` later, rising and falling
 * as a body thrown up does (y = v·t - g·t²/2). Edges are drawn with their sub-pixel coverage. The frame
 * number is burned in (digits, top-left).
 */
export interface JumpClip {
  file: string;
  fps: number;
  frameTimes: number[];
  /** First frame with both feet off the ground: the first frame after the true take-off. */
  takeoffFrame: number;
  /** First frame with a foot on the ground: the first frame at or after the true landing. */
  landingFrame: number;
  takeoffAt: number;
  flightSeconds: number;
  /** g·t²/8 of the true flight time, in inches. */
  trueInches: number;
  /** Where the feet meet the ground, in pixels: the proposer's click. */
  feet: { x: number; y: number };
  width: number;
  height: number;
}

const G = 9.80665;
const PX_PER_METER = 140;

export type JumpClipOptions = Parameters<typeof drawJumpClip>[1];

/** A jump clip, made once per recipe where clips are kept (decision 340). */
export function makeJumpClip(out: string, o: JumpClipOptions): Promise<JumpClip> {
  const sources = ['server/lib/jump-clip.ts', 'server/lib/run-clip.ts', 'server/lib/raw-encoder.ts'];
  return keptClip({ name: 'jump', sources, options: o }, out, (file) => drawJumpClip(file, o));
}

async function drawJumpClip(
  out: string,
  o: {
    fps: number;
    /** The rate as the file states it, when it is not whole: '60000/1001'. */
    rate?: string;
    flightSeconds?: number;
    takeoffAt?: number;
  },
): Promise<JumpClip> {
  const width = 160;
  const height = 240;
  const ground = 220;
  const cx = 80;
  const flight = o.flightSeconds ?? 0.62;
  const takeoffAt = o.takeoffAt ?? 0.8 + 1 / (3 * o.fps);
  const count = Math.ceil((takeoffAt + flight + 0.5) * o.fps);
  const fps = o.rate ? Number(o.rate.split('/')[0]) / Number(o.rate.split('/')[1] ?? 1) : o.fps;
  const times = Array.from({ length: count }, (_, n) => n / fps);
  const v0 = (G * flight) / 2;
  /** Height of the feet above the ground at time t, in pixels. */
  const lift = (t: number) => {
    const s = t - takeoffAt;
    return s <= 0 || s >= flight ? 0 : (v0 * s - (G * s * s) / 2) * PX_PER_METER;
  };
  /**
   * The countermovement: the torso lowers up to 40 px in the 0.3 s before take-off and rises back, leaving
   * the ground moving up at about the take-off speed, as a jumper's push-off does (so the frames before
   * take-off are never still ones a phone could have repeated, decision 241).
   */
  const bend = (t: number) => {
    const s = takeoffAt - t;
    return s <= 0 || s >= 0.3 ? 0 : 40 * Math.sin((Math.PI * s) / 0.3);
  };
  const frame = Buffer.alloc(width * height * 3);
  const rect = (x0: number, y0: number, x1: number, y1: number, c: [number, number, number]) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y += 1)
      for (let x = Math.max(0, x0); x < Math.min(width, x1); x += 1) {
        const i = (y * width + x) * 3;
        frame[i] = c[0];
        frame[i + 1] = c[1];
        frame[i + 2] = c[2];
      }
  };
  const box = (left: number, right: number, top: number, bottom: number, c: [number, number, number]) => {
    for (let y = Math.floor(top); y < Math.ceil(bottom); y += 1) {
      const cy = Math.min(y + 1, bottom) - Math.max(y, top);
      for (let x = Math.floor(left); x < Math.ceil(right); x += 1) {
        if (x < 0 || x >= width || y < 0 || y >= height) continue;
        const cover = cy * (Math.min(x + 1, right) - Math.max(x, left));
        const i = (y * width + x) * 3;
        for (let k = 0; k < 3; k += 1) frame[i + k] = Math.round(c[k] * cover + frame[i + k] * (1 - cover));
      }
    }
  };
  const draw = (n: number) => {
    const t = times[n];
    rect(0, 0, width, ground, [200, 205, 210]);
    rect(0, ground, width, height, [70, 110, 60]);
    const up = lift(t);
    const feet = ground - up;
    box(cx - 12, cx + 12, feet - 7, feet, [20, 20, 30]);
    box(cx - 7, cx + 7, feet - 60 + bend(t), feet - 7, [40, 60, 170]);
    box(cx - 10, cx + 10, feet - 110 + bend(t), feet - 60 + bend(t), [170, 40, 40]);
    String(n)
      .split('')
      .forEach((ch, k) =>
        FONT[ch].forEach((row, ry) =>
          [...row].forEach((bit, rx) => {
            if (bit === '1')
              rect(
                4 + (k * 4 + rx) * 3,
                4 + ry * 3,
                4 + (k * 4 + rx + 1) * 3,
                4 + (ry + 1) * 3,
                [255, 255, 0],
              );
          }),
        ),
      );
  };
  const rate = o.rate ?? String(o.fps);
  const encoder = rawVideoEncoder({
    width,
    height,
    rate,
    output: [
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '30',
      '-video_track_timescale',
      rate.split('/')[0],
      '-movflags',
      '+faststart',
      '-an',
      out,
    ],
  });
  for (let n = 0; n < count; n += 1) {
    draw(n);
    await encoder.write(frame);
  }
  await encoder.end();
  const landingAt = takeoffAt + flight;
  return {
    file: out,
    fps,
    frameTimes: times,
    takeoffFrame: times.findIndex((x) => x > takeoffAt),
    landingFrame: times.findIndex((x) => x >= landingAt - 1e-9),
    takeoffAt,
    flightSeconds: flight,
    trueInches: (G * flight * flight) / 8 / 0.0254,
    feet: { x: cx, y: ground },
    width,
    height,
  };
}
