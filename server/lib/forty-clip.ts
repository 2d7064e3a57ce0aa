import { rawVideoEncoder } from './raw-encoder';
import { FONT } from './run-clip';

/**
 * A 40-yard dash with a known truth (decision 209): a fixed camera sees the lines 0, 10, 20, 30 and 40;
 * a runner box stands still on the start line, starts moving at `startAt` seconds and its centre (the
 * torso) crosses the 40-yard line exactly `seconds` later, accelerating as sprinters do
 * (x(t) = v(t - (1 - e^(-kt))/k)). The frame number is burned in (digits, top-left).
 */
export interface FortyClip {
  file: string;
  fps: number;
  frameTimes: number[];
  /** First frame showing movement: the first frame after the true start. */
  startFrame: number;
  /** First frame at or after the torso reaches the 40. */
  finishFrame: number;
  /** First frame at or after the torso reaches each line (0 and 40: where they are marked). */
  lines: { yardLine: number; frameIndex: number; trueTime: number }[];
  startAt: number;
  seconds: number;
}

const K = 1.1;
const LINES = [0, 10, 20, 30, 40];

export function fortyProfile(seconds: number) {
  const v = 40 / (seconds - (1 - Math.exp(-K * seconds)) / K);
  const yards = (t: number) => (t <= 0 ? 0 : v * (t - (1 - Math.exp(-K * t)) / K));
  /** When the torso reaches a yard line (bisection on the monotonic profile). */
  const at = (yard: number) => {
    let lo = 0;
    let hi = seconds;
    for (let i = 0; i < 80; i += 1) {
      const mid = (lo + hi) / 2;
      if (yards(mid) < yard) lo = mid;
      else hi = mid;
    }
    return yard === 40 ? seconds : hi;
  };
  return { yards, at };
}

export async function makeFortyClip(
  out: string,
  o: { fps: number; seconds?: number; startAt?: number; width?: number; height?: number },
): Promise<FortyClip> {
  const width = o.width ?? 320;
  const height = o.height ?? 120;
  const seconds = o.seconds ?? 4.62;
  // Off the frame grid, so the first moving frame is unambiguous at every rate.
  const startAt = o.startAt ?? 0.5 + 1 / (3 * o.fps);
  const count = Math.ceil((startAt + seconds + 0.4) * o.fps);
  const times = Array.from({ length: count }, (_, n) => n / o.fps);
  const profile = fortyProfile(seconds);
  const pxPerYard = (width - 40) / 40;
  const toX = (yard: number) => Math.round(20 + yard * pxPerYard);
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
  const draw = (n: number) => {
    rect(0, 0, width, height, [40, 120, 50]);
    for (const yard of LINES) rect(toX(yard) - 1, 30, toX(yard) + 1, height, [245, 245, 245]);
    const cx = 20 + profile.yards(times[n] - startAt) * pxPerYard;
    rect(Math.floor(cx - 4), 60, Math.ceil(cx + 4), 100, [30, 30, 200]);
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
  const encoder = rawVideoEncoder({
    width,
    height,
    rate: String(o.fps),
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
      String(o.fps),
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
  const firstAtOrAfter = (t: number) => times.findIndex((x) => x >= t - 1e-9);
  const lines = LINES.map((yardLine) => {
    const trueTime = startAt + (yardLine === 0 ? 0 : profile.at(yardLine));
    return {
      yardLine,
      trueTime,
      frameIndex: yardLine === 0 ? firstAtOrAfter(startAt) : firstAtOrAfter(trueTime),
    };
  });
  return {
    file: out,
    fps: o.fps,
    frameTimes: times,
    startFrame: times.findIndex((x) => x > startAt),
    finishFrame: firstAtOrAfter(startAt + seconds),
    lines,
    startAt,
    seconds,
  };
}
