/**
 * Where a planted foot meets the ground, read in the picture (decision 359; issues 48 and 49): the lever both
 * issues' refusals wait for is a ground row steady to a fraction of a pixel, and a foot that stands still over
 * several frames is where it may be read. This is a first look, not the product: the truth places the search
 * window on each foot that is down, and the reading is the simplest one.
 *
 *   npx tsx bench/planted-feet.ts 20001-20006   renders each Max Speed scene of those seeds (kept in
 *                                               FEET_DIR, default data/planted-feet, with its truth),
 *                                               decodes it at the tracker's analysed size (640 px on the
 *                                               longer side) and, on every frame where the runner is clear
 *                                               and in view, reads each foot that is down: the lowest row,
 *                                               in a window of 0.2 yards around the sole's middle, with
 *                                               30% of its pixels more than 28 levels (grey plus both
 *                                               colour differences, the 40 proposer's `foreground`) from
 *                                               the grass (the median of a band under and beside the
 *                                               foot). It prints per scene the rows' error against the
 *                                               truth's sole (pixels, + below it) and for all scenes the
 *                                               median and 95th percentile of its size.
 *
 * A reader of the product is sized on one set of seeds and checked on seeds it was not sized on.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeGray } from '../server/modules/measurements/tracking/decode-gray';
import { renderScene } from '../server/test/scene/render';
import { drawScene } from '../server/test/scene/spec';
import type { SceneTruth } from '../server/test/scene/truth';
import { seedsOf } from './lib/seeds';

const DIR = path.resolve(process.env.FEET_DIR ?? 'data/planted-feet');
const SIDE = 640;
const FOREGROUND = 28;

async function kept(seed: number) {
  mkdirSync(DIR, { recursive: true });
  const spec = drawScene(seed, { kind: 'max-speed' });
  const file = path.join(DIR, `scene-${seed}.mp4`);
  const truthFile = path.join(DIR, `scene-${seed}.json`);
  if (existsSync(truthFile))
    return { spec, file, truth: JSON.parse(readFileSync(truthFile, 'utf8')) as SceneTruth };
  const truth = await renderScene(spec, file);
  writeFileSync(truthFile, JSON.stringify(truth));
  return { spec, file, truth };
}

const errors: number[] = [];
for (const seed of seedsOf(process.argv[2] ?? '')) {
  const { spec, file, truth } = await kept(seed);
  const W = truth.width ?? spec.width;
  const H = truth.height ?? spec.height;
  const k = SIDE / Math.max(W, H);
  const w = 2 * Math.round((W * k) / 2);
  const h = 2 * Math.round((H * k) / 2);
  const kx = w / W;
  const ky = h / H;
  const decoded = await decodeGray(file, w, h, undefined, Infinity, true);
  const cw = w >> 1;
  const cSize = cw * (h >> 1);
  const seen: number[] = [];
  for (const f of truth.groundPointPx) {
    const frame = decoded.frames[f.i];
    const chroma = decoded.chroma?.[f.i];
    if (!f.clear || !f.inView || !f.feet || !frame || !chroma) continue;
    const pxy = f.pxPerYd * kx;
    const at = (x: number, y: number) => {
      const q = (y >> 1) * cw + (x >> 1);
      return [frame[y * w + x], chroma[q], chroma[q + cSize]];
    };
    for (const foot of f.feet) {
      if (!foot.down) continue;
      const fu = foot.u * kx;
      const fv = foot.v * ky;
      const band: number[][] = [[], [], []];
      for (let y = Math.round(fv + 0.15 * pxy); y <= Math.round(fv + 0.45 * pxy); y += 1)
        for (let x = Math.round(fu - 0.6 * pxy); x <= Math.round(fu + 0.6 * pxy); x += 1) {
          if (x < 0 || y < 0 || x >= w || y >= h) continue;
          at(x, y).forEach((v, c) => band[c].push(v));
        }
      if (!band[0].length) continue;
      const grass = band.map((b) => b.sort((p, q) => p - q)[b.length >> 1]);
      const x0 = Math.max(0, Math.round(fu - 0.1 * pxy));
      const x1 = Math.min(w - 1, Math.round(fu + 0.1 * pxy));
      const top = Math.max(0, Math.round(fv - 0.35 * pxy));
      for (let y = Math.min(h - 1, Math.round(fv + 0.25 * pxy)); y >= top; y -= 1) {
        let n = 0;
        for (let x = x0; x <= x1; x += 1) {
          const v = at(x, y);
          if (Math.abs(v[0] - grass[0]) + Math.abs(v[1] - grass[1]) + Math.abs(v[2] - grass[2]) > FOREGROUND)
            n += 1;
        }
        if (n >= Math.max(2, 0.3 * (x1 - x0 + 1))) {
          // The row's lower edge against the sole's place.
          seen.push(y + 1 - fv);
          break;
        }
      }
    }
  }
  errors.push(...seen);
  seen.sort((p, q) => p - q);
  const q = (s: number) => (seen.length ? seen[Math.floor(s * (seen.length - 1))].toFixed(2) : '-');
  console.log(
    `${seed}\t${spec.fps} fps\t${(truth.groundPointPx[0].pxPerYd * kx).toFixed(1)} px a yard\tfeet down read ${seen.length}\terror 5th ${q(0.05)} median ${q(0.5)} 95th ${q(0.95)} px`,
  );
}
const size = errors.map(Math.abs).sort((p, q) => p - q);
const at = (s: number) => (size.length ? size[Math.floor(s * (size.length - 1))].toFixed(2) : '-');
console.log(
  `all scenes: ${size.length} feet down read; error's size median ${at(0.5)} px, 95th percentile ${at(0.95)} px`,
);
process.exit(0);
