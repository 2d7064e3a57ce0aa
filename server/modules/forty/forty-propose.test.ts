import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeForty } from '../../../contract/forty-math';
import { makeFortyClip } from '../../lib/forty-clip';
import { proposeForty } from './forty-propose';

/**
 * The tracker's proposal of a 40's frames (decision 212) on generated clips with a known truth: a runner
 * still on the start line, moving at a known instant, its torso crossing the 40 exactly `seconds` later.
 * The generated field is 320 x 120 with the lines 0, 10, 20, 30 and 40 at x = 20 + 7 * yards.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'forty-propose-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lineX = (yards: number) => 20 + 7 * yards - 0.5;

/** The proposer on a generated clip, clicked on its start and finish lines (the clip's first frames up to `last`). */
const proposeOn = (
  clip: Awaited<ReturnType<typeof makeFortyClip>>,
  clicks = { start: lineX(0), finish: lineX(40) },
  last = clip.frameTimes.length,
) =>
  proposeForty({
    file: clip.file,
    width: 320,
    height: 120,
    frameTimes: clip.frameTimes.slice(0, last),
    startLine: { frameIndex: 0, x: clicks.start, y: 90 },
    finishLine: { frameIndex: 0, x: clicks.finish, y: 110 },
  });

async function propose(
  fps: number,
  seconds = 4.62,
  clicks = { start: lineX(0), finish: lineX(40) },
  /** Only the frames up to the time of this yard line (a clip that stops before the finish). */
  until?: number,
) {
  const clip = await makeFortyClip(path.join(dir, `p-${fps}-${seconds}-${clicks.start}.mp4`), {
    fps,
    seconds,
  });
  const last =
    until === undefined ? clip.frameTimes.length : clip.lines.find((l) => l.yardLine === until)!.frameIndex;
  const result = await proposeOn(clip, clicks, last);
  return { clip, result };
}

describe('the proposed frames of a 40 (decision 212)', () => {
  it.each([60, 120, 240])(
    'at %i fps: the start and the finish within a frame of the truth, each split within a frame or not proposed',
    async (fps) => {
      const { clip, result } = await propose(fps);
      // Issue 49: within one frame of the truth. At 240 fps the hand has lifted a sixth of a pixel on the
      // first frame after the start (a few grey levels), and the 10- and 20-yard crossings are not told
      // to a frame there: those splits are left to the analyst, with a note.
      expect(Math.abs(result.startFrame! - clip.startFrame)).toBeLessThanOrEqual(1);
      expect(Math.abs(result.finishFrame! - clip.finishFrame)).toBeLessThanOrEqual(1);
      const byYard = new Map(result.lines.map((l) => [l.yardLine, l.frameIndex]));
      expect(byYard.has(0) && byYard.has(40)).toBe(true);
      if (fps < 240) expect([...byYard.keys()].sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40]);
      if (byYard.size < 5) expect(result.notes.join(' ')).toMatch(/mark the others yourself/);
      else expect(result.notes).toEqual([]);
      for (const l of clip.lines.filter((x) => x.yardLine > 0 && x.yardLine < 40 && byYard.has(x.yardLine)))
        // A line crossed within a fraction of a frame of a frame boundary can be proposed on either side.
        expect(Math.abs(byYard.get(l.yardLine)! - l.frameIndex)).toBeLessThanOrEqual(1);
      // The lines as found: the clicks snapped onto the painted lines.
      expect(result.startLine.x0).toBeCloseTo(lineX(0), 0);
      expect(result.finishLine.x1).toBeCloseTo(lineX(40), 0);
      // The proposal timed as the analyst would confirm it: the truth inside the stated bound.
      const timed = computeForty(
        { times: clip.frameTimes, fps: { num: fps, den: 1 }, vfr: false },
        {
          startFrame: result.startFrame!,
          finishFrame: result.finishFrame!,
          lines: result.lines,
        },
      );
      expect(clip.seconds).toBeGreaterThanOrEqual(timed.seconds - timed.plusMinusSeconds);
      expect(clip.seconds).toBeLessThanOrEqual(timed.seconds + timed.plusMinusSeconds);
    },
  );

  it('a click a few pixels off the line is snapped onto it', async () => {
    const { result, clip } = await propose(120, 4.9, { start: lineX(0) + 3, finish: lineX(40) - 3 });
    expect(result.startLine.x0).toBeCloseTo(lineX(0), 0);
    expect(result.finishLine.x0).toBeCloseTo(lineX(40), 0);
    expect(Math.abs(result.startFrame! - clip.startFrame)).toBeLessThanOrEqual(1);
  });

  it('a clip that stops before the runner reaches the finish proposes no finish and says so', async () => {
    const { result } = await propose(60, 4.62, { start: lineX(0), finish: lineX(40) }, 30);
    expect(result.finishFrame).toBeNull();
    expect(result.notes).toContain(
      'The runner was not found crossing the finish line: mark the finish yourself.',
    );
    expect(result.lines.some((l) => l.yardLine === 40)).toBe(false);
  });

  // Issue 49: a finish line not found near the click is not guessed (an upright line through the click is
  // frames off wherever perspective slants the painted line).
  it('a click where no finish line is found proposes no finish and says so', async () => {
    // Halfway between the 30 and the 40: no painted line within 2% of the width.
    const { result } = await propose(60, 4.62, { start: lineX(0), finish: lineX(35) });
    expect(result.finishFrame).toBeNull();
    expect(result.notes).toContain(
      'The finish line was not found where you clicked (it may be faint, far away, out of the picture or seen too flat): mark the finish yourself.',
    );
    expect(result.notes).not.toContain(
      'The runner was not found crossing the finish line: mark the finish yourself.',
    );
  });
});

// Issue 49: a proposal the proposer cannot stand behind is no proposal, with the reason.
describe('the proposer says when it cannot tell the start (issue 49)', () => {
  it('a runner who twitches 0.15 s before the start (a stance not held still): no start, and the note says so', async () => {
    const clip = await makeFortyClip(path.join(dir, 'twitch-120.mp4'), { fps: 120, twitchBefore: 0.15 });
    const result = await proposeOn(clip);
    expect(result.startFrame).toBeNull();
    expect(result.lines.some((l) => l.yardLine === 0)).toBe(false);
    expect(result.notes).toContain(
      'The runner was not seen still on the start line before the start: mark the first movement yourself.',
    );
    // The finish does not depend on the start: still proposed, within a frame.
    expect(Math.abs(result.finishFrame! - clip.finishFrame)).toBeLessThanOrEqual(1);
  });
});

// Decision 275: a B-frame is drawn from the reference frames either side of it, so a movement first seen on
// one began somewhere between the last still reference frame and the next one.
describe('the start on a clip written with B-frames (decision 275)', () => {
  const clipWith = async (fps: number, bFrames: number) => {
    const clip = await makeFortyClip(path.join(dir, `b${bFrames}-${fps}.mp4`), { fps, bFrames });
    const result = await proposeOn(clip);
    return { clip, result };
  };

  // Decision 278: the first frame of movement may not show, so the key frame before the B-frames may
  // already be the first movement. One B-frame: three frames, the middle one is within one of each.
  it.each([60, 120, 240])(
    'at %i fps with one B-frame between references: the start within a frame of the truth',
    async (fps) => {
      const { clip, result } = await clipWith(fps, 1);
      expect(result.startFrame).not.toBeNull();
      expect(Math.abs(result.startFrame! - clip.startFrame)).toBeLessThanOrEqual(1);
      expect(Math.abs(result.finishFrame! - clip.finishFrame)).toBeLessThanOrEqual(1);
    },
  );

  // Two B-frames: the key frame, two B-frames and the next P-frame are four frames, none within one of all.
  it.each([60, 120, 240])(
    'at %i fps with two B-frames between references: no start, the note says why, the finish within a frame',
    async (fps) => {
      const { clip, result } = await clipWith(fps, 2);
      expect(result.startFrame).toBeNull();
      expect(result.lines.some((l) => l.yardLine === 0)).toBe(false);
      expect(result.notes).toContain(
        "The video's encoding blends the first movement into the frames before it (B-frames), so no frame can be told: mark the first movement yourself.",
      );
      expect(Math.abs(result.finishFrame! - clip.finishFrame)).toBeLessThanOrEqual(1);
    },
  );

  it('at 120 fps with three B-frames between references: no start, the note says why, the finish is still proposed', async () => {
    // Four frames from the key frame to the next P-frame: no one of them is within a frame of all four.
    const { clip, result } = await clipWith(120, 3);
    expect(result.startFrame).toBeNull();
    expect(result.lines.some((l) => l.yardLine === 0)).toBe(false);
    expect(result.notes).toContain(
      "The video's encoding blends the first movement into the frames before it (B-frames), so no frame can be told: mark the first movement yourself.",
    );
    expect(Math.abs(result.finishFrame! - clip.finishFrame)).toBeLessThanOrEqual(1);
  });
});
