import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keptClip } from './kept-clips';
import { probeMedia } from './media-probe';
import { makeRunClip } from './run-clip';

// Generated clips kept by recipe (decision 340): made once, then copied, and made again when the recipe changes.
let dir: string;
let kept: string;
const before = process.env.VA_CLIP_CACHE;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kept-clips-'));
  kept = path.join(dir, 'kept');
});
afterEach(() => {
  if (before === undefined) delete process.env.VA_CLIP_CACHE;
  else process.env.VA_CLIP_CACHE = before;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A generator that writes its call count into the clip, and says how often it was called. */
function counting() {
  let calls = 0;
  const make = async (file: string) => {
    calls += 1;
    writeFileSync(file, `clip ${calls}`);
    return { file, truth: [1.5, 2.5], calls };
  };
  return { make, calls: () => calls };
}
const recipe = (options: unknown) => ({ name: 'test', sources: ['server/lib/run-clip.ts'], options });

describe('generated clips kept by recipe', () => {
  it('makes a recipe once and copies it to every later path, with what the generator said of it', async () => {
    process.env.VA_CLIP_CACHE = kept;
    const g = counting();
    const first = await keptClip(recipe({ fps: 60 }), path.join(dir, 'a.mp4'), g.make);
    const second = await keptClip(recipe({ fps: 60 }), path.join(dir, 'b.mp4'), g.make);
    expect(g.calls()).toBe(1);
    expect(first).toEqual({ file: path.join(dir, 'a.mp4'), truth: [1.5, 2.5], calls: 1 });
    expect(second).toEqual({ file: path.join(dir, 'b.mp4'), truth: [1.5, 2.5], calls: 1 });
    expect(readFileSync(second.file, 'utf8')).toBe('clip 1');
    // Other options are another recipe.
    const other = await keptClip(recipe({ fps: 30 }), path.join(dir, 'c.mp4'), g.make);
    expect(g.calls()).toBe(2);
    expect(readFileSync(other.file, 'utf8')).toBe('clip 2');
    // Each kept clip has its facts; nothing half-written is left.
    expect(readdirSync(kept).sort()).toEqual([
      expect.stringMatching(/^test-[0-9a-f]{20}\.json$/),
      expect.stringMatching(/^test-[0-9a-f]{20}\.mp4$/),
      expect.stringMatching(/^test-[0-9a-f]{20}\.json$/),
      expect.stringMatching(/^test-[0-9a-f]{20}\.mp4$/),
    ]);
  });

  it('makes the clip every time without the folder, or where a source cannot be read', async () => {
    delete process.env.VA_CLIP_CACHE;
    const g = counting();
    await keptClip(recipe({ fps: 60 }), path.join(dir, 'd.mp4'), g.make);
    await keptClip(recipe({ fps: 60 }), path.join(dir, 'e.mp4'), g.make);
    expect(g.calls()).toBe(2);
    process.env.VA_CLIP_CACHE = path.join(dir, 'elsewhere');
    const missing = { name: 'test', sources: ['server/lib/no-such-generator.ts'], options: {} };
    await keptClip(missing, path.join(dir, 'f.mp4'), g.make);
    await keptClip(missing, path.join(dir, 'g.mp4'), g.make);
    expect(g.calls()).toBe(4);
    expect(existsSync(path.join(dir, 'elsewhere'))).toBe(false);
  });

  it("removes kept clips unused for a week and a dead call's half-written files, and keeps the rest", async () => {
    const aged = path.join(dir, 'aged');
    mkdirSync(aged);
    const ago = (ms: number) => new Date(Date.now() - ms);
    const put = (name: string, when: Date) => {
      writeFileSync(path.join(aged, name), name);
      utimesSync(path.join(aged, name), when, when);
    };
    put('run-old.mp4', ago(8 * 24 * 3600_000));
    put('run-old.json', ago(8 * 24 * 3600_000));
    put('run-recent.mp4', ago(6 * 24 * 3600_000));
    put('run-recent.json', ago(6 * 24 * 3600_000));
    put('run-dead.mp4.abc.1.tmp', ago(2 * 3600_000));
    put('run-busy.mp4.def.2.tmp', ago(60_000));
    process.env.VA_CLIP_CACHE = aged;
    await keptClip(recipe({ fps: 120 }), path.join(dir, 'h.mp4'), counting().make);
    expect(
      readdirSync(aged)
        .filter((n) => n.startsWith('run-'))
        .sort(),
    ).toEqual(['run-busy.mp4.def.2.tmp', 'run-recent.json', 'run-recent.mp4']);
  });

  it('a kept run clip is the clip first made, with the truth and frame times of one made afresh', async () => {
    process.env.VA_CLIP_CACHE = kept;
    const opts = { fps: '30', seconds: 0.5, width: 160, height: 90 };
    const first = await makeRunClip(path.join(dir, 'run-1.mp4'), opts);
    const again = await makeRunClip(path.join(dir, 'run-2.mp4'), opts);
    expect(readFileSync(again.file).equals(readFileSync(first.file))).toBe(true);
    delete process.env.VA_CLIP_CACHE;
    // An encoder may not write the same bytes twice (threads), but the same pictures at the same times.
    const fresh = await makeRunClip(path.join(dir, 'run-3.mp4'), opts);
    expect({ ...again, file: '' }).toEqual({ ...fresh, file: '' });
    const [a, b] = await Promise.all([probeMedia(again.file), probeMedia(fresh.file)]);
    expect(a.frameTicks).toEqual(b.frameTicks);
    expect(a.frameCount).toBe(Math.round(0.5 * 30));
  });
});
