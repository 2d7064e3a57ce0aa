import { FORTY_FASTEST_SECONDS, FORTY_MIN_FPS } from '../../../../contract/forty-math';
import { HOLD_ABOVE_MPH, MIN_FPS } from '../../../../contract/measurement-checks';
import { FILMING_GUIDE } from '../../../../contract/readiness';
import { VERTICAL_MIN_FPS } from '../../../../contract/vertical-jump-math';
import type { ClipFacts } from './clip-facts';

/**
 * What each kind measured from a clip needs of it (decision 247), keyed by the kind's registry key as the
 * completion handlers are (kind-handlers.ts). A kind measured from a clip without an entry here gets the
 * checks every clip kind shares: the clip can be read, and something moves in it.
 */
export type KindCheck = (facts: ClipFacts) => string[];

const one = (x: number) => (Math.round(x * 10) / 10).toFixed(1);
const fpsWords = (fps: number) => (fps >= 10 ? String(Math.round(fps)) : one(fps));

/** The run of 20 yards the guide asks for, at the fastest speed a result is shown at without a second analyst. */
const SPEED_RUN_YARDS = 20;
const MIN_SPEED_SECONDS = SPEED_RUN_YARDS / ((HOLD_ABOVE_MPH * 1760) / 3600);

function shared(f: ClipFacts): string[] {
  if (f.unreadable) return [f.unreadable];
  if (f.moving === false)
    return [
      'Nothing moves in this clip. Keep the player in view from before the start of the run to after its end.',
    ];
  return [];
}

const speed: KindCheck = (f) => {
  const problems = shared(f);
  if (f.unreadable) return problems;
  if (f.realFps < MIN_FPS)
    problems.push(
      `This clip has about ${fpsWords(f.realFps)} frames a second; a verified Max Speed needs at least ${MIN_FPS}. ${FILMING_GUIDE.frameRate}`,
    );
  if (f.seconds < MIN_SPEED_SECONDS)
    problems.push(
      `This clip is ${one(f.seconds)} seconds long: too short for a run of ${SPEED_RUN_YARDS} yards (at least ${one(MIN_SPEED_SECONDS)} seconds even at top speed). ${FILMING_GUIDE.distance}`,
    );
  if (f.moments > 0 && f.twoLines * 2 < f.moments)
    problems.push(
      f.twoLines === 0
        ? `No yard lines could be found in this clip. ${FILMING_GUIDE.yardLines} ${FILMING_GUIDE.sideline}`
        : `Two yard lines are in view in only ${f.twoLines} of ${f.moments} moments of this clip. ${FILMING_GUIDE.yardLines}`,
    );
  return problems;
};

const forty: KindCheck = (f) => {
  const problems = shared(f);
  if (f.unreadable) return problems;
  if (f.realFps < FORTY_MIN_FPS)
    problems.push(
      `This clip has about ${fpsWords(f.realFps)} frames a second; a verified 40 needs at least ${FORTY_MIN_FPS}. Film at the highest frame rate your phone offers: slow motion, or 60 fps or more.`,
    );
  if (f.seconds < FORTY_FASTEST_SECONDS)
    problems.push(
      `This clip is ${one(f.seconds)} seconds long: a 40 takes more than ${one(FORTY_FASTEST_SECONDS)} seconds. Start filming before the start and stop after the finish.`,
    );
  if (f.moments > 0 && f.twoLines * 2 < f.moments)
    problems.push(
      'The start and finish lines could not be seen in this clip. Keep both lines in view (painted lines, or the field’s yard lines), with the whole 40 between them.',
    );
  return problems;
};

/** A jump's flight time needs slow motion: refused at request, not after the analyst opened it. */
const vertical: KindCheck = (f) => {
  const problems = shared(f);
  if (f.unreadable) return problems;
  if (f.realFps < VERTICAL_MIN_FPS)
    problems.push(
      `This clip has about ${fpsWords(f.realFps)} frames a second; a verified vertical jump needs at least ${VERTICAL_MIN_FPS}. Film in slow motion, at 120 or 240 fps, with both feet in view from before the take-off to after the landing.`,
    );
  return problems;
};

const CHECKS = new Map<string, KindCheck>([
  ['max_speed', speed],
  ['forty', forty],
  ['vertical_jump', vertical],
]);

/** The check of a kind measured from a clip (the shared checks for a kind without its own). */
export const kindCheck = (key: string): KindCheck => CHECKS.get(key) ?? shared;
