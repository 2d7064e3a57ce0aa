import { rm, writeFile } from 'node:fs/promises';
import { execTool, ffmpegPath } from '../../lib/ffmpeg';
import { probeMedia } from '../../lib/media-probe';
import { rawVideoEncoder } from '../../lib/raw-encoder';
import { lensMap, makeFieldTexture, renderField, seenGround } from './field';
import { describeScene, timingOf, type SceneSpec } from './spec';
import type { SceneTruth, TruthFrame } from './truth';
import { bodyOf, makeWorld, project, SOLE_MIDDLE, type CameraPose, type Capsule, type Pose } from './world';

const MPH = 3600 / 1760;
/** Coefficients of the frame-time jitter, the same in JavaScript and in ffmpeg's expression. */
const JA = 0.7548776662466927;
const JB = 0.5698402909980532;

/** The file's frames: which capture each is (drops leave gaps), its time, and which picture it shows. */
export function frameSchedule(spec: SceneSpec) {
  const { num, den } = timingOf(spec.fps);
  const captures = Math.max(2, Math.floor((spec.seconds * num) / den));
  const count = captures - spec.drops.length;
  const dropAt = [
    ...new Set(spec.drops.map((s) => Math.max(1, Math.min(count - 1, Math.round(s * count))))),
  ].sort((a, b) => a - b);
  const repeatAt = new Set(spec.repeats.map((s) => Math.max(1, Math.min(count - 1, Math.round(s * count)))));
  const TS = spec.timescale;
  const J = spec.jitter;
  const captureOf = (i: number) => i + dropAt.filter((p) => p <= i).length;
  const ticks: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const c = captureOf(i);
    const u = c * c * JA + c * JB;
    const frac = u - Math.floor(u);
    const t = (((c + J * (c >= 1 ? 1 : 0) * (frac - 0.5)) * den) / num) * TS;
    ticks.push(Math.floor(t + 0.5));
  }
  const C = `(N${dropAt.map((p) => `+gte(N\\,${p})`).join('')})`;
  const expr = `floor(((${C}+${J}*gte(${C}\\,1)*(mod(${C}*${C}*${JA}+${C}*${JB}\\,1)-0.5))*${den}/${num})*${TS}+0.5)`;
  const shows: number[] = [];
  for (let i = 0; i < count; i += 1) shows.push(repeatAt.has(i) ? shows[i - 1] : i);
  return { count, ticks, times: ticks.map((k) => k / TS), shows, expr, dropAt, repeatAt: [...repeatAt] };
}

interface Projected {
  ua: number;
  va: number;
  ub: number;
  vb: number;
  ra: number;
  rb: number;
  z: number;
  color: number[];
}

function projectCapsule(cam: CameraPose, c: Capsule): Projected | null {
  const a = project(cam, c.a);
  const b = project(cam, c.b);
  if (a.z < 0.5 || b.z < 0.5) return null;
  return {
    ua: a.u,
    va: a.v,
    ub: b.u,
    vb: b.v,
    ra: (c.ra * cam.focal) / a.z,
    rb: (c.rb * cam.focal) / b.z,
    z: (a.z + b.z) / 2,
    color: c.color,
  };
}

const bboxOf = (ps: Projected[]) => {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of ps) {
    const r = Math.max(p.ra, p.rb);
    x0 = Math.min(x0, p.ua - r, p.ub - r);
    x1 = Math.max(x1, p.ua + r, p.ub + r);
    y0 = Math.min(y0, p.va - r, p.vb - r);
    y1 = Math.max(y1, p.va + r, p.vb + r);
  }
  return { x0, y0, x1, y1 };
};

/** A capsule (segment with radii) blended into an RGB picture, or into a mask (max), anti-aliased. */
function drawCapsule(img: Float32Array, w: number, h: number, p: Projected, mask: Float32Array | null) {
  const r = Math.max(p.ra, p.rb);
  const x0 = Math.max(0, Math.floor(Math.min(p.ua, p.ub) - r - 1));
  const x1 = Math.min(w - 1, Math.ceil(Math.max(p.ua, p.ub) + r + 1));
  const y0 = Math.max(0, Math.floor(Math.min(p.va, p.vb) - r - 1));
  const y1 = Math.min(h - 1, Math.ceil(Math.max(p.va, p.vb) + r + 1));
  const vx = p.ub - p.ua;
  const vy = p.vb - p.va;
  const ll = vx * vx + vy * vy || 1e-9;
  for (let y = y0; y <= y1; y += 1) {
    const py = y + 0.5 - p.va;
    for (let x = x0; x <= x1; x += 1) {
      const px = x + 0.5 - p.ua;
      const t = Math.max(0, Math.min(1, (px * vx + py * vy) / ll));
      const d = Math.hypot(px - t * vx, py - t * vy);
      const rad = p.ra + (p.rb - p.ra) * t;
      const cov = Math.min(1, rad - d + 0.5);
      if (cov <= 0) continue;
      const i = y * w + x;
      if (mask) {
        if (cov > mask[i]) mask[i] = cov;
        continue;
      }
      const o = i * 3;
      img[o] += (p.color[0] - img[o]) * cov;
      img[o + 1] += (p.color[1] - img[o + 1]) * cov;
      img[o + 2] += (p.color[2] - img[o + 2]) * cov;
    }
  }
}

/** A horizontal (dir 0) or vertical (dir 1) box blur of `len` px: the camera's own motion in the exposure. */
function boxBlur(img: Float32Array, w: number, h: number, len: number, dir: 0 | 1) {
  const n = Math.round(len);
  if (n < 2) return;
  const lines = dir === 0 ? h : w;
  const size = dir === 0 ? w : h;
  const step = dir === 0 ? 3 : w * 3;
  const line = new Float32Array(size * 3);
  const half = Math.floor(n / 2);
  for (let l = 0; l < lines; l += 1) {
    const base = dir === 0 ? l * w * 3 : l * 3;
    for (let k = 0; k < size; k += 1)
      for (let c = 0; c < 3; c += 1) line[k * 3 + c] = img[base + k * step + c];
    for (let c = 0; c < 3; c += 1) {
      let sum = 0;
      let cnt = 0;
      for (let k = -half; k < n - half; k += 1)
        if (k >= 0 && k < size) {
          sum += line[k * 3 + c];
          cnt += 1;
        }
      for (let k = 0; k < size; k += 1) {
        img[base + k * step + c] = sum / cnt;
        const out = k - half;
        const inn = k - half + n;
        if (out >= 0 && out < size) {
          sum -= line[out * 3 + c];
          cnt -= 1;
        }
        if (inn >= 0 && inn < size) {
          sum += line[inn * 3 + c];
          cnt += 1;
        }
      }
    }
  }
}

/** Texels per yard: about twice the finest ground scale the camera will see, within 6..24. */
function texelsPerYard(spec: SceneSpec) {
  const c = spec.camera;
  const scale = (spec.width / c.yardsAcross) * Math.max(1, c.zoom) * 1.6;
  return Math.max(6, Math.min(24, Math.round(scale / 2)));
}

/**
 * Renders the scene and encodes it as a phone would (x264, B-frames, CRF, the drawn rate and times,
 * rotation metadata): `outFile` (.mp4) and beside it `<name>.truth.json`. The truth comes from the scene.
 */
export async function renderScene(spec: SceneSpec, outFile: string): Promise<SceneTruth> {
  const W = spec.width;
  const H = spec.height;
  const world = makeWorld(spec);
  const sched = frameSchedule(spec);
  const { num, den } = timingOf(spec.fps);
  const frameS = den / num;
  const cams = Array.from({ length: 25 }, (_, k) => world.cameraAt((k / 24) * spec.seconds));
  const tex = makeFieldTexture(spec.field, texelsPerYard(spec), spec.runner.kit, seenGround(cams, W, H));
  const lens = lensMap(W, H, spec.camera.k1);
  const field = new Float32Array(W * H * 3);
  const scratch = new Float32Array(W * H * 3);
  const acc = new Float32Array(W * H * 3);
  const mask = new Float32Array(W * H);
  const rot = spec.rotate;
  const [sw, sh] = rot === 90 ? [H, W] : [W, H];
  const stored = Buffer.alloc(sw * sh * 3);
  // Written through a clamped view: rounded and held to 0..255.
  const px = new Uint8ClampedArray(stored.buffer, stored.byteOffset, stored.length);
  const vignette = new Float32Array(W * H);
  for (let y = 0; y < H; y += 1)
    for (let x = 0; x < W; x += 1) {
      const rr = ((x - W / 2) ** 2 + (y - H / 2) ** 2) / ((W / 2) ** 2 + (H / 2) ** 2);
      vignette[y * W + x] = 1 - spec.field.vignette * rr * rr;
    }
  let noiseState = (spec.seed * 7919 + 17) >>> 0 || 1;
  const plain = rot ? `${outFile}.plain.mp4` : outFile;
  const gop = Math.max(12, Math.round(Math.min(2, spec.seconds) * (num / den)));
  const encoder = rawVideoEncoder({
    width: sw,
    height: sh,
    rate: spec.fps,
    output: [
      '-vf',
      `settb=1/${spec.timescale},setpts='${sched.expr}'`,
      '-vsync',
      '0',
      '-r',
      String(spec.timescale),
      '-c:v',
      'libx264',
      '-preset',
      spec.preset,
      '-crf',
      String(spec.crf),
      '-bf',
      String(spec.bframes),
      '-g',
      String(gop),
      '-pix_fmt',
      'yuv420p',
      '-video_track_timescale',
      String(spec.timescale),
      '-an',
      plain,
    ],
  });

  const skin = spec.seed % 3;
  const playersAt = (t: number) => {
    const cam = world.cameraAt(t);
    const people: { pose: Pose; runner: boolean; parts: Projected[] }[] = [];
    const all = [
      { pose: world.runnerAt(t), runner: true },
      ...world.othersAt(t).map((pose) => ({ pose, runner: false })),
    ];
    all.forEach((p, k) => {
      const parts = bodyOf(p.pose, skin + k)
        .map((c) => projectCapsule(cam, c))
        .filter((x): x is Projected => x !== null);
      people.push({ ...p, parts });
    });
    return { cam, people };
  };

  const truthFrames: TruthFrame[] = [];
  const fieldCache = new Float32Array(W * H * 3);
  let fieldKey = '';
  /** The camera's own motion during the exposure blurs the whole picture. */
  const blurForCamera = (
    img: Float32Array,
    cam: CameraPose,
    camA: CameraPose,
    camB: CameraPose,
    t: number,
  ) => {
    const centre = project(cam, [world.runnerX(t), spec.runner.lane, 0]);
    const ground = groundNear(cam, centre.u, centre.v);
    if (!ground) return;
    const a = project(camA, [ground.x, ground.y, 0]);
    const b = project(camB, [ground.x, ground.y, 0]);
    boxBlur(img, W, H, Math.abs(b.u - a.u), 0);
    boxBlur(img, W, H, Math.abs(b.v - a.v), 1);
  };
  const sun = spec.field.sun;
  for (let i = 0; i < sched.count; i += 1) {
    const shown = sched.shows[i];
    if (shown !== i) {
      // A repeated picture: the same bytes again, as a phone that repeats a frame writes them.
      await encoder.write(stored);
      truthFrames.push({
        ...truthFrames[i - 1],
        i,
        t: sched.times[i],
        shownT: truthFrames[i - 1].shownT ?? truthFrames[i - 1].t,
      });
      continue;
    }
    const t = sched.times[i];
    const exposure = spec.shutter * frameS;
    const cam = world.cameraAt(t);
    const camA = world.cameraAt(t - exposure / 2);
    const camB = world.cameraAt(t + exposure / 2);
    // A camera that has not moved sees the same field: drawn once (a 40's tripod).
    const key = JSON.stringify([camA, camB]);
    if (key === fieldKey) field.set(fieldCache);
    else {
      renderField(field, W, H, cam, tex, lens);
      blurForCamera(field, cam, camA, camB, t);
      fieldCache.set(field);
      fieldKey = key;
    }
    // Shadows of the players on the ground.
    const now = playersAt(t);
    const shadowParts: Projected[] = [];
    for (const p of now.people)
      for (const c of bodyOf(p.pose)) {
        const s = projectCapsule(cam, {
          ...c,
          a: [c.a[0] - c.a[2] * sun.dx, c.a[1] - c.a[2] * sun.dy, 0],
          b: [c.b[0] - c.b[2] * sun.dx, c.b[1] - c.b[2] * sun.dy, 0],
          ra: c.ra * 0.9,
          rb: c.rb * 0.9,
        });
        if (s) shadowParts.push(s);
      }
    if (shadowParts.length) {
      for (const s of shadowParts) drawCapsule(field, W, H, s, mask);
      const bb = bboxOf(shadowParts);
      for (let y = Math.max(0, Math.floor(bb.y0)); y <= Math.min(H - 1, Math.ceil(bb.y1)); y += 1)
        for (let x = Math.max(0, Math.floor(bb.x0)); x <= Math.min(W - 1, Math.ceil(bb.x1)); x += 1) {
          const m = mask[y * W + x];
          if (!m) continue;
          const k = 1 - sun.strength * m;
          const o = (y * W + x) * 3;
          field[o] *= k;
          field[o + 1] *= k;
          field[o + 2] *= k * 1.05;
          mask[y * W + x] = 0;
        }
    }
    // The players, averaged over sub-frames of the exposure when they move more than a pixel in it.
    const runnerNow = now.people[0];
    const later = project(camB, [world.runnerX(t + exposure / 2), spec.runner.lane, 1]);
    const earlier = project(camA, [world.runnerX(t - exposure / 2), spec.runner.lane, 1]);
    const moved = Math.hypot(later.u - earlier.u, later.v - earlier.v);
    const K = Math.max(1, Math.min(6, Math.ceil(moved / 1.5)));
    const draw = (target: Float32Array, ps: ReturnType<typeof playersAt>['people']) => {
      const parts = ps.flatMap((p) => p.parts).sort((a, b) => b.z - a.z);
      for (const p of parts) drawCapsule(target, W, H, p, null);
    };
    if (K === 1) draw(field, now.people);
    else {
      const subs = Array.from(
        { length: K },
        (_, k) => playersAt(t + exposure * ((k + 0.5) / K - 0.5)).people,
      );
      const bb = bboxOf(subs.flat().flatMap((p) => p.parts));
      const x0 = Math.max(0, Math.floor(bb.x0) - 1);
      const x1 = Math.min(W - 1, Math.ceil(bb.x1) + 1);
      const y0 = Math.max(0, Math.floor(bb.y0) - 1);
      const y1 = Math.min(H - 1, Math.ceil(bb.y1) + 1);
      if (x1 >= x0 && y1 >= y0) {
        for (let y = y0; y <= y1; y += 1) acc.fill(0, (y * W + x0) * 3, (y * W + x1 + 1) * 3);
        for (const ps of subs) {
          for (let y = y0; y <= y1; y += 1)
            scratch.set(field.subarray((y * W + x0) * 3, (y * W + x1 + 1) * 3), (y * W + x0) * 3);
          draw(scratch, ps);
          for (let y = y0; y <= y1; y += 1)
            for (let o = (y * W + x0) * 3; o < (y * W + x1 + 1) * 3; o += 1) acc[o] += scratch[o];
        }
        for (let y = y0; y <= y1; y += 1)
          for (let o = (y * W + x0) * 3; o < (y * W + x1 + 1) * 3; o += 1) field[o] = acc[o] / K;
      }
    }
    // Light: gain, colour cast, vignette, exposure drift, sensor noise; then the stored orientation.
    const drift = 1 + spec.field.flicker * Math.sin(2 * Math.PI * 0.7 * t + spec.seed);
    const g = spec.field.gain * drift;
    const cast = spec.field.cast;
    const sn = spec.field.sensorNoise;
    for (let y = 0; y < H; y += 1)
      for (let x = 0; x < W; x += 1) {
        const p = y * W + x;
        const k = g * vignette[p];
        noiseState ^= noiseState << 13;
        noiseState ^= noiseState >>> 17;
        noiseState ^= noiseState << 5;
        const n = sn * (((noiseState & 0xffff) + ((noiseState >>> 16) & 0xffff)) / 65536 - 1) * 1.7;
        // Stored picture: the displayed one turned a quarter clockwise; the rotation tag turns it back.
        const si = rot === 90 ? (x * sw + (sw - 1 - y)) * 3 : p * 3;
        px[si] = field[p * 3] * k * cast[0] + n;
        px[si + 1] = field[p * 3 + 1] * k * cast[1] + n;
        px[si + 2] = field[p * 3 + 2] * k * cast[2] + n;
      }
    await encoder.write(stored);
    truthFrames.push(
      truthFrame(
        i,
        t,
        world,
        cam,
        spec,
        runnerNow.pose,
        runnerNow.parts,
        now.people.slice(1).map((p) => p.parts),
      ),
    );
  }
  await encoder.end();
  if (rot) {
    const { code, stderr } = await execTool(ffmpegPath(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      plain,
      '-c',
      'copy',
      '-metadata:s:v:0',
      `rotate=${rot}`,
      outFile,
    ]);
    await rm(plain, { force: true });
    if (code !== 0) throw new Error(`ffmpeg failed: ${stderr}`);
  }
  // The times the file holds, checked against the ones drawn.
  const facts = await probeMedia(outFile);
  const tick = facts.timeBase.num / facts.timeBase.den;
  const times = facts.frameTicks.map((k) => k * tick);
  if (times.length !== sched.count || times.some((x, i) => Math.abs(x - sched.times[i]) > 1.5 * tick + 1e-9))
    throw new Error(
      `The encoded times differ from the drawn ones (${times.length} frames, ${sched.count} drawn)`,
    );
  const truth = makeTruth(spec, world, sched, truthFrames, num / den);
  await writeFile(outFile.replace(/\.mp4$/, '') + '.truth.json', JSON.stringify(truth));
  return truth;
}

/** The ground under a pixel (for the blur estimate), or null above the horizon. */
function groundNear(cam: CameraPose, u: number, v: number) {
  const a = (u - cam.u0) / cam.focal;
  const b = (v - cam.v0) / cam.focal;
  const dz = cam.f[2] + cam.r[2] * a + cam.d[2] * b;
  if (dz >= 0) return null;
  const s = -cam.c[2] / dz;
  return {
    x: cam.c[0] + s * (cam.f[0] + cam.r[0] * a + cam.d[0] * b),
    y: cam.c[1] + s * (cam.f[1] + cam.r[1] * a + cam.d[1] * b),
  };
}

function truthFrame(
  i: number,
  t: number,
  world: ReturnType<typeof makeWorld>,
  cam: CameraPose,
  spec: SceneSpec,
  pose: Pose,
  runner: Projected[],
  others: Projected[][],
): TruthFrame {
  const X = world.runnerX(t);
  const Y = spec.runner.lane;
  const g = project(cam, [X, Y, 0]);
  const a = project(cam, [X - 0.5, Y, 0]);
  const b = project(cam, [X + 0.5, Y, 0]);
  const box = bboxOf(runner);
  const tall = box.y1 - box.y0;
  const m = 0.25 * tall;
  const clear = others.every((o) => {
    const q = bboxOf(o);
    return q.x1 < box.x0 - m || q.x0 > box.x1 + m || q.y1 < box.y0 - m || q.y0 > box.y1 + m;
  });
  const inView =
    box.x0 >= 0.03 * spec.width && box.x1 <= 0.97 * spec.width && box.y0 >= 0 && box.y1 <= spec.height;
  return {
    i,
    t,
    X,
    Y,
    gx: g.u,
    gy: g.v,
    pxPerYd: Math.hypot(b.u - a.u, b.v - a.v),
    clear,
    inView,
    tallPx: tall,
    feet: feetOf(pose, cam),
  };
}

/** The runner's soles on the ground, and whether each foot is down (decision 359). */
function feetOf(p: Pose, cam: CameraPose) {
  return (p.ankles ?? []).map((a, k) => {
    const X = a[0] + p.hx * SOLE_MIDDLE * p.heightYd;
    const Y = a[1] + p.hy * SOLE_MIDDLE * p.heightYd;
    const { u, v } = project(cam, [X, Y, 0]);
    return { X, Y, u, v, down: p.down?.[k] ?? false };
  });
}

/** The fastest 10 yards of the continuous run inside [lo, hi]: 1 ms grid, the end found by bisection. */
function fastestTen(x: (t: number) => number, dir: number, lo: number, hi: number) {
  const d = (t: number) => dir * (x(t) - x(lo));
  let best: { t0: number; t1: number } | null = null;
  for (let t0 = lo; t0 < hi; t0 += 0.001) {
    const target = d(t0) + 10;
    if (d(hi) < target) break;
    let a = t0;
    let b = hi;
    for (let k = 0; k < 50; k += 1) {
      const mid = (a + b) / 2;
      if (d(mid) < target) a = mid;
      else b = mid;
    }
    if (!best || b - t0 < best.t1 - best.t0) best = { t0, t1: b };
  }
  return best;
}

function makeTruth(
  spec: SceneSpec,
  world: ReturnType<typeof makeWorld>,
  sched: ReturnType<typeof frameSchedule>,
  frames: TruthFrame[],
  fps: number,
): SceneTruth {
  const times = sched.times;
  const R = spec.runner;
  const base = {
    fps,
    nFrames: frames.length,
    frameTimes: times,
    groundPointPx: frames,
    width: spec.width,
    height: spec.height,
    rotation: spec.rotate,
    scene: { seed: spec.seed, kind: spec.kind, summary: describeScene(spec), spec },
    drops: sched.dropAt,
    repeats: sched.repeatAt,
  };
  const firstAtOrAfter = (t: number) => times.findIndex((x) => x >= t - 1e-9);
  if (spec.forty) {
    const F = spec.forty;
    const startX = R.startX;
    const at = (yards: number) => {
      let a = F.moveAt;
      let b = spec.seconds + 5;
      for (let k = 0; k < 80; k += 1) {
        const mid = (a + b) / 2;
        if (R.dir * (world.torsoX(mid) - startX) < yards) a = mid;
        else b = mid;
      }
      return b;
    };
    const tFinish = F.moveAt + F.seconds;
    const startFrame = times.findIndex((x) => x > F.moveAt);
    const finishFrame = firstAtOrAfter(tFinish);
    const splits: Record<string, number> = {};
    const splitFrames: Record<string, number> = {};
    for (const y of [10, 20, 30]) {
      const ty = at(y);
      splits[y] = ty - F.moveAt;
      splitFrames[y] = firstAtOrAfter(ty);
    }
    const cam0 = world.cameraAt(times[0]);
    const click = (yards: number) => {
      const p = project(cam0, [startX + R.dir * yards, R.lane - 1.5, 0]);
      return { yardLine: yards, frameIndex: 0, x: p.u, y: p.v };
    };
    return {
      ...base,
      forty: {
        tMove: F.moveAt,
        tFinish,
        seconds: F.seconds,
        splits,
        startFrame,
        finishFrame,
        splitFrames,
        frameSeconds: times[finishFrame] - times[startFrame],
        startX,
        lines: [click(0), click(40)],
      },
    };
  }
  const win = fastestTen(world.runnerX, R.dir, times[0], times[times.length - 1]);
  const candidates = frames.filter((f) => f.clear && f.inView && f.t <= 0.5 * spec.seconds);
  const clickFrame = candidates[0] ?? frames.find((f) => f.inView) ?? frames[0];
  return {
    ...base,
    maxSpeed: win
      ? {
          mph: (10 / (win.t1 - win.t0)) * MPH,
          seconds: win.t1 - win.t0,
          fromDist: R.dir * (world.runnerX(win.t0) - world.runnerX(times[0])),
          fromX: world.runnerX(win.t0),
          toX: world.runnerX(win.t1),
          fromTime: win.t0,
          toTime: win.t1,
        }
      : null,
    click: { frameIndex: clickFrame.i, x: clickFrame.gx, y: clickFrame.gy },
  };
}
