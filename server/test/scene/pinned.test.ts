import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../lib/media-probe';
import { PINNED_DIR, pinnedScene, pinnedScenes } from './pinned';

/** The pinned scenes of the fixed-scene tests (decision 338): each clip is the scene its truth describes. */
const pinned = pinnedScenes();

describe('pinned scenes (decision 338)', () => {
  it('come in pairs: each clip with its truth, and nothing else', async () => {
    const files = (await readdir(PINNED_DIR)).sort();
    expect(pinned.length).toBeGreaterThan(0);
    expect(files).toEqual(
      pinned.flatMap(([seed, kind]) => [`${seed}-${kind}.mp4`, `${seed}-${kind}.truth.json.gz`]).sort(),
    );
  });

  it.each(pinned)(
    'scene %i (%s): drawn by its seed today, and the file holds the frames, times and size of its truth',
    async (seed, kind) => {
      const { file, truth, spec } = await pinnedScene(seed, kind);
      expect(truth.scene).toMatchObject({ seed, kind });
      const facts = await probeMedia(file);
      const tick = facts.timeBase.num / facts.timeBase.den;
      expect(facts.frameTicks).toHaveLength(truth.nFrames);
      facts.frameTicks.forEach((k, i) =>
        expect(Math.abs(k * tick - truth.frameTimes[i])).toBeLessThanOrEqual(1.5 * tick + 1e-9),
      );
      // Stored as the phone stores it: a portrait scene is a landscape picture with a quarter turn in its tags.
      const stored = spec.rotate === 90 ? [spec.height, spec.width] : [spec.width, spec.height];
      expect([facts.width, facts.height]).toEqual(stored);
      expect([spec.rotate, (360 - spec.rotate) % 360]).toContain(facts.rotation);
    },
  );

  describe('refused', () => {
    let dir = '';
    const [seed, kind] = pinned[0];
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'pinned-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('when the seed is not pinned, saying how to pin it', async () => {
      await expect(pinnedScene(seed, kind, dir)).rejects.toThrow(
        `Scene ${seed} (${kind}) is not pinned: run \`npm run pin-scenes -- ${seed}:${kind}\``,
      );
    });

    it('when the seed now draws another scene than the one pinned', async () => {
      const name = `${seed}-${kind}`;
      await copyFile(path.join(PINNED_DIR, `${name}.mp4`), path.join(dir, `${name}.mp4`));
      const { truth } = await pinnedScene(seed, kind);
      truth.scene!.spec.runner.heightYd += 0.01;
      await writeFile(path.join(dir, `${name}.truth.json.gz`), gzipSync(JSON.stringify(truth)));
      await expect(pinnedScene(seed, kind, dir)).rejects.toThrow(/drawn differently from its pinned clip/);
    });

    it('not when a number of the scene is drawn a last bit apart (Node 20 against Node 24)', async () => {
      const name = `${seed}-${kind}`;
      await copyFile(path.join(PINNED_DIR, `${name}.mp4`), path.join(dir, `${name}.mp4`));
      const { truth } = await pinnedScene(seed, kind);
      const h = truth.scene!.spec.runner.heightYd;
      truth.scene!.spec.runner.heightYd = h * (1 + 4 * Number.EPSILON);
      expect(truth.scene!.spec.runner.heightYd).not.toBe(h);
      await writeFile(path.join(dir, `${name}.truth.json.gz`), gzipSync(JSON.stringify(truth)));
      await expect(pinnedScene(seed, kind, dir)).resolves.toMatchObject({
        truth: { nFrames: truth.nFrames },
      });
    });
  });
});
