import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { pinnedScene } from './pinned';
import { proposeScene } from './product';
import { renderScene } from './render';
import { drawScene, type SceneOverrides } from './spec';

/**
 * The scenes of the fixed-scene tests (issues 48 and 49, decision 240): small so the test run stays short
 * (640x360, 3 s at 29.97 fps unless a test says otherwise), drawn in each run; or drawn as the accuracy
 * benchmark draws them, read from their pinned clips (decision 338).
 */
const small: SceneOverrides = {
  kind: 'max-speed',
  width: 640,
  height: 360,
  rotate: 0,
  fps: '30000/1001',
  seconds: 3,
  drops: [],
  repeats: [],
  jitter: 0,
  shutter: 0.05,
};

/**
 * A folder of rendered scenes for the calling test file, made before its tests and removed after them. Each
 * file has its own: the server test files of a worker share their modules (decision 183).
 */
export function fixedScenes() {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fixed-scenes-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const rendered = new Map<string, ReturnType<typeof render>>();
  async function render(seed: number, o: SceneOverrides) {
    const spec = drawScene(seed, { ...small, ...o });
    const file = path.join(dir, `scene-${seed}.mp4`);
    return { spec, file, truth: await renderScene(spec, file) };
  }
  /**
   * A scene drawn as the accuracy benchmark draws it (its own size, length and frame rate), read from its
   * pinned clip (decision 338): drawing one takes 5-65 s.
   */
  const benchmarkScene = (seed: number, kind: 'max-speed' | 'forty') => pinnedScene(seed, kind);
  /**
   * A 40 scene drawn as the benchmark draws it (its size and length): the proposed start within one frame of the
   * truth, or none, and then the note names the frames (as shown, from 1) the first movement lies between, which
   * hold the truth, or (unless `named`) says why it could not be told; with `told`, only the start within one
   * frame passes.
   */
  async function startWithinOrNamed(seed: number, fps: string, o: { named?: boolean; told?: boolean } = {}) {
    const { spec, file, truth } = await benchmarkScene(seed, 'forty');
    expect(spec.fps).toBe(fps);
    const p = await proposeScene(file, truth);
    if (o.told) expect(p.start, p.proposal.notes.join(' ')).not.toBeNull();
    if (p.start !== null) return expect(Math.abs(p.start)).toBeLessThanOrEqual(1);
    const notes = p.proposal.notes.join(' ');
    const m = /first movement lies between frames (\d+) and (\d+)/.exec(notes);
    if (!m && !o.named) {
      // A reason, whichever check refused the start (decision 322).
      expect(notes).toMatch(/: mark the first movement yourself\./);
      return expect(p.proposal.startBetween).toBeNull();
    }
    expect(m, notes).not.toBeNull();
    expect(Number(m![1]) - 1).toBeLessThanOrEqual(truth.forty!.startFrame);
    expect(Number(m![2]) - 1).toBeGreaterThanOrEqual(truth.forty!.startFrame);
    expect(p.proposal.startBetween).toEqual({ fromFrame: Number(m![1]) - 1, toFrame: Number(m![2]) - 1 });
  }
  return {
    benchmarkScene,
    startWithinOrNamed,
    /** A small scene, rendered once for every test of the file that asks for it. */
    scene(seed: number, o: SceneOverrides = {}) {
      const key = `${seed} ${JSON.stringify(o)}`;
      if (!rendered.has(key)) rendered.set(key, render(seed, o));
      return rendered.get(key)!;
    },
  };
}
