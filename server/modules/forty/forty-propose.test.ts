import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FortyProposalResult } from '../../../contract/forty';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFortyClip } from '../../lib/forty-clip';
import { FORTY_PROPOSER, proposeForty } from './forty-propose';

/**
 * The tracker's proposal of a 40's frames (decision 212) on generated clips with a known truth: a runner
 * still on the start line, moving at a known instant, its torso crossing the 40 exactly `seconds` later.
 * The generated field is 320 x 120 with the lines 0, 10, 20, 30 and 40 at x = 20 + 7 * yards.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'forty-propose-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lineX = (yards: number) => 20 + 7 * yards - 0.5;

/**
 * Decision 288: with the right ground row, the torso's crossing is still off by up to 0.39 yards on the
 * calibration scenes, more than half of what a runner covers in a frame at 25 to 240 fps; the finish is
 * not proposed, and the note says why (not that the runner was not found). Decision 318: it names the frames
 * (as shown, from 1) the crossing lies between.
 */
const TORSO_NOTE =
  /^The torso's crossing cannot be told to a frame at this frame rate \(the runner covers too little in a frame for the tracker's measure of the torso\): look between frames (\d+) and (\d+) and mark the finish yourself\.$/;
/** The note of a start the proposer cannot tell to a frame (decision 303). */
const ONSET_NOTE =
  "The runner's first movement could not be told to a frame (it does not rise cleanly out of the still stance in this video): mark the first movement yourself.";
/**
 * The note of a start told only on a B-frame (decision 304): the frames (as shown, from 1) the first movement
 * lies between, which must hold the true first frame.
 */
const betweenNote = (notes: string[]) => {
  const m = notes
    .map((n) =>
      /^The runner's first movement lies between frames (\d+) and (\d+): a phone may leave the first moments of a movement undrawn and draw some frames partly from a later one, so the frames between those two cannot show which one it began on/.exec(
        n,
      ),
    )
    .find(Boolean);
  return m ? { from: Number(m[1]) - 1, to: Number(m[2]) - 1 } : null;
};
/** Frames the start's named frames reach back before the last still one at a steady `fps` (decision 330). */
const reachedBack = (fps: number) => Math.ceil(FORTY_PROPOSER.hiddenSeconds * fps - 1e-9) - 1;
/**
 * The start as the proposer may give it on a generated clip: told within a frame of the truth (never at 160 fps
 * or more: decision 330), or not told and the frames named in the note and in `startBetween` hold the true first
 * frame and span at most `span` frames; with `refused`, also none at all, with that note.
 */
const startHeld = (
  clip: { startFrame: number },
  result: FortyProposalResult,
  fps: number,
  span: number,
  refused?: string,
) => {
  if (result.startFrame !== null) {
    expect(fps).toBeLessThan(160);
    expect(Math.abs(result.startFrame - clip.startFrame)).toBeLessThanOrEqual(1);
    expect(result.startBetween).toBeNull();
    return;
  }
  if (refused !== undefined && result.startBetween === null) {
    expect(result.notes).toContain(refused);
    return;
  }
  const between = betweenNote(result.notes);
  expect(between, result.notes.join(' ')).not.toBeNull();
  expect(result.startBetween).toEqual({ fromFrame: between!.from, toFrame: between!.to });
  expect(between!.from).toBeLessThanOrEqual(clip.startFrame);
  expect(between!.to).toBeGreaterThanOrEqual(clip.startFrame);
  expect(between!.to - between!.from).toBeLessThanOrEqual(span);
};
/**
 * No finish proposed, the reason given, and the frames the crossing lies between named in the note and in
 * `finishBetween`: they hold the clip's true finish frame (the first at or after the torso's crossing).
 */
const noFinishSaidWhy = (
  result: Awaited<ReturnType<typeof proposeForty>>,
  clip: Awaited<ReturnType<typeof makeFortyClip>>,
) => {
  expect(result.finishFrame).toBeNull();
  expect(result.lines.some((l) => l.yardLine === 40)).toBe(false);
  const m = result.notes.map((n) => TORSO_NOTE.exec(n)).find(Boolean);
  expect(m, result.notes.join(' ')).toBeTruthy();
  expect(result.finishBetween).toEqual({ fromFrame: Number(m![1]) - 1, toFrame: Number(m![2]) - 1 });
  expect(result.finishBetween!.fromFrame).toBeLessThanOrEqual(clip.finishFrame);
  expect(result.finishBetween!.toFrame).toBeGreaterThanOrEqual(clip.finishFrame);
  expect(result.notes).not.toContain(
    'The runner was not found crossing the finish line: mark the finish yourself.',
  );
};

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
    'at %i fps: the start within a frame of the truth; the finish and the splits not proposed, with the reason',
    async (fps) => {
      const { clip, result } = await propose(fps);
      // Issue 49: within one frame of the truth. At 240 fps the frames reached back before the last still one
      // (decision 330) leave it named at best, and this clip has a key frame on the last still frame (one
      // every 30 frames), whose new picture the fit cannot tell from the first movement to a frame (decision
      // 303): no start, and the note says so.
      if (fps === 240)
        startHeld(clip, result, fps, FORTY_PROPOSER.namedStartFrames + reachedBack(fps), ONSET_NOTE);
      else expect(Math.abs(result.startFrame! - clip.startFrame)).toBeLessThanOrEqual(1);
      // The finish is crossed (the runner is found) but not told to a frame (decision 288); the splits are
      // only looked for between a start and a finish.
      noFinishSaidWhy(result, clip);
      if (result.startFrame === null) return;
      expect(result.lines.map((l) => l.yardLine)).toEqual([0]);
      expect(result.notes).toHaveLength(1);
      // The lines as found: the clicks snapped onto the painted lines.
      expect(result.startLine.x0).toBeCloseTo(lineX(0), 0);
      expect(result.finishLine.x1).toBeCloseTo(lineX(40), 0);
    },
  );

  // The crossing is still measured (the start's run time is judged on it): without the torso's doubt, as
  // a better measure of the torso would allow, it is within a frame on these clips' upright lines.
  it.each([60, 120, 240])(
    'at %i fps: the crossing itself, the torso doubt set aside, is within a frame of the truth',
    async (fps) => {
      const saved = FORTY_PROPOSER.torsoDoubtYards;
      FORTY_PROPOSER.torsoDoubtYards = 0;
      try {
        const { clip, result } = await propose(fps);
        expect(Math.abs(result.finishFrame! - clip.finishFrame)).toBeLessThanOrEqual(1);
        for (const l of clip.lines.filter((x) => x.yardLine > 0)) {
          const found = result.lines.find((x) => x.yardLine === l.yardLine);
          if (found) expect(Math.abs(found.frameIndex - l.frameIndex)).toBeLessThanOrEqual(1);
        }
      } finally {
        FORTY_PROPOSER.torsoDoubtYards = saved;
      }
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
    expect(result.finishBetween).toBeNull();
    expect(result.notes).toContain(
      'The runner was not found crossing the finish line: mark the finish yourself.',
    );
    expect(result.lines.some((l) => l.yardLine === 40)).toBe(false);
    // The clip ends at the 30-yard line, 3.6 s after the start: too soon for a 40 (decision 322).
    expect(result.startFrame).toBeNull();
    expect(result.notes).toContain(
      "The video ends less than 3.9 s (a 40's fastest time) after the movement seen on the start line: mark the first movement yourself.",
    );
  });

  // Decision 318: frames are named only where they narrow the search; a crossing whose doubt is wider than
  // `namedDoubtYards` (a slanted line seen from low, a torso track slower than a runner) names none.
  it('a crossing whose doubt is too wide to help names no frames, and the note still says why', async () => {
    const saved = FORTY_PROPOSER.namedDoubtYards;
    FORTY_PROPOSER.namedDoubtYards = 0.1;
    try {
      const { result } = await propose(60);
      expect(result.finishFrame).toBeNull();
      expect(result.finishBetween).toBeNull();
      expect(result.notes).toContain(
        "The torso's crossing cannot be told to a frame at this frame rate (the runner covers too little in a frame for the tracker's measure of the torso): mark the finish yourself.",
      );
    } finally {
      FORTY_PROPOSER.namedDoubtYards = saved;
    }
  });

  // Issue 49: a finish line not found near the click is not guessed (an upright line through the click is
  // frames off wherever perspective slants the painted line).
  it('a click where no finish line is found proposes no finish and says so', async () => {
    // Halfway between the 30 and the 40: no painted line within 2% of the width.
    const { result } = await propose(60, 4.62, { start: lineX(0), finish: lineX(35) });
    expect(result.finishFrame).toBeNull();
    expect(result.finishBetween).toBeNull();
    expect(result.notes).toContain(
      'The finish line was not found where you clicked (it may be faint, far away, out of the picture or seen too flat): mark the finish yourself.',
    );
    expect(result.notes).not.toContain(
      'The runner was not found crossing the finish line: mark the finish yourself.',
    );
  });
  // Someone else crossing the finish line: sooner than a 40 can be run, he is not the runner; after that, which
  // pass is the runner's finish is not guessed.
  it("a bigger player crossing the finish line before a 40 could be run: the finish is still the runner's", async () => {
    const clip = await makeFortyClip(path.join(dir, 'passer-early-120.mp4'), { fps: 120, passerAt: 0.3 });
    const result = await proposeOn(clip);
    // Named around the runner's crossing, as on the clip without the passer (the torso's doubt at 120 fps).
    noFinishSaidWhy(result, clip);
  });

  it.each([
    ['about 2.4 times', 1],
    ['about 5 times', 1.5],
  ])(
    "another player (%s the runner's pixels) crossing the finish line during the run: no finish told or named, and the note says so",
    async (_, passerScale) => {
      const clip = await makeFortyClip(path.join(dir, `passer-late-120-${passerScale}.mp4`), {
        fps: 120,
        passerAt: 4.3,
        passerScale,
      });
      const result = await proposeOn(clip);
      expect(result.finishFrame).toBeNull();
      expect(result.finishBetween).toBeNull();
      expect(result.notes).toContain(
        'More than one pass over the finish line was seen (another player may have crossed it): mark the finish yourself.',
      );
    },
  );
});

// Issue 49: a proposal the proposer cannot stand behind is no proposal, with the reason.
describe('the proposer says when it cannot tell the start (issue 49)', () => {
  it('a runner who twitches 0.15 s before the start (a stance not held still): no start, and the note says so', async () => {
    const clip = await makeFortyClip(path.join(dir, 'twitch-120.mp4'), { fps: 120, twitchBefore: 0.15 });
    const result = await proposeOn(clip);
    expect(result.startFrame).toBeNull();
    expect(result.lines.some((l) => l.yardLine === 0)).toBe(false);
    expect(result.notes).toContain(ONSET_NOTE);
    // The finish does not depend on the start: crossed, not told to a frame (decision 288).
    noFinishSaidWhy(result, clip);
  });

  // Decision 322: the note names the check that refused the candidate which passed the most of them.
  it('a stance shorter than the rule: no start, and the note says the runner was not still long enough', async () => {
    const saved = FORTY_PROPOSER.stillSeconds;
    // The clip's stance lasts 0.5 s: a rule of 2 s refuses it.
    FORTY_PROPOSER.stillSeconds = 2;
    try {
      const { result } = await propose(120);
      expect(result.startFrame).toBeNull();
      expect(result.startBetween).toBeNull();
      expect(result.notes).toContain(
        'The runner was seen still on the start line for less than 2 s before his first movement (a set runner holds still longer): mark the first movement yourself.',
      );
      expect(result.notes).not.toContain(ONSET_NOTE);
    } finally {
      FORTY_PROPOSER.stillSeconds = saved;
    }
  });

  it('a runner who leaves the line later than the rule allows: no start, and the note says he was not seen leaving with it', async () => {
    const saved = FORTY_PROPOSER.leaveSeconds;
    // He is 1.5 to 4 yards past the line about 0.5 s after his first movement: a rule of 0.2 s refuses it.
    FORTY_PROPOSER.leaveSeconds = 0.2;
    try {
      const { result } = await propose(120);
      expect(result.startFrame).toBeNull();
      expect(result.notes).toContain(
        'The movement seen on the start line was not followed by the runner leaving it within 0.2 s (it may be an arm, a shadow or another player): mark the first movement yourself.',
      );
    } finally {
      FORTY_PROPOSER.leaveSeconds = saved;
    }
  });

  it('someone past the line at the first movement: no start, and the note says so', async () => {
    const saved = FORTY_PROPOSER.aheadShare;
    // Nobody is there on this clip; a share of 0 takes the empty ground past the line for someone.
    FORTY_PROPOSER.aheadShare = 0;
    try {
      const { result } = await propose(120);
      expect(result.startFrame).toBeNull();
      expect(result.notes).toContain(
        'Someone was already just past the start line when the runner first moved: mark the first movement yourself.',
      );
    } finally {
      FORTY_PROPOSER.aheadShare = saved;
    }
  });

  // Decision 323: something moving within 2 yards of the set runner before his start may change his pixels.
  it('someone beside the runner moving before his start: no start, and the note says so', async () => {
    const clip = await makeFortyClip(path.join(dir, 'neighbour-120.mp4'), { fps: 120, neighbourBefore: 0.2 });
    const result = await proposeOn(clip);
    expect(result.startFrame).toBeNull();
    expect(result.startBetween).toBeNull();
    expect(result.notes).toContain(
      'Something else moved within 2 yards of the runner before his first movement (another player or a shadow changes his picture too): mark the first movement yourself.',
    );
  });

  it("a run to the crossing outside a 40's times: no start, and the note says so", async () => {
    const saved = FORTY_PROPOSER.slowestRun;
    // The clip's 40 takes 4.62 s: a slowest time of 4 s refuses it.
    FORTY_PROPOSER.slowestRun = 4;
    try {
      const { result } = await propose(120);
      expect(result.startFrame).toBeNull();
      expect(result.notes).toContain(
        "The movement seen on the start line is not a 40's time (3.9 to 4 s) before the crossing of the finish line: mark the first movement yourself.",
      );
    } finally {
      FORTY_PROPOSER.slowestRun = saved;
    }
  });

  it('a clip that stops before the runner leaves the line: no start, and the note says he was not seen leaving', async () => {
    const { result } = await propose(60, 4.62, { start: lineX(0), finish: lineX(40) }, 0);
    expect(result.startFrame).toBeNull();
    expect(result.startBetween).toBeNull();
    expect(result.notes).toContain(
      'The runner was not seen leaving the start line (no one the size of a runner passed 1.5 to 4 yards beyond it): mark the first movement yourself.',
    );
  });

  // Decision 319: proposer 2.7.1 took a light that brightens just before the start for the first movement
  // (2 frames early at 30 fps, 7 to 25 frames early at 120 and 240 fps on these clips). A light's change is
  // read away from the runner and taken out of his pixels; where it is too large to be taken out surely, no
  // start.
  it.each([
    [30, 0.05],
    [120, 0.05],
    [120, 0.1],
    [240, 0.05],
    [240, 0.1],
  ])(
    'at %i fps, the light brightening %s s before the start: the start within a frame, or the frames named hold it, or none and the note says so',
    async (fps, before) => {
      const clip = await makeFortyClip(path.join(dir, `light-${fps}-${before}.mp4`), {
        fps,
        lightBefore: before,
      });
      const result = await proposeOn(clip);
      startHeld(clip, result, fps, FORTY_PROPOSER.namedStartFrames + reachedBack(fps), ONSET_NOTE);
    },
  );
});

// Decision 329 (proposer 2.14.0): a change on the start line that the runner did not make before his first
// movement. 2.13.1 told a whole picture drawn a pixel across 0.05 s before the start as the first movement, four
// frames early at 60 fps; and refused a start after a change on the runner that stopped (an encoder draws a
// phone's slow drift in one step, and then no more).
describe('a change before the start that the runner did not make (decision 329)', () => {
  /** A clip of a 40 with a change before the start, its start off the frame grid and off a key frame. */
  const proposeAfter = async (
    name: string,
    fps: number,
    change: { driftBefore?: number; settleBefore?: number },
  ) => {
    const clip = await makeFortyClip(path.join(dir, name), { fps, ...change, startAt: 0.55 + 1 / (3 * fps) });
    return { clip, result: await proposeOn(clip) };
  };
  it('the whole picture drawn a pixel across just before the start: no start told early, and the note says the picture moved', async () => {
    const { clip, result } = await proposeAfter('drift-60.mp4', 60, { driftBefore: 0.05 });
    if (result.startFrame !== null)
      expect(Math.abs(result.startFrame - clip.startFrame)).toBeLessThanOrEqual(1);
    else
      expect(result.notes).toContain(
        "The whole picture moved at the runner's first movement (the phone moved, or drew a slow drift at once): mark the first movement yourself.",
      );
    expect(result.startBetween).toBeNull();
  });

  // The change lands on frame 58, off the clip's key frames (every 30th).
  it('a change on the runner that stopped 0.07 s before his first movement: the start within a frame, and the note names the change', async () => {
    const { clip, result } = await proposeAfter('settle-120.mp4', 120, { settleBefore: 0.07 });
    expect(result.startFrame).not.toBeNull();
    expect(Math.abs(result.startFrame! - clip.startFrame)).toBeLessThanOrEqual(1);
    const note = result.notes.find((n) => n.startsWith('A change on the start line at frames '));
    expect(note, result.notes.join(' ')).toBeDefined();
    const m = /at frames (\d+) to (\d+) stopped/.exec(note!)!;
    // The change began on the first frame drawn settled, and stopped before the first movement.
    const settledAt = clip.frameTimes.findIndex((t) => t >= clip.lines[0].trueTime - 0.07 - 1e-9);
    expect(settledAt % 30).not.toBe(0);
    expect(Number(m[1]) - 1).toBeGreaterThanOrEqual(settledAt - 1);
    expect(Number(m[1]) - 1).toBeLessThanOrEqual(settledAt + 1);
    expect(Number(m[2]) - 1).toBeLessThan(clip.startFrame);
    expect(Number(m[2]) - 1).toBeGreaterThanOrEqual(clip.startFrame - 3);
    expect(note).toContain('check that he did not flinch there');
  });

  it('a runner who settles 0.1 s before his first movement is still refused: he held the stance for less than the rule', async () => {
    const { result } = await proposeAfter('settle-0.1-120.mp4', 120, { settleBefore: 0.1 });
    expect(result.startFrame).toBeNull();
    expect(result.lines.some((l) => l.yardLine === 0)).toBe(false);
    expect(result.notes).toContain(
      `The runner was seen still on the start line for less than ${FORTY_PROPOSER.stillSeconds} s before his first movement (a set runner holds still longer): mark the first movement yourself.`,
    );
  });
});

// Decision 275 held that a movement first seen on a B-frame began anywhere between the reference frames
// either side of it, and proposed no start where they were more than three frames apart. Decision 303 told the
// start on B-frames through a fitted onset; decision 304 takes the moving end from a reference frame again (a
// B-frame is drawn partly from the reference frame after it, and showed a movement two frames early on a
// benchmark scene): where the references either side of the first movement are at most three frames apart
// the start is told; further apart it may not be, and then the note says so.
describe('the start on a clip written with B-frames (decisions 275, 303, 304)', () => {
  const clipWith = async (fps: number, bFrames: number, startAt?: number) => {
    const clip = await makeFortyClip(path.join(dir, `b${bFrames}-${fps}-${startAt ?? 'd'}.mp4`), {
      fps,
      bFrames,
      startAt,
    });
    const result = await proposeOn(clip);
    return { clip, result };
  };
  const toldWithin = (clip: Awaited<ReturnType<typeof clipWith>>['clip'], result: FortyProposalResult) => {
    expect(result.startFrame).not.toBeNull();
    expect(Math.abs(result.startFrame! - clip.startFrame)).toBeLessThanOrEqual(1);
    expect(result.lines.find((l) => l.yardLine === 0)?.frameIndex).toBe(result.startFrame);
    expect(result.notes).not.toContain(ONSET_NOTE);
    expect(result.startBetween).toBeNull();
  };

  /**
   * Told within a frame (and then as the start line's frame, with no note on the onset); or not told, and the
   * note names the frames the first movement lies between, which hold the true first frame: the references
   * either side of it (`b` B-frames apart) and the frames before the last still one in which a phone may have
   * left it undrawn (decision 330: `hiddenSeconds`), the analyst looks there.
   */
  const toldOrNamed = (
    clip: Awaited<ReturnType<typeof clipWith>>['clip'],
    result: FortyProposalResult,
    fps: number,
    b: number,
  ) => {
    if (result.startFrame !== null) toldWithin(clip, result);
    startHeld(clip, result, fps, b + 1 + reachedBack(fps));
    expect(result.notes).not.toContain(ONSET_NOTE);
  };

  // At 60 fps the frames a first movement may be left undrawn in are under one: told.
  it('at 60 fps with one B-frame between references: the start within a frame of the truth', async () => {
    const { clip, result } = await clipWith(60, 1);
    noFinishSaidWhy(result, clip);
    toldWithin(clip, result);
  });

  it.each([120, 240])(
    'at %i fps with one B-frame between references: the start within a frame of the truth, or none and the frames it lies between',
    async (fps) => {
      const { clip, result } = await clipWith(fps, 1);
      noFinishSaidWhy(result, clip);
      toldOrNamed(clip, result, fps, 1);
    },
  );

  // Two or three B-frames: the references either side of the first movement are three or four frames apart.
  it('at 60 to 240 fps with 2 or 3 B-frames between references: the start within a frame of the truth, or none and the frames it lies between', async () => {
    // The last case: the first frame of movement is drawn as the stance (the runner moves under half a pixel
    // by it), and the onset fitted alone in the four-frame range comes two frames late (decision 315).
    const cases: [number, number, number?][] = [
      [60, 2],
      [120, 2],
      [240, 2],
      [120, 3],
      [240, 3, 0.5 + 0.7 / 240],
    ];
    for (const [fps, b, startAt] of cases) {
      const { clip, result } = await clipWith(fps, b, startAt);
      noFinishSaidWhy(result, clip);
      toldOrNamed(clip, result, fps, b);
    }
  });

  // Decision 330: a phone's encoder may leave the first milliseconds of a movement undrawn (benchmark scene 11188
  // at 240 fps drew the stance on the three frames from the true first one, and the frames named began after
  // it). Each clip starts so that the undrawn time ends after the first frame past the start. 2.14.1 told the
  // start two frames late at 240 fps and named frames after the truth at 120; at 60 fps the rule reaches back no
  // frame (12.5 ms is under one), and the start told a frame late is within one, as before.
  it.each([
    [240, 0.009, 0.55 + 1 / 720, 2],
    [120, 0.01, 0.55 + 0.9 / 120, 2],
    [60, 0.01, 0.55 + 0.9 / 60, 1],
  ])(
    'at %i fps, the first %f s of the movement left undrawn: no start told off, and the frames named hold the truth',
    async (fps, undrawn, startAt, late) => {
      const clip = await makeFortyClip(path.join(dir, `undrawn-${fps}.mp4`), {
        fps,
        undrawnSeconds: undrawn,
        startAt,
      });
      const result = await proposeOn(clip);
      // The movement is drawn from the first frame the undrawn time has passed by: `late` frames after the truth.
      const drawnFrom = clip.frameTimes.findIndex((t) => t - clip.lines[0].trueTime >= undrawn - 1e-9);
      expect(drawnFrom - clip.startFrame).toBe(late);
      noFinishSaidWhy(result, clip);
      toldOrNamed(clip, result, fps, 0);
    },
  );
});
