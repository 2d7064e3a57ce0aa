import { existsSync, readdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { isDeepStrictEqual } from 'node:util';
import { renderScene } from './render';
import { drawScene, type SceneSpec } from './spec';
import type { SceneTruth } from './truth';

/**
 * The benchmark-sized scenes of the fixed-scene tests, rendered once and kept in the repository (decision 338):
 * drawing a 720p or 1080p scene at 120 fps takes 5-65 s, and the tests read the same clip every run. Each is
 * `<seed>-<kind>.mp4` with its truth beside it, `<seed>-<kind>.truth.json.gz`; the truth holds the spec it
 * was drawn from. `npm run pin-scenes -- <seed>:<kind> ...` draws them again (after a change to the
 * renderer or to how scenes are drawn).
 */
export const PINNED_DIR = path.join(import.meta.dirname, 'pinned');

type Kind = SceneSpec['kind'];
const base = (seed: number, kind: Kind, dir = PINNED_DIR) => path.join(dir, `${seed}-${kind}`);

/** The pinned scenes, as seed and kind, from the clips' names. */
export const pinnedScenes = (dir = PINNED_DIR) =>
  readdirSync(dir).flatMap((f) => {
    const m = /^(\d+)-(.+)\.mp4$/.exec(f);
    return m ? [[Number(m[1]), m[2] as Kind] as const] : [];
  });

/**
 * A pinned scene: its clip, its truth and the spec. Refused when it is not pinned, or when the scene the seed
 * draws today is not the one pinned: its truth would then describe another scene.
 */
export async function pinnedScene(seed: number, kind: Kind, dir = PINNED_DIR) {
  const file = `${base(seed, kind, dir)}.mp4`;
  const truthFile = `${base(seed, kind, dir)}.truth.json.gz`;
  const pin = `npm run pin-scenes -- ${seed}:${kind}`;
  if (!existsSync(file) || !existsSync(truthFile))
    throw new Error(`Scene ${seed} (${kind}) is not pinned: run \`${pin}\` and commit its two files.`);
  const truth = JSON.parse(gunzipSync(await readFile(truthFile)).toString('utf8')) as SceneTruth;
  const spec = drawScene(seed, { kind });
  // Compared as stored: the spec went through JSON (an undefined field is absent there).
  if (!sameSpec(JSON.parse(JSON.stringify(spec)), truth.scene?.spec))
    throw new Error(
      `Scene ${seed} (${kind}) is drawn differently from its pinned clip (the scene generator changed): run \`${pin}\`.`,
    );
  return { spec, file, truth };
}

/**
 * Whether two specs (as JSON) are the same scene: equal, numbers to within a millionth of a millionth of their
 * size. Node 20 and Node 24 may draw a number a last bit apart (scene 11722: another player's 17.304275836075576
 * yards under Node 24, ...572 under Node 20), and CI runs on Node 24.
 */
function sameSpec(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return a === b || Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return isDeepStrictEqual(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k) => !Object.hasOwn(b, k))) return false;
  return ka.every((k) => sameSpec((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Draws a scene as the accuracy benchmark draws it and keeps its clip and truth in PINNED_DIR. */
export async function pinScene(seed: number, kind: Kind, dir = PINNED_DIR) {
  const file = `${base(seed, kind, dir)}.mp4`;
  const truth = await renderScene(drawScene(seed, { kind }), file);
  const plain = `${base(seed, kind, dir)}.truth.json`;
  await rm(plain, { force: true });
  await writeFile(`${plain}.gz`, gzipSync(JSON.stringify(truth), { level: 9 }));
  return truth;
}
