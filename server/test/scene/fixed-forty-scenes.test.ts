import { describe, expect, it } from 'vitest';
import { fixedScenes } from './fixed-scenes.fixtures';
import { proposeScene, timeScene } from './product';

/**
 * A fixed handful of the accuracy benchmark's 40 scenes (issue 49, decision 240), run through the product as
 * its jobs run it: the proposer's frames, and the true marks timed. Each one asserts what must hold. Apart
 * from the Max Speed scenes (fixed-scenes.test.ts) and the other 40 starts (fixed-forty-starts.test.ts) so
 * the three files run side by side (decision 335).
 */
const { scene, startWithinOrNamed } = fixedScenes();

describe('fixed 40 scenes of the accuracy benchmark (issue 49)', () => {
  it("a 40 at 59.94 fps: the proposer's start and finish within two frames of the truth, or none proposed", async () => {
    const { file, truth } = await scene(9, { kind: 'forty', fps: '60000/1001', seconds: undefined });
    const p = await proposeScene(file, truth);
    for (const d of [p.start, p.finish]) if (d !== null) expect(Math.abs(d)).toBeLessThanOrEqual(2);
  }, 300_000);

  // Issue 49: the 40's proposer within one frame of the truth, or it says it cannot (no frame and a note);
  // a confident wrong frame fails. Scenes of the calibration seeds (decision 256).
  const withinOrSaid = async (seed: number, fps: string) => {
    const { file, truth } = await scene(seed, { kind: 'forty', fps, seconds: undefined });
    const p = await proposeScene(file, truth);
    for (const d of [p.start, p.finish, ...p.splits])
      if (d !== null) expect(Math.abs(d)).toBeLessThanOrEqual(1);
    if (p.start === null || p.finish === null) expect(p.proposal.notes.length).toBeGreaterThan(0);
    // Frames named where none was told (decisions 304, 318) hold the true one.
    const named = [
      [p.proposal.startBetween, truth.forty!.startFrame],
      [p.proposal.finishBetween, truth.forty!.finishFrame],
    ] as const;
    for (const [between, frame] of named)
      if (between) {
        expect(between.fromFrame).toBeLessThanOrEqual(frame);
        expect(between.toFrame).toBeGreaterThanOrEqual(frame);
      }
    // The true marks, as an analyst who marks them exactly gets them: stored as verified at 50 fps or more
    // (no repeated pictures drawn here), the truth inside the ±; below 50 fps, refused for it.
    const m = await timeScene(file, truth);
    if ('refused' in m) throw new Error(m.refused);
    expect(m.inside).toBe(true);
    if (truth.fps >= 50) expect(m).toMatchObject({ verified: true, problems: [] });
    else expect(m.problems.join(' ')).toMatch(/below the 50 needed for a verified 40/);
  };
  it.each([
    [1007, '60000/1001'],
    [1009, '120'],
  ])(
    'a 40 (seed %i at %s fps): every proposed frame within one of the truth, or none and a note; the true marks verified, the truth inside ±',
    withinOrSaid,
    300_000,
  );

  // Issue 49: proposer 2.7.1 named frames 133 to 137 for the first movement on this benchmark scene (120 fps,
  // a small runner, the light slowly changing), 27 frames before the true one: the light's change, drawn by
  // the encoder in steps on the runner's pixels, was taken for his movement (decision 319).
  it(
    'a 40 (seed 10488 at 120 fps, the light changing in the stance): the start within one of the truth, or none and the frames it lies between hold the truth',
    () => startWithinOrNamed(10488, '120'),
    300_000,
  );

  // Decision 319: proposer 2.8.0 as first written named frames 90 to 93 here (as shown), from the last frame
  // under the stance's noise; the runner had moved a frame before it, too little to pass the noise. Proposers
  // 2.8.0 to 2.10 named 88 to 92; 2.11.0 reads the stance over other frames, whose noise refuses it (decision
  // 323): no frames named, and the note says why.
  it(
    'a 40 (seed 10863 at 120 fps, a first movement that rises slowly): the frames named hold the true first frame, or none and the note says why',
    () => startWithinOrNamed(10863, '120'),
    300_000,
  );

  // Issue 49: proposer 2.0.0 proposed the start 3 frames early on this isoluminant runner at 29.97 fps.
  it(
    'a 40 (seed 1001 at 29.97 fps, isoluminant kit): every proposed frame within one of the truth, or none and a note; the true marks refused below 50 fps',
    () => withinOrSaid(1001, '30000/1001'),
    300_000,
  );
});
