import { keptClip } from './kept-clips';
import { rawVideoEncoder } from './raw-encoder';
import { FONT } from './run-clip';

/**
 * A 40-yard dash with a known truth (decision 209): a fixed camera sees the lines 0, 10, 20, 30 and 40;
 * a runner box stands still on the start line, its hand on the ground in front of it; at `startAt`
 * seconds the hand lifts and the box starts moving; its centre (the torso) crosses the 40-yard line
 * exactly `seconds` later, accelerating as sprinters do (x(t) = v(t - (1 - e^(-kt))/k)). Edges are drawn
 * with sub-pixel coverage. The frame number is burned in (digits, top-left).
 */
export interface FortyClip {
  file: string;
  fps: number;
  frameTimes: number[];
  /** The first frame after the true start (the first showing movement, unless `undrawnSeconds` hides it). */
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

export type FortyClipOptions = Parameters<typeof drawFortyClip>[1];

/** A 40 clip, made once per recipe where clips are kept (decision 340). */
export function makeFortyClip(out: string, o: FortyClipOptions): Promise<FortyClip> {
  const sources = ['server/lib/forty-clip.ts', 'server/lib/run-clip.ts', 'server/lib/raw-encoder.ts'];
  return keptClip({ name: 'forty', sources, options: o }, out, (file) => drawFortyClip(file, o));
}

async function drawFortyClip(
  out: string,
  o: {
    fps: number;
    /** The rate as the file states it, when it is not whole: '60000/1001' (fps is then 59.94...). */
    rate?: string;
    seconds?: number;
    startAt?: number;
    width?: number;
    height?: number;
    /** Frames on which the phone wrote the picture before again (a repeated frame). */
    repeated?: number[];
    /**
     * Seconds before the start at which the runner twitches (the hand lifts 3 pixels and rests again within
     * 0.06 s): a stance not held still, whose first movement cannot be told.
     */
    twitchBefore?: number;
    /**
     * Seconds before the start at which the light changes: over 0.04 s the whole picture grows 6% brighter and
     * stays so (a phone's exposure, a cloud; decision 319), a change the runner did not make.
     */
    lightBefore?: number;
    /**
     * Seconds before the start at which the whole picture moves a pixel across, from one frame to the next,
     * and stays so: a hand-held phone's slow drift, which an encoder may draw in one step (decision 329), a
     * change the runner did not make.
     */
    driftBefore?: number;
    /**
     * Seconds before the start at which the runner's body is drawn a pixel further back, from one frame to
     * the next, and stays so: a change on him that stops (decision 329), as an encoder draws a slow drift at
     * once, or a runner settling.
     */
    settleBefore?: number;
    /**
     * Seconds after the start during which the runner is still drawn in his stance, then where he has got to
     * by then: a phone's encoder that leaves a movement's first milliseconds undrawn (decision 330).
     */
    undrawnSeconds?: number;
    /**
     * B-frames between reference frames, in a fixed pattern (none by default), and a key frame a second:
     * each B-frame is drawn from the frames either side of it, as a phone's encoder may write them
     * (decision 275).
     */
    bFrames?: number;
    /**
     * Seconds before the start at which someone standing a yard and a half behind the runner (a 4 x 10 box)
     * begins to lift a hand, and keeps lifting it: something moving near the set runner before his start.
     */
    neighbourBefore?: number;
    /**
     * Seconds into the clip at which another player, nearer the camera (drawn bigger than the runner), crosses
     * the finish line at 9 yards a second in the run's direction.
     */
    passerAt?: number;
    /** The passer's size against the default (12 x 65 pixels, about 2.4 times the runner's pixels). */
    passerScale?: number;
  },
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
    // The time the runner is drawn at: the stance's until `undrawnSeconds` after the start.
    const drawnAt =
      o.undrawnSeconds && times[n] - startAt < o.undrawnSeconds ? Math.min(times[n], startAt) : times[n];
    const cx = 20 + profile.yards(drawnAt - startAt) * pxPerYard;
    // Edges drawn with their sub-pixel coverage, as a camera sees them (decision 241): a runner who moves
    // a tenth of a pixel changes the picture a little, and a repeated frame is one that does not change.
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
    const settled = o.settleBefore !== undefined && times[n] >= startAt - o.settleBefore ? -1 : 0;
    box(cx - 4 + settled, cx + 4 + settled, 60, 100, [30, 30, 200]);
    if (o.neighbourBefore !== undefined) {
      const nx = toX(0) - 1.5 * pxPerYard;
      const raised = Math.min(12, Math.max(0, times[n] - startAt + o.neighbourBefore) * 60);
      box(nx - 6, nx - 2, 70, 90, [200, 60, 30]);
      box(nx - 6, nx - 2, 86 - raised, 90 - raised, [200, 60, 30]);
    }
    if (o.passerAt !== undefined) {
      const px = toX(40) + (times[n] - o.passerAt) * 9 * pxPerYard;
      const scale = o.passerScale ?? 1;
      box(px - 6 * scale, px + 6 * scale, 115 - 65 * scale, 115, [200, 40, 40]);
    }
    // The first movement is the hand leaving the ground in front of the body, fast (1.5 m/s, about 60 px a
    // second here), as a sprinter's is: visible on the first frame after the start at every rate (unless `undrawnSeconds`).
    const since = times[n] - (startAt - (o.twitchBefore ?? -1));
    // Up and down again over 0.06 s, 3 pixels at the top.
    const twitch =
      o.twitchBefore !== undefined && since >= 0 && since < 0.06 ? 3 - Math.abs(since - 0.03) * 100 : 0;
    const lift = Math.max(twitch, Math.min(12, Math.max(0, drawnAt - startAt) * 60));
    box(cx + 4, cx + 7, 96 - lift, 100 - lift, [30, 30, 200]);
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
    if (o.driftBefore !== undefined && times[n] >= startAt - o.driftBefore) {
      const row = width * 3;
      for (let y = 0; y < height; y += 1) frame.copyWithin(y * row + 3, y * row, (y + 1) * row - 3);
    }
    if (o.lightBefore !== undefined) {
      const gain = 1 + 0.06 * Math.min(1, Math.max(0, (times[n] - startAt + o.lightBefore) / 0.04));
      for (let i = 0; i < frame.length; i += 1) frame[i] = Math.min(255, Math.round(frame[i] * gain));
    }
  };
  const encoder = rawVideoEncoder({
    width,
    height,
    rate: o.rate ?? String(o.fps),
    output: [
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-g',
      o.bFrames ? String(Math.round(o.fps)) : '30',
      ...(o.bFrames ? ['-bf', String(o.bFrames), '-x264-params', 'b-adapt=0:b-pyramid=none:scenecut=0'] : []),
      '-video_track_timescale',
      o.rate ? o.rate.split('/')[0] : String(o.fps),
      '-movflags',
      '+faststart',
      '-an',
      out,
    ],
  });
  const repeated = new Set(o.repeated ?? []);
  for (let n = 0; n < count; n += 1) {
    if (!repeated.has(n)) draw(n);
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
