import { afterAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../lib/media-probe';
import { stopLauncherForTests } from '../../../lib/launcher';
import { forgetDecodedForTests, trackClip } from './track-clip';
import { runsTracking, WARM_UP_CLIP, warmTracker } from './warm-up';

afterAll(() => {
  forgetDecodedForTests();
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
  });

  it('leaves a clip kept for its next track kept', async () => {
    const { file, width, height, frameCount, seed } = WARM_UP_CLIP;
    const clip = { file, width, height, frameCount, seconds: 2.4, seeds: [seed], reuse: 'kept before' };
    await trackClip(clip);
    await warmTracker();
    // Decoded again, its progress would begin with the decode's (as in tracking.test.ts); read from what was kept,
    // it begins past it.
    const shares: number[] = [];
    await trackClip({ ...clip, onProgress: (share) => shares.push(share) });
    expect(shares[0]).toBeGreaterThanOrEqual(0.7);
  });

  it('runs only in a process that runs the jobs that track', () => {
    expect(runsTracking({ DISABLE_JOBS: false, SKIP_JOB_TYPES: [] })).toBe(true);
    expect(runsTracking({ DISABLE_JOBS: true, SKIP_JOB_TYPES: [] })).toBe(false);
    // A web replica (compose.yaml) leaves the click's track to the worker: it finds lines at upload only.
    expect(runsTracking({ DISABLE_JOBS: false, SKIP_JOB_TYPES: ['track', 'forty-proposal'] })).toBe(false);
    expect(runsTracking({ DISABLE_JOBS: false, SKIP_JOB_TYPES: ['forty-proposal'] })).toBe(true);
  });
});
