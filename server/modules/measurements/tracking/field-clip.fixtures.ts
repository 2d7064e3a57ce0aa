import { rawVideoEncoder } from '../../../lib/raw-encoder';
import { rm } from 'node:fs/promises';
import { execTool, ffmpegPath } from '../../../lib/ffmpeg';
import { keptClip } from '../../../lib/kept-clips';

/**
 * Hard test clips with an exact truth (issue 31): a textured field seen from a press-box camera that
 * pans (yaw) to follow, zooms slowly and shakes, yard lines every 5 yards, 1-yard hash marks, mowing
 * stripes, a runner who accelerates, holds a top speed and slows, and other players crossing in front
 * of and behind him, compressed with x264. Each frame is drawn at its exact presentation time.
 */
export interface FieldClipOptions {
  /** Nominal rate: '30000/1001', '60000/1001'. */
  fps: string;
  /** Alternating frame durations of 0.8x and 1.2x the nominal one (a variable-rate phone clip). */
  vfr?: boolean;
  seconds?: number;
  /** Displayed size (after rotation). */
  width?: number;
  height?: number;
  /** Stored rotated with this display rotation in the metadata (a phone held upright: 90). */
  rotate?: 0 | 90;
  /** Top speed in yards per second. */
  topYps?: number;
  crf?: number;
  /** Players other than the runner (crossing in front and behind); default true. */
  crowd?: boolean;
  /** The other players wear the runner's kit (teammates the tracker cannot tell from him by colour). */
  sameKit?: boolean;
  /**
   * The camera stays aimed where the runner is halfway through the clip instead of panning after him, and does
   * not zoom (it still shakes).
   */
  still?: boolean;
}

export interface FieldClip {
  file: string;
  width: number;
  height: number;
  frameTimes: number[];
  /** The runner's ground point (between the feet) in displayed pixels on every frame. */
  groundPoints: { x: number; y: number }[];
  yardsAt: (t: number) => number;
  /** For every 5-yard line the runner's ground point passes: the first frame at or after the crossing. */
  crossings: { yardLine: number; frameIndex: number; trueTime: number }[];
  /** Fastest average speed over any 10-yard window of the true motion. */
  trueTopMph: number;
  /** Frames on which another player covers the runner's body. */
  occluded: number[];
}

const MPH = 3600 / 1760;
const CAM = { x: 30, h: 30, d: 70, aimZ: 15 };
const RUNNER_Z = 12;
const PLAYER_H = 2;

interface Motion {
  v0: number;
  top: number;
  ta: number;
  tb: number;
  td: number;
  v1: number;
  x0: number;
}

/** Accelerates (quadratic ease to the top speed), holds it, then slows: position in yards at t. */
function positionAt(m: Motion, t: number) {
  const { v0, top, ta, tb, td, v1, x0 } = m;
  if (t <= ta) return x0 + v0 * t + (top - v0) * (t - (ta / 3) * (1 - (1 - t / ta) ** 3));
  const atA = x0 + v0 * ta + (top - v0) * (ta - ta / 3);
  if (t <= tb) return atA + top * (t - ta);
  const s = Math.min(t, tb + td) - tb;
  const atB = atA + top * (tb - ta);
  return atB + top * s - ((top - v1) * s ** 3) / (3 * td * td) + (t > tb + td ? v1 * (t - tb - td) : 0);
}

function trueTop(m: Motion, end: number) {
  let best = 0;
  for (let t0 = 0; t0 < end; t0 += 0.001) {
    const y0 = positionAt(m, t0);
    let lo = t0;
    let hi = end;
    if (positionAt(m, hi) < y0 + 10) break;
    for (let k = 0; k < 60; k += 1) {
      const mid = (lo + hi) / 2;
      if (positionAt(m, mid) < y0 + 10) lo = mid;
      else hi = mid;
    }
    best = Math.max(best, 10 / (hi - t0));
  }
  return best * MPH;
}

interface Camera {
  cx: number;
  cy: number;
  cz: number;
  f: number;
  u0: number;
  v0: number;
  r: number[];
  dn: number[];
  fw: number[];
}

function cameraAt(t: number, aimX: number, w: number, h: number, seconds: number, zoom = 0.15): Camera {
  const theta = Math.atan(CAM.h / (CAM.aimZ + CAM.d));
  const shake = 0.25 * Math.sin(2 * Math.PI * 1.3 * t) + 0.1 * Math.sin(2 * Math.PI * 3.1 * t);
  const psi = Math.atan2(aimX + shake - CAM.x, CAM.aimZ + CAM.d);
  const [cp, sp, ct, st] = [Math.cos(psi), Math.sin(psi), Math.cos(theta), Math.sin(theta)];
  // Slow zoom in by 15% over the clip (`zoom`); about 26 yards across the frame at the start.
  const f = Math.max(w, h * 1.2) * (93 / 26) * (1 + (zoom * t) / seconds);
  return {
    cx: CAM.x,
    cy: CAM.h,
    cz: -CAM.d,
    f,
    u0: w / 2,
    v0: h / 2,
    r: [cp, 0, -sp],
    dn: [-sp * st, -ct, -cp * st],
    fw: [sp * ct, -st, cp * ct],
  };
}

function project(c: Camera, x: number, y: number, z: number) {
  const p = [x - c.cx, y - c.cy, z - c.cz];
  const dot = (a: number[]) => a[0] * p[0] + a[1] * p[1] + a[2] * p[2];
  const zc = dot(c.fw);
  return { u: c.u0 + (c.f * dot(c.r)) / zc, v: c.v0 + (c.f * dot(c.dn)) / zc, zc };
}

function mulberry(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cellNoise = (i: number, j: number) => {
  let n = Math.imul(i, 374761393) + Math.imul(j, 668265263);
  n = Math.imul(n ^ (n >>> 13), 1274126177);
  return ((n ^ (n >>> 16)) & 255) / 255 - 0.5;
};

const LINE_W = 0.11;
/** Fraction of [a, b] covered by painted stripes of width LINE_W every `every` yards. */
function coverage(a: number, b: number, every: number) {
  const lo = a < b ? a : b;
  const hi = a < b ? b : a;
  const k = Math.floor(lo / every);
  let cov = 0;
  for (let c = k * every; c - LINE_W / 2 <= hi; c += every) {
    const o = Math.min(hi, c + LINE_W / 2) - Math.max(lo, c - LINE_W / 2);
    if (o > 0) cov += o;
  }
  return Math.min(1, cov / Math.max(hi - lo, 1e-9));
}

function drawField(img: Float32Array, w: number, h: number, c: Camera, rnd: () => number) {
  const edgesX = new Float64Array(w + 1);
  const edgesZ = new Float64Array(w + 1);
  for (let v = 0; v < h; v += 1) {
    let ok = true;
    for (let u = 0; u <= w; u += 1) {
      const a = (u - c.u0) / c.f;
      const b = (v + 0.5 - c.v0) / c.f;
      const dx = c.r[0] * a + c.dn[0] * b + c.fw[0];
      const dy = c.r[1] * a + c.dn[1] * b + c.fw[1];
      const dz = c.r[2] * a + c.dn[2] * b + c.fw[2];
      if (dy >= -1e-6) {
        ok = false;
        break;
      }
      const s = -c.cy / dy;
      edgesX[u] = c.cx + s * dx;
      edgesZ[u] = c.cz + s * dz;
    }
    for (let u = 0; u < w; u += 1) {
      const i = (v * w + u) * 3;
      if (!ok) {
        img[i] = 90;
        img[i + 1] = 110;
        img[i + 2] = 140;
        continue;
      }
      const x = (edgesX[u] + edgesX[u + 1]) / 2;
      const z = (edgesZ[u] + edgesZ[u + 1]) / 2;
      const stripe = Math.floor((x + 2.5) / 5) % 2 === 0 ? 8 : -8;
      const tex = 14 * cellNoise(Math.floor(x * 5), Math.floor(z * 5)) + 6 * (rnd() - 0.5);
      let g = 105 + stripe + tex;
      let paint = 0;
      if (z > -1 && z < 60) paint = coverage(edgesX[u], edgesX[u + 1], 5);
      if (Math.abs(z - 23.6) < 0.35 || Math.abs(z - 1) < 0.35)
        paint = Math.max(paint, coverage(edgesX[u], edgesX[u + 1], 1));
      if (z > -0.2 && z < 0) paint = 1;
      g = g * (1 - paint) + 232 * paint;
      const r = 40 + 0.3 * (g - 105) + (225 - 40) * paint;
      img[i] = r;
      img[i + 1] = g;
      img[i + 2] = 45 + 0.3 * (g - 105) + (225 - 45) * paint;
    }
  }
}

/** A rectangle with fractional edges, blended by the share of each pixel it covers. */
function rectAA(
  img: Float32Array,
  w: number,
  h: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  col: number[],
) {
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(h, Math.ceil(y1)); y += 1) {
    const cy = Math.min(y + 1, y1) - Math.max(y, y0);
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(w, Math.ceil(x1)); x += 1) {
      const a = cy * (Math.min(x + 1, x1) - Math.max(x, x0));
      const i = (y * w + x) * 3;
      for (let k = 0; k < 3; k += 1) img[i + k] = img[i + k] * (1 - a) + col[k] * a;
    }
  }
}

interface Kit {
  jersey: number[];
  pants: number[];
}

/** A player seen from the side, upright in the picture, feet centred on the ground point (u, v). */
function drawPlayer(
  img: Float32Array,
  w: number,
  h: number,
  u: number,
  v: number,
  H: number,
  phase: number,
  kit: Kit,
) {
  const leg = 0.13 * H * Math.sin(phase);
  const skin = [120, 85, 60];
  rectAA(img, w, h, u + leg - 0.045 * H, v - 0.5 * H, u + leg + 0.045 * H, v, [30, 30, 30]);
  rectAA(img, w, h, u - leg - 0.045 * H, v - 0.5 * H, u - leg + 0.045 * H, v, [30, 30, 30]);
  rectAA(img, w, h, u - 0.15 * H, v - 0.58 * H, u + 0.15 * H, v - 0.42 * H, kit.pants);
  rectAA(img, w, h, u - 0.17 * H, v - 0.86 * H, u + 0.17 * H, v - 0.58 * H, kit.jersey);
  rectAA(img, w, h, u - 0.07 * H, v - 0.8 * H, u + 0.07 * H, v - 0.66 * H, [235, 235, 235]);
  const arm = 0.08 * H * Math.sin(phase + Math.PI / 2);
  rectAA(img, w, h, u - 0.23 * H, v - 0.84 * H + arm, u - 0.17 * H, v - 0.6 * H + arm, skin);
  rectAA(img, w, h, u + 0.17 * H, v - 0.84 * H - arm, u + 0.23 * H, v - 0.6 * H - arm, skin);
  rectAA(img, w, h, u - 0.08 * H, v - H, u + 0.08 * H, v - 0.86 * H, [20, 20, 30]);
}

const RUNNER: Kit = { jersey: [190, 30, 35], pants: [230, 225, 200] };
const OTHERS: { z: number; x0: number; v: number; kit: Kit }[] = [
  // In front (nearer the camera), running the other way through the runner at about 1.5 s.
  { z: 8, x0: 45, v: -6, kit: { jersey: [25, 35, 120], pants: [200, 200, 200] } },
  // Behind, running the other way.
  { z: 19, x0: 50, v: -7, kit: { jersey: [25, 35, 120], pants: [200, 200, 200] } },
  // Behind, jogging the same way.
  { z: 22, x0: 20, v: 4, kit: { jersey: [240, 240, 240], pants: [40, 40, 90] } },
];

function frameTimes(fps: string, count: number, vfr: boolean) {
  const [num, den] = fps.split('/').map(Number);
  const d = (den ?? 1) / num;
  return Array.from({ length: count }, (_, n) =>
    vfr ? Math.floor(n / 2) * 2 * d + (n % 2) * 0.8 * d : n * d,
  );
}

async function rotateTag(src: string, out: string, rot: number) {
  const { code, stderr } = await execTool(ffmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    src,
    '-c',
    'copy',
    '-metadata:s:v:0',
    `rotate=${rot}`,
    out,
  ]);
  await rm(src, { force: true });
  if (code !== 0) throw new Error(`ffmpeg failed: ${stderr}`);
}

function motionOf(opts: FieldClipOptions): Motion {
  const top = opts.topYps ?? 10.3;
  return { v0: 4, top, ta: 1.6, tb: 3.0, td: 1.0, v1: 0.6 * top, x0: 12 };
}

/** A field clip, made once per recipe where clips are kept (decision 340); the motion is put back on it. */
export async function makeFieldClip(out: string, opts: FieldClipOptions): Promise<FieldClip> {
  const sources = [
    'server/modules/measurements/tracking/field-clip.fixtures.ts',
    'server/lib/raw-encoder.ts',
    // The rotation tag is written by `execTool`.
    'server/lib/ffmpeg.ts',
  ];
  const clip = await keptClip({ name: 'field', sources, options: opts }, out, (file) =>
    drawFieldClip(file, opts),
  );
  const motion = motionOf(opts);
  return { ...clip, yardsAt: (t: number) => positionAt(motion, t) };
}

async function drawFieldClip(out: string, opts: FieldClipOptions): Promise<FieldClip> {
  const w = opts.width ?? 640;
  const h = opts.height ?? 360;
  const seconds = opts.seconds ?? 4.2;
  const [num, den0] = opts.fps.split('/').map(Number);
  const den = den0 ?? 1;
  const count = Math.round((seconds * num) / den);
  const times = frameTimes(opts.fps, count, !!opts.vfr);
  const motion = motionOf(opts);
  const crowd = opts.crowd ?? true;
  const groundPoints: FieldClip['groundPoints'] = [];
  const occluded: number[] = [];
  const rot = opts.rotate ?? 0;
  const [sw, sh] = rot === 90 ? [h, w] : [w, h];
  const timescale = opts.vfr ? num * 5 : num;
  const encoder = rawVideoEncoder({
    width: sw,
    height: sh,
    rate: `${num}/${den}`,
    output: [
      ...(opts.vfr
        ? [
            '-vf',
            `settb=1/${timescale},setpts='floor((floor(N/2)*2*${den}/${num}+mod(N,2)*0.8*${den}/${num})/TB+0.5)'`,
          ]
        : []),
      '-vsync',
      '0',
      ...(opts.vfr ? ['-r', String(timescale)] : []),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      String(opts.crf ?? 23),
      '-pix_fmt',
      'yuv420p',
      '-video_track_timescale',
      String(timescale),
      '-an',
      rot ? `${out}.plain.mp4` : out,
    ],
  });
  const img = new Float32Array(w * h * 3);
  const frame = Buffer.alloc(w * h * 3);
  for (let n = 0; n < count; n += 1) {
    const t = times[n];
    const rx = positionAt(motion, t);
    const aim = opts.still ? positionAt(motion, seconds / 2) : positionAt(motion, Math.max(0, t - 0.15));
    const cam = cameraAt(t, aim + 1, w, h, seconds, opts.still ? 0 : undefined);
    drawField(img, w, h, cam, mulberry(n + 1));
    const people = [{ x: rx, z: RUNNER_Z, kit: RUNNER, runner: true }];
    if (crowd)
      for (const o of OTHERS)
        people.push({ x: o.x0 + o.v * t, z: o.z, kit: opts.sameKit ? RUNNER : o.kit, runner: false });
    people.sort((a, b) => b.z - a.z);
    const g = project(cam, rx, 0, RUNNER_Z);
    const runnerH = (cam.f * PLAYER_H) / g.zc;
    for (const p of people) {
      const q = project(cam, p.x, 0, p.z);
      const H = (cam.f * PLAYER_H) / q.zc;
      drawPlayer(img, w, h, q.u, q.v, H, p.x * 1.1, p.kit);
      if (!p.runner && p.z < RUNNER_Z && Math.abs(q.u - g.u) < 0.3 * (H + runnerH)) occluded.push(n);
    }
    groundPoints.push({ x: g.u, y: g.v });
    for (let y = 0; y < sh; y += 1)
      for (let x = 0; x < sw; x += 1) {
        // Stored picture: the displayed one turned a quarter clockwise; the tag turns it back.
        const si = (y * sw + x) * 3;
        const di = rot === 90 ? ((sw - 1 - x) * w + y) * 3 : si;
        for (let k = 0; k < 3; k += 1) frame[si + k] = Math.max(0, Math.min(255, Math.round(img[di + k])));
      }
    await encoder.write(frame);
  }
  await encoder.end();
  // The rotation is written on a stream copy: this ffmpeg drops the tag when it encodes.
  if (rot) await rotateTag(`${out}.plain.mp4`, out, rot);
  const yardsAt = (t: number) => positionAt(motion, t);
  const crossings: FieldClip['crossings'] = [];
  for (let yard = Math.ceil(yardsAt(0) / 5) * 5; yard < yardsAt(times[count - 1]); yard += 5) {
    let lo = 0;
    let hi = times[count - 1];
    for (let k = 0; k < 80; k += 1) {
      const mid = (lo + hi) / 2;
      if (yardsAt(mid) < yard) lo = mid;
      else hi = mid;
    }
    const frameIndex = times.findIndex((x) => x >= hi - 1e-12);
    if (frameIndex > 0) crossings.push({ yardLine: yard, frameIndex, trueTime: hi });
  }
  return {
    file: out,
    width: w,
    height: h,
    frameTimes: times,
    groundPoints,
    yardsAt,
    crossings,
    trueTopMph: trueTop(motion, times[count - 1]),
    occluded,
  };
}
