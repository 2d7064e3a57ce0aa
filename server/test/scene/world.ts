import { speedOf, type Kit, type OtherPlayer, type Rgb, type SceneSpec } from './spec';

/**
 * The scene in time: where every player is, how his body is posed, and where the camera looks. Everything
 * is a function of continuous time; the frames sample it.
 */
export type Vec3 = [number, number, number];

const DT = 0.0005;
const YD_PER_M = 1 / 0.9144;

/** Tabulated motion along the run (distance from the start, gait phase), read by interpolation. */
interface Table {
  dist: Float64Array;
  phase: Float64Array;
  speed: Float64Array;
}

function tabulate(seconds: number, speedAt: (t: number) => number, phase0: number): Table {
  const n = Math.ceil((seconds + 0.5) / DT) + 2;
  const dist = new Float64Array(n);
  const phase = new Float64Array(n);
  const speed = new Float64Array(n);
  phase[0] = phase0;
  speed[0] = speedAt(0);
  for (let i = 1; i < n; i += 1) {
    const v = speedAt(i * DT);
    speed[i] = v;
    dist[i] = dist[i - 1] + ((v + speed[i - 1]) / 2) * DT;
    phase[i] = phase[i - 1] + (2 * Math.PI * v * DT) / strideYards(v);
  }
  return { dist, phase, speed };
}

/** Two steps, yards: longer strides at speed. */
const strideYards = (v: number) => 1.3 + 0.32 * v;

function read(a: Float64Array, t: number) {
  const x = Math.max(0, t / DT);
  const i = Math.min(a.length - 2, Math.floor(x));
  const f = Math.min(1, x - i);
  return a[i] + (a[i + 1] - a[i]) * f;
}

export interface Pose {
  /** Ground point (between the feet), yards, and the heading (unit, on the ground). */
  x: number;
  y: number;
  hx: number;
  hy: number;
  heightYd: number;
  /** Gait phase (radians), stride amplitude 0..1, forward lean (radians), 0..1 of a three-point stance. */
  phase: number;
  stride: number;
  lean: number;
  stance: number;
  kit: Kit;
  /**
   * Where the ankles are (yards; the left leg's, then the right's), where the world places them: a foot that
   * carries the runner stands still on the ground (decision 359). Without them the legs swing with the gait's
   * phase alone (the other players).
   */
  ankles?: [Vec3, Vec3];
  /** How far the world's feet replace the gait's own swing (0 at rest and in the 40's stance, 1 running). */
  plant?: number;
  /** Whether each foot (the left's, then the right's) stands on the ground carrying him, fully planted. */
  down?: [boolean, boolean];
}

export interface CameraPose {
  c: Vec3;
  r: Vec3;
  d: Vec3;
  f: Vec3;
  focal: number;
  u0: number;
  v0: number;
  /** Distortion radius (half diagonal, px) and k1. */
  rad: number;
  k1: number;
}

export interface World {
  runnerAt(t: number): Pose;
  othersAt(t: number): Pose[];
  cameraAt(t: number): CameraPose;
  /** The runner's ground X at t (continuous truth). */
  runnerX(t: number): number;
  /** The 40: the torso's X at t and the instants it reaches the start line + 10, 20, 30, 40 yards. */
  torsoX(t: number): number;
}

export function makeWorld(spec: SceneSpec): World {
  const R = spec.runner;
  const F = spec.forty;
  const T = spec.seconds;
  // The 40: torso distance d(tau) = V (tau - (1 - e^{-k tau}) / k), exactly 40 yards at `seconds`.
  const V = F ? 40 / (F.seconds - (1 - Math.exp(-F.k * F.seconds)) / F.k) : 0;
  const fortyDist = (tau: number) => (tau <= 0 || !F ? 0 : V * (tau - (1 - Math.exp(-F.k * tau)) / F.k));
  const blendS = 0.35;
  /** 0 in the stance, 1 running: eases out, so the first movement is quick. */
  const runBlend = (t: number) => {
    if (!F) return 1;
    const u = Math.min(1, Math.max(0, (t - F.moveAt) / blendS));
    return 1 - (1 - u) ** 2;
  };
  const ahead = (t: number) => (F ? F.behindYd * (1 - runBlend(t)) + 0.12 * runBlend(t) : 0);
  const table = F
    ? tabulate(T, (t) => (t <= F.moveAt ? 0 : V * (1 - Math.exp(-F.k * (t - F.moveAt)))), R.phase0)
    : tabulate(
        T,
        (t) => {
          const v = speedOf(R, t);
          return v;
        },
        R.phase0,
      );
  const wobble = (t: number) =>
    F ? 0 : (R.wobble * read(table.speed, t) * Math.sin(2 * read(table.phase, t))) / 12;
  const torsoX = (t: number): number => (F ? R.startX + R.dir * fortyDist(t - F.moveAt) : runnerX(t));
  function runnerX(t: number): number {
    if (F) return torsoX(t) - R.dir * ahead(t);
    return R.startX + R.dir * (read(table.dist, t) + wobble(t));
  }

  /** The time the gait reaches `phase` (the table's, before the side's half turn), extrapolated past its ends. */
  const timeAtPhase = (phase: number) => {
    const a = table.phase;
    const last = a.length - 1;
    if (phase <= a[0]) {
      const slope = (a[1] - a[0]) / DT;
      return slope > 0 ? (phase - a[0]) / slope : Number.NEGATIVE_INFINITY;
    }
    if (phase >= a[last]) {
      const slope = (a[last] - a[last - 1]) / DT;
      return slope > 0 ? last * DT + (phase - a[last]) / slope : Number.POSITIVE_INFINITY;
    }
    let lo = 0;
    let hi = last;
    while (hi - lo > 1) {
      const m = (lo + hi) >> 1;
      if (a[m] < phase) lo = m;
      else hi = m;
    }
    const f = a[hi] > a[lo] ? (phase - a[lo]) / (a[hi] - a[lo]) : 0;
    return (lo + f) * DT;
  };
  /** How far along the run the runner's ground point is at t (before the clip, at his first speed). */
  const progress = (t: number) => (t < 0 ? table.speed[0] * t : R.dir * (runnerX(t) - R.startX));

  const runnerAt = (t: number): Pose => {
    const v = read(table.speed, t);
    const stance = F ? 1 - runBlend(t) : 0;
    const accel = (read(table.speed, t + 0.05) - read(table.speed, Math.max(0, t - 0.05))) / 0.1;
    const pose: Pose = {
      x: runnerX(t),
      y: R.lane,
      hx: R.dir,
      hy: 0,
      heightYd: R.heightYd,
      phase: read(table.phase, t),
      stride: Math.min(1, v / 8),
      lean: 0.1 + Math.min(0.35, Math.max(0, accel) * 0.05),
      stance,
      kit: R.kit,
    };
    pose.plant = (1 - stance) * Math.min(1, v / GAIT.plantedSpeed);
    const feet = [-1, 1].map((side) => plantedAnkle(pose, side, t));
    pose.ankles = [feet[0].ankle, feet[1].ankle];
    pose.down = [feet[0].down, feet[1].down];
    return pose;
  };

  /**
   * The runner's ankle on one side (decision 359). Each step the foot lands when the leg's phase reaches
   * `GAIT.contactPhase` less a half contact and leaves it a half contact after, the contact's length in phase
   * being what carries the hip `GAIT.contact` heights along the run at that step's speed. While it is down the
   * ankle stands still on the ground where the hip was at the contact's middle; between two contacts it goes
   * from where it left the ground to where it lands, lifted most halfway. Slow (under `GAIT.plantedSpeed`
   * yards a second) and in the 40's stance the feet blend back to the gait's own swing by `pose.plant`: a body
   * at rest has nothing to plant. `down`: fully planted and in a contact.
   */
  const plantedAnkle = (pose: Pose, side: number, t: number): { ankle: Vec3; down: boolean } => {
    const h = R.heightYd;
    const swing = swingAnkle(pose, side);
    const v = read(table.speed, t);
    const w = pose.plant ?? 0;
    if (w <= 0) return { ankle: swing, down: false };
    const turn = side > 0 ? 0 : Math.PI;
    const ph = pose.phase + turn;
    const half = (k: number) => {
      const tk = timeAtPhase(GAIT.contactPhase + 2 * Math.PI * k - turn);
      const vk = Number.isFinite(tk) ? read(table.speed, Math.max(0, tk)) : v;
      return { tk, half: (Math.PI * GAIT.contact * h) / strideYards(vk) };
    };
    const lateral = R.dir * side * HIP_HALF * h;
    const footAt = (tk: number): Vec3 => [
      R.startX + R.dir * (Number.isFinite(tk) ? progress(tk) : progress(t)),
      R.lane + lateral,
      GAIT.ankle * h,
    ];
    const k = Math.round((ph - GAIT.contactPhase) / (2 * Math.PI));
    const c = half(k);
    const centre = GAIT.contactPhase + 2 * Math.PI * k;
    let target: Vec3;
    const inContact = Math.abs(ph - centre) <= c.half;
    if (inContact) target = footAt(c.tk);
    else {
      // Between the contact before and the one after: from where the foot left the ground to where it lands,
      // still against the ground at both ends, lifted most halfway (higher at speed: the heel kicks up).
      const [a, b] = ph > centre ? [k, k + 1] : [k - 1, k];
      const ca = a === k ? c : half(a);
      const cb = b === k ? c : half(b);
      const off = GAIT.contactPhase + 2 * Math.PI * a + ca.half;
      const on = GAIT.contactPhase + 2 * Math.PI * b - cb.half;
      const u = Math.min(1, Math.max(0, (ph - off) / Math.max(1e-9, on - off)));
      const ease = u - Math.sin(2 * Math.PI * u) / (2 * Math.PI);
      const from = footAt(ca.tk);
      const to = footAt(cb.tk);
      target = [
        from[0] + ease * (to[0] - from[0]),
        from[1] + ease * (to[1] - from[1]),
        GAIT.ankle * h + (0.04 + GAIT.lift * pose.stride) * h * Math.sin(Math.PI * u),
      ];
    }
    // Blended, the ankle keeps over the ground as the gait's own swing keeps it at rest (0.005 of the height).
    const lowest = (0.005 + w * (GAIT.ankle - 0.005)) * h;
    return {
      ankle: [
        swing[0] + w * (target[0] - swing[0]),
        swing[1] + w * (target[1] - swing[1]),
        Math.max(lowest, swing[2] + w * (target[2] - swing[2])),
      ],
      down: w === 1 && inContact,
    };
  };

  const others = spec.others.map((o) => otherMotion(o, R.dir, (t) => read(table.dist, t)));
  const othersAt = (t: number) => others.map((m) => m(t));

  // The camera: fixed position; a pan follows the runner through a spring, late.
  const cam = spec.camera;
  const hM = cam.heightM * YD_PER_M;
  const lane = R.lane;
  const mid = F ? R.startX + R.dir * 20 : (runnerX(0) + runnerX(T)) / 2;
  const cx = mid + cam.alongYd;
  const cy = lane - cam.distanceYd;
  const aimPath = new Float64Array(Math.ceil((T + 0.5) / 0.001) + 2);
  if (cam.pan) {
    let a = runnerX(0) + R.dir * cam.leadYd;
    let av = R.dir * R.v0;
    const w = cam.omega;
    for (let i = 0; i < aimPath.length; i += 1) {
      aimPath[i] = a;
      const t = i * 0.001;
      const target = runnerX(Math.max(0, t - cam.lagS)) - R.dir * R.v0 * Math.max(0, cam.lagS - t);
      const acc = w * w * (target - a) - 2 * cam.damping * w * av;
      av += acc * 0.001;
      a += av * 0.001;
    }
  } else aimPath.fill(mid);
  const aimAt = (t: number) => {
    const x = Math.max(0, t / 0.001);
    const i = Math.min(aimPath.length - 2, Math.floor(x));
    return aimPath[i] + (aimPath[i + 1] - aimPath[i]) * Math.min(1, x - i);
  };
  const W = spec.width;
  const H = spec.height;
  const aimZ = 1;
  const dist0 = Math.hypot(aimAt(0) - cx, lane - cy, aimZ - hM);
  const focal0 = (W * dist0) / cam.yardsAcross;
  const deg = Math.PI / 180;
  const shake = (t: number, k: number) =>
    cam.shakeDeg *
    deg *
    (0.6 * Math.sin(2 * Math.PI * cam.shakeHz[0] * t + cam.shakePhase[0] + k) +
      0.3 * Math.sin(2 * Math.PI * cam.shakeHz[1] * t + cam.shakePhase[1] + 2 * k) +
      0.15 * Math.sin(2 * Math.PI * cam.shakeHz[2] * t + cam.shakePhase[2] + 3 * k));
  const zoomAt = (t: number) => {
    if (cam.zoom === 1) return 1;
    const u = Math.min(1, Math.max(0, (t / T - cam.zoomT0) / Math.max(0.05, cam.zoomT1 - cam.zoomT0)));
    return 1 + (cam.zoom - 1) * u * u * (3 - 2 * u);
  };
  const cameraAt = (t: number): CameraPose => {
    const ax = aimAt(t);
    const focal = focal0 * zoomAt(t);
    const psi = Math.atan2(ax - cx, lane - cy) + shake(t, 0);
    const horiz = Math.hypot(ax - cx, lane - cy);
    const theta = Math.atan2(hM - aimZ, horiz) - Math.atan(((cam.aimRow - 0.5) * H) / focal) + shake(t, 1.7);
    const phi = cam.rollDeg * deg + 0.5 * shake(t, 3.1);
    const [cp, sp, ct, st] = [Math.cos(psi), Math.sin(psi), Math.cos(theta), Math.sin(theta)];
    const f: Vec3 = [sp * ct, cp * ct, -st];
    const r0: Vec3 = [cp, -sp, 0];
    // down = forward x right
    const d0: Vec3 = [f[1] * r0[2] - f[2] * r0[1], f[2] * r0[0] - f[0] * r0[2], f[0] * r0[1] - f[1] * r0[0]];
    const [cr, sr] = [Math.cos(phi), Math.sin(phi)];
    const r: Vec3 = [r0[0] * cr + d0[0] * sr, r0[1] * cr + d0[1] * sr, r0[2] * cr + d0[2] * sr];
    const d: Vec3 = [d0[0] * cr - r0[0] * sr, d0[1] * cr - r0[1] * sr, d0[2] * cr - r0[2] * sr];
    return { c: [cx, cy, hM], r, d, f, focal, u0: W / 2, v0: H / 2, rad: 0.5 * Math.hypot(W, H), k1: cam.k1 };
  };
  return { runnerAt, othersAt, cameraAt, runnerX, torsoX };
}

function otherMotion(o: OtherPlayer, dir: number, runnerDist: (t: number) => number) {
  const speed = Math.hypot(o.vx, o.vy);
  return (t: number): Pose => {
    const beside = o.role === 'beside';
    const x = beside ? o.x + dir * o.ratio * runnerDist(t) : o.x + o.vx * (t - o.atT);
    const y = beside ? o.y : o.y + o.vy * (t - o.atT);
    const v = beside ? o.ratio * (runnerDist(t + 0.01) - runnerDist(t)) * 100 : speed;
    const hx = beside ? dir : speed > 0 ? o.vx / speed : Math.cos(o.phase0);
    const hy = beside ? 0 : speed > 0 ? o.vy / speed : Math.sin(o.phase0);
    return {
      x,
      y,
      hx,
      hy,
      heightYd: o.heightYd,
      phase: o.phase0 + (2 * Math.PI * (beside ? o.ratio * runnerDist(t) : speed * t)) / strideYards(v),
      stride: Math.min(1, v / 8),
      lean: 0.1,
      stance: 0,
      kit: o.kit,
    };
  };
}

/** Projects a field point (yards) to the displayed picture (px), lens distortion included; z: depth. */
export function project(c: CameraPose, p: Vec3) {
  const x = p[0] - c.c[0];
  const y = p[1] - c.c[1];
  const z = p[2] - c.c[2];
  const zc = x * c.f[0] + y * c.f[1] + z * c.f[2];
  const xu = (c.focal * (x * c.r[0] + y * c.r[1] + z * c.r[2])) / zc;
  const yu = (c.focal * (x * c.d[0] + y * c.d[1] + z * c.d[2])) / zc;
  const r2 = (xu * xu + yu * yu) / (c.rad * c.rad);
  const k = 1 + c.k1 * r2;
  return { u: c.u0 + xu * k, v: c.v0 + yu * k, z: zc };
}

/** The ground point (field yards) seen at a displayed pixel (u, v): the inverse of `project` on Z = 0. */
export function groundAt(c: CameraPose, u: number, v: number) {
  const { a, b } = undistort(c, u - c.u0, v - c.v0);
  const dx = c.f[0] + (c.r[0] * a + c.d[0] * b) / c.focal;
  const dy = c.f[1] + (c.r[1] * a + c.d[1] * b) / c.focal;
  const dz = c.f[2] + (c.r[2] * a + c.d[2] * b) / c.focal;
  if (dz >= 0) return null;
  const s = -c.c[2] / dz;
  return { x: c.c[0] + s * dx, y: c.c[1] + s * dy };
}

/** Undistorted offset from the centre for a distorted one (fixed-point iteration of p_d = p_u (1 + k1 r_u^2)). */
export function undistort(c: { rad: number; k1: number }, du: number, dv: number) {
  let a = du;
  let b = dv;
  for (let k = 0; k < 8; k += 1) {
    const r2 = (a * a + b * b) / (c.rad * c.rad);
    const s = 1 + c.k1 * r2;
    a = du / s;
    b = dv / s;
  }
  return { a, b };
}

/** A body part: a capsule between two points (yards) with radii at each end, or a ball (a = b). */
export interface Capsule {
  a: Vec3;
  b: Vec3;
  ra: number;
  rb: number;
  color: Rgb;
}

const SKIN: Rgb[] = [
  [205, 160, 130],
  [150, 105, 75],
  [95, 65, 45],
];

/**
 * The gait whose feet stand still on the ground (decision 359): the hip travel a foot carries, in heights (a
 * foot is down for about a sixth of a sprinter's running time); the phase of a leg (0 where its thigh swings
 * forward fastest) at the middle of its contact, where the gait's own swing puts the foot under the hip
 * moving back; the ankle's height over the ground when the foot is down, in heights (the sock's round end
 * touches the ground); the running hip's height, in heights, low enough that the leg reaches a foot half a
 * contact ahead or behind; the speed from which the feet are planted; and how much higher, in heights, the
 * swinging ankle is lifted at full stride than at a walk (0.04).
 */
export const GAIT = {
  contact: 0.3,
  contactPhase: Math.PI + 0.2,
  ankle: 0.035,
  hip: 0.49,
  plantedSpeed: 1.5,
  lift: 0.22,
};

/** A body's frame: forward, left, and a point moved along them. */
function frameOf(p: Pose) {
  const F: Vec3 = [p.hx, p.hy, 0];
  const L: Vec3 = [-p.hy, p.hx, 0];
  const at = (base: Vec3, fwd: number, lat: number, up: number): Vec3 => [
    base[0] + F[0] * fwd + L[0] * lat,
    base[1] + F[1] * fwd + L[1] * lat,
    base[2] + up,
  ];
  return { F, L, at };
}

/** The hip: low and back in the stance; lower as far as the world plants the feet (`GAIT.hip`). */
function hipOf(p: Pose) {
  const h = p.heightYd;
  const s = p.stance;
  const run = 0.52 + (GAIT.hip - 0.52) * (p.plant ?? 0);
  return frameOf(p).at([p.x, p.y, 0], -0.05 * h * s, 0, h * (run * (1 - s) + 0.42 * s));
}

/** The thigh's and the shin's angles from straight down (forward positive) as the gait's phase swings them. */
function legAngles(p: Pose, side: number) {
  const s = p.stance;
  const ph = p.phase + (side > 0 ? 0 : Math.PI);
  const amp = p.stride;
  // Thigh swings about the hip; the knee bends most in the swing.
  const thigh = (0.7 * Math.sin(ph) * amp + 0.15 * amp) * (1 - s) + s * (side > 0 ? 1.2 : 0.5);
  const knee =
    thigh - (0.25 + 1.3 * amp * (0.5 + 0.5 * Math.sin(ph - 1.2))) * (1 - s) - s * (side > 0 ? 2.0 : 1.2);
  return { thigh, knee };
}

const THIGH = 0.245;
const SHIN = 0.25;
/** The hip joint's distance either side of the body's middle, in heights. */
const HIP_HALF = 0.05;
/** From the ankle to the middle of the shoe's sole, along the body's heading, in heights (the shoe is twice it). */
export const SOLE_MIDDLE = 0.05;
/** How far the shoe is lowered under the ankle when the foot is down, in heights: its sole on the ground. */
const SHOE_DROP = 0.01;

/** Where the gait's own swing puts the ankle of one side, from the hip `hipOf` gives the pose. */
function swingAnkle(p: Pose, side: number): Vec3 {
  const h = p.heightYd;
  const { at } = frameOf(p);
  const { thigh, knee } = legAngles(p, side);
  const root = at(hipOf(p), 0, side * HIP_HALF * h, 0);
  const j1 = at(root, Math.sin(thigh) * THIGH * h, 0, -Math.cos(thigh) * THIGH * h);
  return at(j1, Math.sin(knee) * SHIN * h, 0, -Math.cos(knee) * SHIN * h);
}

/**
 * The knee of a leg from `root` to `ankle` (thigh `l1`, shin `l2`), bent forward (along `F`); the ankle
 * brought within the leg's reach where it lies beyond.
 */
function kneeOf(root: Vec3, ankle: Vec3, F: Vec3, l1: number, l2: number) {
  const D: Vec3 = [ankle[0] - root[0], ankle[1] - root[1], ankle[2] - root[2]];
  const len = Math.hypot(D[0], D[1], D[2]);
  const d = Math.min(0.999 * (l1 + l2), Math.max(Math.abs(l1 - l2) + 1e-6, len));
  const u: Vec3 = len > 0 ? [D[0] / len, D[1] / len, D[2] / len] : [0, 0, -1];
  const along = F[0] * u[0] + F[1] * u[1] + F[2] * u[2];
  let n: Vec3 = [F[0] - along * u[0], F[1] - along * u[1], F[2] - along * u[2]];
  const nl = Math.hypot(n[0], n[1], n[2]);
  n = nl > 1e-9 ? [n[0] / nl, n[1] / nl, n[2] / nl] : [0, 0, 1];
  const cosA = (l1 * l1 + d * d - l2 * l2) / (2 * l1 * d);
  const sinA = Math.sqrt(Math.max(0, 1 - cosA * cosA));
  const knee: Vec3 = [
    root[0] + l1 * (cosA * u[0] + sinA * n[0]),
    root[1] + l1 * (cosA * u[1] + sinA * n[1]),
    root[2] + l1 * (cosA * u[2] + sinA * n[2]),
  ];
  const foot: Vec3 = [root[0] + d * u[0], root[1] + d * u[1], root[2] + d * u[2]];
  return { knee, foot };
}

/**
 * An articulated body: torso leaning forward, head, two legs (thigh, shin, foot) and two arms (upper arm,
 * forearm) swinging with the stride; a three-point stance blends in for the 40's start.
 */
export function bodyOf(p: Pose, skinIndex = 1): Capsule[] {
  const h = p.heightYd;
  const { F, at } = frameOf(p);
  const s = p.stance;
  const skin = SKIN[skinIndex % SKIN.length];
  // Stance: hips low and back, torso near horizontal, one hand on the ground ahead.
  const lean = p.lean * (1 - s) + 1.25 * s;
  const hip = hipOf(p);
  const torsoLen = 0.29 * h;
  const neck = at(hip, torsoLen * Math.sin(lean), 0, torsoLen * Math.cos(lean));
  const head = at(neck, 0.1 * h * Math.sin(lean), 0, 0.1 * h * Math.cos(lean));
  const parts: Capsule[] = [];
  const limb = (
    root: Vec3,
    lat: number,
    a1: number,
    len1: number,
    a2: number,
    len2: number,
    r1: number,
    r2: number,
    c1: Rgb,
    c2: Rgb,
  ) => {
    const j1 = at(root, Math.sin(a1) * len1, lat, -Math.cos(a1) * len1);
    const j2 = at(j1, Math.sin(a2) * len2, 0, -Math.cos(a2) * len2);
    const base = at(root, 0, lat, 0);
    parts.push({ a: base, b: j1, ra: r1, rb: r1 * 0.8, color: c1 });
    parts.push({ a: j1, b: j2, ra: r1 * 0.75, rb: r2, color: c2 });
    return j2;
  };
  for (const side of [-1, 1]) {
    const ph = p.phase + (side > 0 ? 0 : Math.PI);
    const amp = p.stride;
    const { thigh, knee } = legAngles(p, side);
    let foot: Vec3;
    const ankle = p.ankles?.[side > 0 ? 1 : 0];
    if (ankle) {
      // The world placed the ankle: the knee bends forward to reach it.
      const root = at(hip, 0, side * HIP_HALF * h, 0);
      const leg = kneeOf(root, ankle, F, THIGH * h, SHIN * h);
      parts.push({ a: root, b: leg.knee, ra: 0.06 * h, rb: 0.06 * h * 0.8, color: p.kit.pants });
      parts.push({ a: leg.knee, b: leg.foot, ra: 0.06 * h * 0.75, rb: 0.035 * h, color: p.kit.socks });
      foot = leg.foot;
    } else
      foot = limb(
        hip,
        side * HIP_HALF * h,
        thigh,
        THIGH * h,
        knee,
        SHIN * h,
        0.06 * h,
        0.035 * h,
        p.kit.pants,
        p.kit.socks,
      );
    // The shoe comes down along the ground as the planted foot reaches it (its sole on the ground when down).
    const drop =
      (p.plant ?? 0) *
      SHOE_DROP *
      h *
      Math.min(1, Math.max(0, (GAIT.ankle + SHOE_DROP - foot[2] / h) / SHOE_DROP));
    parts.push({
      a: at(foot, 0, 0, -drop),
      b: at(foot, 2 * SOLE_MIDDLE * h, 0, -drop),
      ra: 0.025 * h,
      rb: 0.022 * h,
      color: [25, 25, 28],
    });
    // Arms swing against the leg of the same side; the elbow stays bent.
    const shoulder = at(neck, -0.02 * h, side * 0.11 * h, -0.03 * h);
    const upper = -0.9 * Math.sin(ph) * amp * (1 - s) + s * (side > 0 ? 0.25 : 0.6);
    const fore = upper + (1.3 + 0.3 * amp) * (1 - s) + s * (side > 0 ? 0 : 0.9);
    limb(shoulder, 0, upper, 0.17 * h, fore, 0.16 * h, 0.035 * h, 0.03 * h, p.kit.jersey, skin);
  }
  parts.push({ a: hip, b: neck, ra: 0.1 * h, rb: 0.12 * h, color: p.kit.jersey });
  const sl = at(neck, -0.02 * h, -0.12 * h, -0.02 * h);
  const sr = at(neck, -0.02 * h, 0.12 * h, -0.02 * h);
  parts.push({ a: sl, b: sr, ra: 0.06 * h, rb: 0.06 * h, color: p.kit.jersey });
  parts.push({ a: head, b: head, ra: 0.07 * h, rb: 0.07 * h, color: p.kit.helmet });
  return parts;
}
