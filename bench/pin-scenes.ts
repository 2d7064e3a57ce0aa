/**
 * Draws the fixed-scene tests' benchmark-sized scenes and keeps them in server/test/scene/pinned (decision 338).
 *
 *   npm run pin-scenes -- 10863:forty 9583:max-speed   draws those scenes (seed:kind) and keeps each clip
 *                                                      and its truth
 *   npm run pin-scenes -- all                          draws every pinned scene again, after a change to the
 *                                                      renderer or to how scenes are drawn
 *
 * Commit the files it writes. A test refuses a pinned scene whose seed now draws another scene.
 */
import { pinnedScenes, pinScene } from '../server/test/scene/pinned';
import type { SceneSpec } from '../server/test/scene/spec';

const KINDS: SceneSpec['kind'][] = ['max-speed', 'forty'];
const args = process.argv.slice(2);
const wanted = args[0] === 'all' ? pinnedScenes().map(([seed, kind]) => `${seed}:${kind}`) : args;
if (!wanted.length) {
  console.error('usage: npm run pin-scenes -- <seed>:<kind> ... | all   (kinds: max-speed, forty)');
  process.exit(2);
}
for (const w of wanted) {
  const [s, kind] = w.split(':');
  const seed = Number(s);
  if (!Number.isInteger(seed) || !KINDS.includes(kind as SceneSpec['kind'])) {
    console.error(`not a scene: ${w} (write <seed>:<kind>, a kind of ${KINDS.join(', ')})`);
    process.exit(2);
  }
  const t0 = performance.now();
  const truth = await pinScene(seed, kind as SceneSpec['kind']);
  console.log(
    `${seed}:${kind}  ${truth.width}x${truth.height}, ${truth.nFrames} frames, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
