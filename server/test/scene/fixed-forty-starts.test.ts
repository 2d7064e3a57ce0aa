import { describe, it } from 'vitest';
import { fixedScenes } from './fixed-scenes.fixtures';

/**
 * More of the accuracy benchmark's 40 scenes (issue 49): the starts the proposer once told or named wrong,
 * drawn at the benchmark's own size and length. Apart from fixed-forty-scenes.test.ts so the two run side by
 * side: each scene is a render and a proposal of a whole clip (decision 335).
 */
const { startWithinOrNamed } = fixedScenes();

describe('fixed 40 starts of the accuracy benchmark (issue 49)', () => {
  // Issue 49: proposer 2.5.1 proposed the start 2 frames early on this benchmark scene (59.94 fps, three
  // B-frames between references): a B-frame showed the movement of the reference frame after it (decision
  // 304). Drawn at the benchmark's own size and length, as the benchmark drew it.
  it(
    'a 40 (seed 8748 at 59.94 fps, three B-frames, one showing the movement early): the start within one of the truth, or none and the frames it lies between',
    () => startWithinOrNamed(8748, '60000/1001', { named: true }),
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
});
