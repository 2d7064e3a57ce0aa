import { HOLD_ABOVE_MPH, MIN_FPS } from '../../../contract/measurement-checks';
import { FILMING_GUIDE } from '../../../contract/readiness';
import { fpsWords, oneDecimal as one, type KindCheck } from '../analysis';

/** The run of 20 yards the guide asks for, at the fastest speed a result is shown at without a second analyst. */
const SPEED_RUN_YARDS = 20;
const MIN_SPEED_SECONDS = SPEED_RUN_YARDS / ((HOLD_ABOVE_MPH * 1760) / 3600);

/** What a verified Max Speed needs of a clip beyond what every clip needs (decision 247). */
export const speedClipCheck: KindCheck = (f) => {
  const problems: string[] = [];
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
  // A still camera: the player crosses the picture, and his speed is refused for its ± (decision 350).
  if (f.cameraStill === true)
    problems.push(
      `The camera seems to stay still through this clip: a verified Max Speed needs a camera that follows the player, because from a still one the player crosses the picture and the speed cannot be measured closely enough. ${FILMING_GUIDE.pan}`,
    );
  return problems;
};
