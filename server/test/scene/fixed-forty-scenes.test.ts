import { describe, expect, it } from 'vitest';
import { fixedScenes } from './fixed-scenes.fixtures';
import { proposeScene, timeScene } from './product';

/**
 * A fixed handful of the accuracy benchmark's 40 scenes (issue 49, decision 240), run through the product as
 * its jobs run it: the proposer's frames, and the true marks timed. Each one asserts what must hold. Apart
 * from the Max Speed scenes (fixed-scenes.test.ts) so the two files run side by side (decision 335).
 */
const { scene, benchmarkScene } = fixedScenes();

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

  // Issue 49: proposer 2.5.1 proposed the start 2 frames early on this benchmark scene (59.94 fps, three
  // B-frames between references): a B-frame showed the movement of the reference frame after it (decision
  // 304). Drawn at the benchmark's own size and length, as the benchmark drew it.
  it(
    'a 40 (seed 8748 at 59.94 fps, three B-frames, one showing the movement early): the start within one of the truth, or none and the frames it lies between',
    () => startWithinOrNamed(8748, '60000/1001', { named: true }),
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

  // Issue 49: proposers 2.7.1 and 2.8.0 told the start 36 frames (0.3 s) early here (120 fps, a runner of 94
  // pixels): the shadow of a player passing in front came into the margin around the set runner and was taken
  // for his first movement; none of it lay on his shape (decision 320).
  it(
    "a 40 (seed 10894 at 120 fps, another player's shadow passing the set runner): the start within one of the truth, or none and the frames it lies between hold the truth",
    () => startWithinOrNamed(10894, '120'),
    300_000,
  );

  // Issue 49: proposer 2.9.0 named nothing here (120 fps): three B-frames lie between the last reference
  // frame still in the stance and the first moving one, four frames apart, and a crossing too doubtful to
  // name (0.86 s early) refused the start as a run under 3.9 s (decision 321).
  it(
    'a 40 (seed 8668 at 120 fps, three B-frames between the still and the moving reference frames): the frames named hold the true first frame',
    () => startWithinOrNamed(8668, '120', { named: true }),
    300_000,
  );

  // Issue 49: proposers up to 2.10 told no start here (29.97 fps, other players standing and crossing): a
  // player moving elsewhere in the band, far from the set runner, refused it. From 2.11.0 only a movement
  // within 2 yards of him does (decision 323).
  it(
    'a 40 (seed 8652 at 29.97 fps, another player moving in the band away from the runner): the start within one of the truth',
    () => startWithinOrNamed(8652, '30000/1001', { told: true }),
    300_000,
  );

  // Decision 325: the runner leans over the line, and his shape half fills the zone past it 0.28 s after his
  // first movement. Up to proposer 2.12.0 a rise sooner than 0.3 s refused the start he was told at.
  it(
    'a 40 (seed 8674 at 59.94 fps, a runner leaning over the line): the start within one of the truth',
    () => startWithinOrNamed(8674, '60000/1001', { told: true }),
    300_000,
  );

  // Issue 49: proposer 2.0.0 proposed the start 3 frames early on this isoluminant runner at 29.97 fps.
  it(
    'a 40 (seed 1001 at 29.97 fps, isoluminant kit): every proposed frame within one of the truth, or none and a note; the true marks refused below 50 fps',
    () => withinOrSaid(1001, '30000/1001'),
    300_000,
  );
});
