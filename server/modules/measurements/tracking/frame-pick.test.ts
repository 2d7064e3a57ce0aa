import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../lib/media-probe';
import { decodeGray, picks } from './decode-gray';
import { makeFieldClip } from './field-clip.fixtures';
import { fitTrack } from './fit-result';
import { framePick, trackClip } from './track-clip';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'frame-pick-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const click = (frameIndex: number) => ({ frameIndex, x: 100, y: 100 });

describe('the frames a clip is followed on (tracker 2.8.0, decision 301)', () => {
  it('follows every frame below 200 a second, every second at 200-299, every third at 300-399', () => {
    for (const fps of [25, 29.97, 60, 119.88, 120, 199])
      expect(framePick(Math.round(fps * 4), 4, 1000, [click(5)])).toBeNull();
    expect(framePick(960, 4, 2000, [click(10)])).toEqual({ step: 2, phase: 0, extra: [] });
    expect(framePick(959, 3.996, 2000, [click(10)])?.step).toBe(2);
    expect(framePick(1200, 4, 2000, [click(10)])?.step).toBe(3);
    // Without the clip's frame count or length: every frame, as before.
    expect(framePick(undefined, 4, 1000, [click(5)])).toBeNull();
    expect(framePick(960, undefined, 1000, [click(5)])).toBeNull();
  });

  it("takes the first click's frame as the phase and every other click's frame as well", () => {
    expect(framePick(960, 4, 2000, [click(11), click(40), click(57), click(57)])).toEqual({
      step: 2,
      phase: 1,
      extra: [40],
    });
    const pick = framePick(960, 4, 2000, [click(11), click(40), click(57)])!;
    for (const n of [11, 40, 57, 13, 1]) expect(picks(pick, n)).toBe(true);
    for (const n of [0, 12, 14, 58]) expect(picks(pick, n)).toBe(false);
  });

  it('follows a clip too long for its memory on fewer frames, down to 50 a second, and no further', () => {
    // 120 fps for 12 s: 1440 frames against room for 1165.
    expect(framePick(1440, 12, 1165, [click(0)])?.step).toBe(2);
    // 240 fps for 15 s: every second frame is 1800, every third 1200, every fourth 900.
    expect(framePick(3600, 15, 1165, [click(0)])?.step).toBe(4);
    // 60 fps for 25 s: every second frame would be 30 a second, so every frame (and the clip is refused).
    expect(framePick(1500, 25, 1165, [click(0)])).toBeNull();
  });

  it('decodes only the frames picked, the very pictures of the full decode', async () => {
    const clip = await makeFieldClip(path.join(dir, 'short-240.mp4'), {
      fps: '240',
      seconds: 0.25,
      width: 320,
      height: 180,
      crowd: false,
    });
    const all = await decodeGray(clip.file, 160, 90);
    const pick = { step: 3, phase: 1, extra: [5, 9] };
    const some = await decodeGray(clip.file, 160, 90, undefined, Infinity, false, pick);
    const wanted = all.frames.map((_, n) => n).filter((n) => picks(pick, n));
    expect(wanted.slice(0, 6)).toEqual([1, 4, 5, 7, 9, 10]);
    expect(some.frames.map((f) => Buffer.from(f).toString('base64'))).toEqual(
      wanted.map((n) => Buffer.from(all.frames[n]).toString('base64')),
    );
    // Too long: the limit told in the clip's frames, about three to each frame decoded.
    await expect(
      decodeGray(clip.file, 160, 90, undefined, 5, false, { step: 3, phase: 0, extra: [] }),
    ).rejects.toThrow('The clip is too long to track: trim it to the run (at most 15 frames)');
  }, 120_000);

  it('tracks a 240 fps clip on every second frame: every frame of the clip told, the truth inside the bound', async () => {
    const clip = await makeFieldClip(path.join(dir, 'run-240.mp4'), {
      fps: '240',
      seconds: 3.2,
      crowd: false,
    });
    const media = await probeMedia(clip.file);
    const tick = media.timeBase.num / media.timeBase.den;
    const timing = {
      frameTimes: media.frameTicks.map((k) => k * tick),
      fps: media.nominalFps,
      vfr: media.variableFrameRate,
    };
    const at = (i: number) => ({
      frameIndex: i,
      x: Math.round(clip.groundPoints[i].x),
      y: Math.round(clip.groundPoints[i].y),
    });
    // The first click on an odd frame sets the phase; a second click on an even frame is followed too.
    const raw = await trackClip({
      file: clip.file,
      width: clip.width,
      height: clip.height,
      frameCount: media.frameCount,
      seconds: timing.frameTimes[timing.frameTimes.length - 1],
      seeds: [at(121), at(400)],
    });
    expect(raw.frames).toHaveLength(media.frameCount);
    expect(raw.lines).toHaveLength(media.frameCount);
    raw.frames.forEach((f, i) => expect(f.frameIndex).toBe(i));
    const followed = raw.frames.filter((f) => f.state !== 'skipped').map((f) => f.frameIndex);
    expect(followed.filter((i) => i % 2 === 0)).toEqual([400]);
    expect(followed.length).toBe(Math.ceil(media.frameCount / 2) + (media.frameCount % 2 === 0 ? 1 : 0));
    for (const f of raw.frames.filter((g) => g.state === 'skipped')) {
      expect(f).toMatchObject({ x: 0, y: 0, confidence: 0 });
      expect(raw.lines[f.frameIndex].lines).toEqual([]);
    }
    for (const i of [121, 400]) expect(raw.frames[i].state).toBe('tracked');
    for (const f of raw.frames.filter((g) => g.state === 'tracked'))
      expect(
        Math.hypot(f.x - clip.groundPoints[f.frameIndex].x, f.y - clip.groundPoints[f.frameIndex].y),
      ).toBeLessThan(4);
    expect(raw.lines[121].lines.length).toBeGreaterThanOrEqual(2);
    const result = fitTrack(raw, timing);
    const max = result.maxSpeed!;
    expect(max).not.toBeNull();
    expect(max.plusMinusMph).toBeLessThanOrEqual(0.3);
    expect(Math.abs(max.mph - clip.trueTopMph)).toBeLessThanOrEqual(max.plusMinusMph);
    expect(result.frames.filter((f) => f.state === 'skipped')).toHaveLength(
      media.frameCount - followed.length,
    );
    expect(result.unsure.some((i) => raw.frames[i].state === 'skipped')).toBe(false);
    expect(result.method).toBe(`video 240 fps, tracked, ${result.fit.framesUsed} frames`);
    expect(result.fit.framesUsed).toBeLessThanOrEqual(followed.length);
  }, 300_000);
});
