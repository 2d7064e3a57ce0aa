import { rng, type Rng } from './random';

/**
 * The conditions of one scene, every one drawn from a seed (issue 48): what the camera, the field, the
 * players and the phone's encoder are. Field coordinates are yards: X along the field (0 and 100 the goal
 * lines), Y across it (0 the near sideline, 53.33 the far one), Z up. The camera stands on the near side.
 */
export type Rgb = [number, number, number];

export interface Kit {
  name: string;
  jersey: Rgb;
  pants: Rgb;
  helmet: Rgb;
  socks: Rgb;
}

export type OtherRole = 'cross-front' | 'cross-behind' | 'beside' | 'jog' | 'stand';

export interface OtherPlayer {
  role: OtherRole;
  kit: Kit;
  sameKit: boolean;
  heightYd: number;
  /** Lane (Y) and where he is (X) at time `atT`; his speed along X (yards a second) and across (Y). */
  y: number;
  x: number;
  atT: number;
  vx: number;
  vy: number;
  /** 'beside' only: his distance run is the runner's times this. */
  ratio: number;
  phase0: number;
}

export interface CameraSpec {
  heightM: number;
  /** Horizontal distance from the camera to the runner's lane, yards. */
  distanceYd: number;
  /** Camera X relative to the middle of what it watches, yards (the angle to the field). */
  alongYd: number;
  rollDeg: number;
  /** Yards across the picture at the runner's lane at the start. */
  yardsAcross: number;
  /** Where the runner's hips sit in the picture, as a share of the height from the top. */
  aimRow: number;
  pan: boolean;
  /** Pan: the camera follows the runner's position `lagS` late, through a spring (omega, damping < 1 overshoots). */
  lagS: number;
  omega: number;
  damping: number;
  /** Starting aim ahead of (+) or behind (-) the runner, yards. */
  leadYd: number;
  /** Focal length ratio at the end of the zoom (1: no zoom) and when it zooms (seconds). */
  zoom: number;
  zoomT0: number;
  zoomT1: number;
  /** Hand shake: amplitude in degrees and the three frequencies (Hz) and phases. */
  shakeDeg: number;
  shakeHz: [number, number, number];
  shakePhase: [number, number, number];
  /** Radial lens distortion (normalised by the half diagonal): k1 < 0 barrel. */
  k1: number;
}

export interface FieldSpec {
  grass: Rgb;
  stripeYd: number;
  stripeContrast: number;
  /** Texture noise amplitude (grey levels) and its grain (cells a yard). */
  noise: number;
  grain: number;
  paint: Rgb;
  numbers: boolean;
  hashes: 'high-school' | 'college' | 'pro';
  logo: boolean;
  /** A stand's shadow on the field: a soft half-plane (null: none). */
  shadow: { x0: number; slope: number; depth: number } | null;
  /** Picture gain, colour cast, vignette, sensor noise (grey levels), exposure drift. */
  gain: number;
  cast: Rgb;
  vignette: number;
  sensorNoise: number;
  flicker: number;
  /** The sun: shadows of the players fall along (dx, dy) per yard of height; strength 0..1. */
  sun: { dx: number; dy: number; strength: number };
}

export interface RunnerSpec {
  kit: Kit;
  isoluminant: boolean;
  heightYd: number;
  lane: number;
  /** +1: toward larger X. */
  dir: 1 | -1;
  startX: number;
  /** Max Speed: speed at t = 0, top speed, the time to reach it (yards a second, seconds). */
  v0: number;
  top: number;
  accelS: number;
  holdS: number;
  slowS: number;
  /** Speed at the end of slowing, as a share of the top. */
  endShare: number;
  /** Speed wobble within a stride (share of the speed). */
  wobble: number;
  phase0: number;
}

export interface FortySpec {
  /** Seconds still in the set stance before the first movement. */
  moveAt: number;
  /** Target time from first movement to the torso at the 40, and the acceleration constant k. */
  seconds: number;
  k: number;
  /** The feet's distance behind the start line in the stance, yards. */
  behindYd: number;
  /** Seconds filmed after the finish. */
  afterS: number;
}

export interface SceneSpec {
  seed: number;
  kind: 'max-speed' | 'forty';
  /** Displayed size (after rotation). */
  width: number;
  height: number;
  /** Stored turned a quarter with rotation metadata (a phone held upright). */
  rotate: 0 | 90;
  /** Nominal rate as a fraction, '30000/1001'. */
  fps: string;
  /** Frame times jittered by up to this share of a frame (0: constant rate). */
  jitter: number;
  timescale: number;
  seconds: number;
  /** Frames the phone lost (a gap in the times), by position in the file (0..1 of the clip). */
  drops: number[];
  /** Frames the phone repeated (the same picture again), by position in the file (0..1). */
  repeats: number[];
  crf: number;
  bframes: number;
  preset: 'veryfast' | 'faster' | 'fast';
  /** Exposure as a share of a frame's duration (motion blur). */
  shutter: number;
  camera: CameraSpec;
  field: FieldSpec;
  runner: RunnerSpec;
  forty: FortySpec | null;
  others: OtherPlayer[];
}

/** What may be set instead of drawn (tests: small fast scenes; the benchmark: a kind). */
export interface SceneOverrides {
  kind?: SceneSpec['kind'];
  width?: number;
  height?: number;
  rotate?: 0 | 90;
  fps?: string;
  seconds?: number;
  crf?: number;
  jitter?: number;
  /** Number of other players (0-7). */
  others?: number;
  pan?: boolean;
  zoom?: number;
  shakeDeg?: number;
  drops?: number[];
  repeats?: number[];
  shutter?: number;
}

const FPS: [string, number][] = [
  ['25', 1],
  ['30000/1001', 2.5],
  ['30', 1],
  ['60000/1001', 2],
  ['60', 1],
  ['120', 1.5],
  ['240', 1],
];

const luma = (c: Rgb) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
const clamp255 = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/** A colour of this hue scaled to the given luminance (isoluminant with the grass when `y` is the grass's). */
function atLuma(hue: Rgb, y: number): Rgb {
  const k = y / Math.max(1, luma(hue));
  return [clamp255(hue[0] * k), clamp255(hue[1] * k), clamp255(hue[2] * k)];
}

const CONTRAST_KITS: Kit[] = [
  {
    name: 'white',
    jersey: [232, 232, 228],
    pants: [225, 222, 210],
    helmet: [240, 240, 240],
    socks: [235, 235, 235],
  },
  { name: 'navy', jersey: [28, 36, 92], pants: [200, 198, 190], helmet: [30, 40, 100], socks: [30, 36, 90] },
  { name: 'black', jersey: [26, 26, 28], pants: [30, 30, 32], helmet: [20, 20, 22], socks: [240, 240, 240] },
  { name: 'gold', jersey: [236, 190, 40], pants: [40, 40, 44], helmet: [200, 165, 60], socks: [40, 40, 40] },
  {
    name: 'orange',
    jersey: [240, 120, 30],
    pants: [240, 240, 236],
    helmet: [240, 120, 30],
    socks: [240, 240, 240],
  },
  {
    name: 'sky',
    jersey: [120, 180, 230],
    pants: [235, 235, 235],
    helmet: [235, 235, 235],
    socks: [235, 235, 235],
  },
];
const ISO_HUES: [string, Rgb][] = [
  ['red', [220, 40, 40]],
  ['maroon', [200, 30, 70]],
  ['purple', [150, 60, 200]],
  ['blue', [50, 90, 230]],
  ['green', [60, 160, 70]],
];

function isoKit(r: Rng, grass: Rgb, gain: number): Kit {
  const [name, hue] = r.pick(ISO_HUES);
  const y = luma(grass) * r.range(0.9, 1.1) * Math.min(1.2, gain);
  const jersey = atLuma(hue, y);
  return {
    name: `${name} (isoluminant)`,
    jersey,
    pants: atLuma(hue, y * 0.95),
    helmet: jersey,
    socks: jersey,
  };
}

/**
 * Draws a scene's conditions from a seed. Every draw is made in a fixed order whatever the overrides,
 * so an override changes that condition only.
 */
export function drawScene(seed: number, overrides: SceneOverrides = {}): SceneSpec {
  const r = rng(seed);
  const kind: SceneSpec['kind'] = overrides.kind ?? (r.chance(0.75) ? 'max-speed' : 'forty');
  if (overrides.kind) r.next();
  const forty = kind === 'forty';
  const format = r.weighted([
    ['720p', 6],
    ['1080p', 2],
    ['portrait', forty ? 0 : 2],
  ] as const);
  let [width, height] = format === '1080p' ? [1920, 1080] : format === 'portrait' ? [720, 1280] : [1280, 720];
  const rotateTagged = r.chance(0.7);
  let rotate: 0 | 90 = format === 'portrait' && rotateTagged ? 90 : 0;
  let fps = r.weighted(FPS.map(([f, w]) => [f, forty && /^(25|30|30000)/.test(f) ? w * 0.3 : w] as const));
  const vfr = r.chance(0.25);
  let jitter = vfr ? r.range(0.1, 0.5) : 0;
  const drops = r.chance(0.12) ? [r.range(0.1, 0.9)] : [];
  const repeats = r.chance(0.12) ? [r.range(0.1, 0.9), ...(r.chance(0.4) ? [r.range(0.1, 0.9)] : [])] : [];
  let crf = r.int(26, 34);
  const bframes = r.weighted([
    [0, 1],
    [2, 2],
    [3, 3],
  ] as const);
  const preset = r.pick(['veryfast', 'faster', 'fast'] as const);
  let shutter = r.chance(0.35) ? r.range(0.25, 0.6) : r.range(0.02, 0.12);

  // The field and the light.
  const gain = r.range(0.78, 1.22);
  const grass: Rgb = [r.range(45, 85), r.range(95, 135), r.range(30, 62)].map(Math.round) as Rgb;
  const field: FieldSpec = {
    grass,
    stripeYd: r.pick([5, 5, 10, 2.5]),
    stripeContrast: r.chance(0.8) ? r.range(4, 16) : 0,
    noise: r.range(6, 22),
    grain: r.range(2, 8),
    paint: [r.range(225, 250), r.range(225, 250), r.range(220, 245)].map(Math.round) as Rgb,
    numbers: r.chance(0.85),
    hashes: r.pick(['high-school', 'college', 'pro'] as const),
    logo: r.chance(0.6),
    shadow: r.chance(0.3)
      ? { x0: r.range(-10, 110), slope: r.range(-0.6, 0.6), depth: r.range(0.45, 0.75) }
      : null,
    gain,
    cast: [r.range(0.92, 1.08), 1, r.range(0.9, 1.1)] as Rgb,
    vignette: r.range(0, 0.35),
    sensorNoise: r.range(0.5, 4),
    flicker: r.chance(0.3) ? r.range(0.01, 0.04) : 0,
    sun: (() => {
      const az = r.range(0, 2 * Math.PI);
      const len = 1 / Math.tan(r.range(0.45, 1.2));
      return {
        dx: Math.cos(az) * len,
        dy: Math.sin(az) * len,
        strength: r.chance(0.2) ? 0.12 : r.range(0.3, 0.6),
      };
    })(),
  };

  // The runner.
  const isoluminant = r.chance(0.3);
  const runnerKit = isoluminant ? isoKit(r, grass, gain) : { ...r.pick(CONTRAST_KITS) };
  const otherKit = (() => {
    const k = r.pick(CONTRAST_KITS.filter((c) => c.name !== runnerKit.name));
    return r.chance(0.25) ? isoKit(r, grass, gain) : k;
  })();
  const dir: 1 | -1 = r.chance(0.5) ? 1 : -1;
  const lane = forty ? r.range(4, 49) : r.range(4, 49);
  const runner: RunnerSpec = {
    kit: runnerKit,
    isoluminant,
    heightYd: r.range(1.9, 2.1),
    lane,
    dir,
    startX: 0,
    v0: forty ? 0 : r.chance(0.3) ? 0 : r.range(1, 5),
    top: r.range(7.3, 11),
    accelS: r.range(1.2, 2.4),
    holdS: r.range(0.3, 1.4),
    slowS: r.range(0.8, 1.6),
    endShare: r.range(0.35, 0.7),
    wobble: r.range(0, 0.025),
    phase0: r.range(0, 2 * Math.PI),
  };
  const fortySpec: FortySpec | null = forty
    ? {
        moveAt: r.range(0.5, 1.5),
        seconds: r.range(4.3, 5.6),
        k: r.range(0.85, 1.4),
        behindYd: r.range(0.2, 0.5),
        afterS: r.range(0.3, 0.7),
      }
    : null;
  const runSeconds = runner.accelS + runner.holdS + runner.slowS;
  let seconds = forty ? fortySpec!.moveAt + fortySpec!.seconds + fortySpec!.afterS : runSeconds;

  // The camera.
  const pan = forty ? false : r.chance(0.75);
  const camera: CameraSpec = {
    heightM: forty ? r.range(1.2, 12) : r.chance(0.3) ? r.range(1.5, 3) : r.range(3, 30),
    distanceYd: r.range(15, 60),
    alongYd: forty ? r.range(-4, 4) : r.range(-1, 1) * r.range(0, 25),
    rollDeg: r.range(-2.5, 2.5),
    yardsAcross: forty ? r.range(46, 58) : pan ? r.range(14, 40) : r.range(28, 50),
    aimRow: r.range(0.45, 0.7),
    pan,
    lagS: r.range(0.05, 0.4),
    omega: r.range(2, 5),
    damping: r.range(0.35, 0.85),
    leadYd: r.range(-3, 3),
    zoom: !forty && r.chance(0.4) ? r.range(0.8, 1.5) : 1,
    zoomT0: r.range(0, 0.4),
    zoomT1: r.range(0.6, 1),
    shakeDeg: forty ? (r.chance(0.6) ? 0 : r.range(0.01, 0.05)) : r.chance(0.2) ? 0 : r.range(0.03, 0.35),
    shakeHz: [r.range(0.4, 1.5), r.range(1.5, 4), r.range(4, 9)],
    shakePhase: [r.range(0, 6.3), r.range(0, 6.3), r.range(0, 6.3)],
    k1: r.chance(0.6) ? r.range(-0.08, 0.02) : 0,
  };
  if (camera.distanceYd > 25 && camera.heightM < 3 && r.chance(0.5)) camera.distanceYd *= 0.6;

  // The other players: their roles first, their places once the runner's path is known.
  const count = Math.max(0, Math.min(7, overrides.others ?? r.int(1, 7)));
  if (overrides.others !== undefined) r.next();
  const roles: OtherRole[] = [];
  const roleDraws: OtherRole[] = forty
    ? ['stand', 'stand', 'jog', 'cross-behind', 'cross-front']
    : ['cross-front', 'cross-behind', 'beside', 'jog', 'stand', 'cross-front', 'cross-behind'];
  for (let k = 0; k < 7; k += 1) {
    const role = k === 0 && !forty && r.chance(0.35) ? 'beside' : r.pick(roleDraws);
    if (k < count) roles.push(role);
  }
  const sameKitIndex = r.chance(0.4) ? r.int(0, 6) : -1;
  const others: OtherPlayer[] = [];
  for (let k = 0; k < 7; k += 1) {
    const u = [r.next(), r.next(), r.next(), r.next(), r.next(), r.next()];
    if (k >= roles.length) continue;
    const role = roles[k];
    const sameKit = k === sameKitIndex || (role !== 'beside' && u[5] < 0.2);
    const side = role === 'cross-front' ? -1 : role === 'cross-behind' ? 1 : u[0] < 0.5 ? -1 : 1;
    const gap =
      role === 'beside' ? 1.3 + 2.5 * u[1] : role.startsWith('cross') ? 1.2 + 9 * u[1] : 2 + 12 * u[1];
    others.push({
      role,
      kit: sameKit ? runnerKit : otherKit,
      sameKit,
      heightYd: 1.85 + 0.27 * u[2],
      y: Math.max(-2, Math.min(55, lane + side * gap)),
      // Filled in below, from the runner's path: where and when he meets the runner.
      x: u[3],
      atT: 0.15 + 0.7 * u[4],
      vx: role === 'stand' ? 0 : role === 'jog' ? (u[0] < 0.5 ? -1 : 1) * (1.5 + 3 * u[1]) : 0,
      vy: role.startsWith('cross') ? (u[3] - 0.5) * 2 : 0,
      ratio: role === 'beside' ? 0.93 + 0.1 * u[3] : 1,
      phase0: 6.28 * u[5],
    });
  }
  const crossSpeed = [
    r.range(3, 8),
    r.range(3, 8),
    r.range(3, 8),
    r.range(3, 8),
    r.range(3, 8),
    r.range(3, 8),
    r.range(3, 8),
  ];

  // Overrides, then what depends on them.
  if (overrides.width) width = overrides.width;
  if (overrides.height) height = overrides.height;
  if (overrides.rotate !== undefined) rotate = overrides.rotate;
  if (overrides.fps) fps = overrides.fps;
  if (overrides.jitter !== undefined) jitter = overrides.jitter;
  if (overrides.crf !== undefined) crf = overrides.crf;
  if (overrides.shutter !== undefined) shutter = overrides.shutter;
  if (overrides.pan !== undefined) camera.pan = overrides.pan;
  if (overrides.zoom !== undefined) camera.zoom = overrides.zoom;
  if (overrides.shakeDeg !== undefined) camera.shakeDeg = overrides.shakeDeg;
  if (overrides.seconds !== undefined && !forty) {
    // A shorter clip is a shorter run: the phases scaled to fit.
    const k = overrides.seconds / seconds;
    runner.accelS *= k;
    runner.holdS *= k;
    runner.slowS *= k;
    seconds = overrides.seconds;
  } else if (overrides.seconds !== undefined && fortySpec) {
    fortySpec.afterS = Math.max(0.1, overrides.seconds - fortySpec.moveAt - fortySpec.seconds);
    seconds = fortySpec.moveAt + fortySpec.seconds + fortySpec.afterS;
  }
  if (!camera.pan && !forty) camera.yardsAcross = Math.max(camera.yardsAcross, 28);

  // Where the run happens: a Max Speed run stays inside the field; a 40 starts on a line 5 yards in.
  const runYards = forty ? 41 + fortySpec!.afterS * 10 : roughDistance(runner, seconds);
  if (forty) {
    const startLine = r.pick([10, 15, 20, 25, 30]);
    runner.startX = dir > 0 ? startLine : 100 - startLine;
  } else {
    const lo = 2 + (dir > 0 ? 0 : runYards);
    const hi = 98 - (dir > 0 ? runYards : 0);
    runner.startX = hi > lo ? r.range(lo, hi) : 50 - (dir * runYards) / 2;
  }
  const timing = timingOf(fps);
  for (const [k, o] of others.entries()) {
    const xAt = roughX(runner, forty ? fortySpec : null, o.atT * seconds);
    const tC = o.atT * seconds;
    if (o.role === 'beside') {
      o.x = runner.startX + dir * (o.x - 0.5) * 4;
      o.atT = 0;
    } else if (o.role.startsWith('cross')) {
      const v = crossSpeed[k] * (o.x < 0.8 ? -dir : dir * 0.6);
      o.vx = v;
      o.x = xAt + (o.x - 0.5) * 2;
      o.atT = tC;
    } else {
      o.x = xAt + (o.x - 0.5) * 24;
      o.atT = tC;
    }
  }
  return {
    seed,
    kind,
    width,
    height,
    rotate,
    fps,
    jitter,
    timescale:
      jitter > 0 || drops.length ? 90000 : timing.num >= 1000 ? timing.num : r.pick([timing.num * 10, 90000]),
    seconds,
    drops: overrides.drops ?? drops,
    repeats: overrides.repeats ?? repeats,
    crf,
    bframes,
    preset,
    shutter,
    camera,
    field,
    runner,
    forty: fortySpec,
    others,
  };
}

export function timingOf(fps: string) {
  const [num, den] = fps.split('/').map(Number);
  return { num, den: den || 1, rate: num / (den || 1) };
}

/** The Max Speed run's distance over `seconds`, roughly (only to place the run on the field). */
function roughDistance(r: RunnerSpec, seconds: number) {
  let x = 0;
  for (let t = 0; t < seconds; t += 0.01) x += speedOf(r, t) * 0.01;
  return x;
}

function roughX(r: RunnerSpec, f: FortySpec | null, t: number) {
  if (f) {
    const tau = Math.max(0, t - f.moveAt);
    return r.startX + (r.dir * 40 * tau) / f.seconds;
  }
  return r.startX + r.dir * roughDistance(r, t);
}

/** Max Speed: the runner's speed at t (yards a second), without the stride's wobble. */
export function speedOf(r: RunnerSpec, t: number) {
  if (t <= r.accelS) {
    const u = t / r.accelS;
    return r.v0 + (r.top - r.v0) * (1 - (1 - u) ** 2.2);
  }
  if (t <= r.accelS + r.holdS) return r.top;
  const u = Math.min(1, (t - r.accelS - r.holdS) / r.slowS);
  const end = r.top * r.endShare;
  return r.top - ((r.top - end) * (1 - Math.cos(Math.PI * u))) / 2;
}

const f1 = (x: number) => x.toFixed(1);
/** The conditions in one line: what a failing seed was. */
export function describeScene(s: SceneSpec) {
  const c = s.camera;
  const t = timingOf(s.fps);
  const rate = Number.isInteger(t.rate) ? String(t.rate) : t.rate.toFixed(2);
  const parts = [
    `seed ${s.seed}`,
    s.kind,
    `${s.width}x${s.height}${s.rotate ? ' rot90' : ''}`,
    `${rate} fps${s.jitter ? ` vfr±${Math.round(s.jitter * 100)}%` : ''}`,
    `${f1(s.seconds)} s`,
    `crf ${s.crf} bf ${s.bframes}`,
    `cam ${f1(c.heightM)} m ${f1(c.distanceYd)} yd along ${f1(c.alongYd)} ${f1(c.yardsAcross)} yd across`,
    c.pan ? `pan lag ${c.lagS.toFixed(2)} s ζ ${c.damping.toFixed(2)}` : 'still',
    c.zoom !== 1 ? `zoom ${c.zoom.toFixed(2)}` : '',
    c.shakeDeg ? `shake ${c.shakeDeg.toFixed(2)}°` : '',
    c.k1 ? `k1 ${c.k1.toFixed(3)}` : '',
    `shutter ${s.shutter.toFixed(2)}`,
    `runner ${s.runner.kit.name} lane ${f1(s.runner.lane)} dir ${s.runner.dir > 0 ? '+' : '-'}`,
    s.forty
      ? `40 in ${s.forty.seconds.toFixed(2)} s, moves at ${s.forty.moveAt.toFixed(2)} s`
      : `top ${f1(s.runner.top)} yd/s`,
    `others ${s.others.map((o) => `${o.role}${o.sameKit ? '*' : ''}`).join(',') || 'none'}`,
    s.drops.length ? `drops ${s.drops.length}` : '',
    s.repeats.length ? `repeats ${s.repeats.length}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}
