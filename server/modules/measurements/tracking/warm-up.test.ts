import { afterAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../lib/media-probe';
import { stopLauncherForTests } from '../../../lib/launcher';
import { WARM_UP_CLIP, warmTracker } from './warm-up';

afterAll(() => {
  stopLauncherForTests();
});

describe('the tracker warm-up a server runs as it starts (decision 357)', () => {
  it('states the facts of the clip it ships', async () => {
    const facts = await probeMedia(WARM_UP_CLIP.file);
    expect(facts).toMatchObject({
      width: WARM_UP_CLIP.width,
      height: WARM_UP_CLIP.height,
      rotation: 0,
      frameCount: WARM_UP_CLIP.frameCount,
      nominalFps: WARM_UP_CLIP.fps,
    });
    // Every frame a frame interval after the last: the times the warm-up fits with.
    const ticks = facts.frameTicks;
    const step = (facts.timeBase.den * WARM_UP_CLIP.fps.den) / (facts.timeBase.num * WARM_UP_CLIP.fps.num);
    expect(ticks.every((t, i) => t === ticks[0] + i * step)).toBe(true);
  });

  it('runs every part of a track: the lines found as at upload and read, the player followed, a Max Speed fitted', async () => {
    const w = await warmTracker();
    expect(w.linesRead).toBe(true);
    // The renderer's truth for the clip is 18.63 mph at its fastest (seed 8); the fit ran on a map of the field.
    expect(w.mph).toBeGreaterThan(15);
    expect(w.mph).toBeLessThan(25);
    expect(w.seconds).toBeGreaterThan(0);
  });
});
