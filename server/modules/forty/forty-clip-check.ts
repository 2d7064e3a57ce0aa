import { FORTY_FASTEST_SECONDS, FORTY_MIN_FPS } from '../../../contract/forty-math';
import { fpsWords, oneDecimal as one, type KindCheck } from '../analysis';

/** What a verified 40 needs of a clip beyond what every clip needs (decision 247). */
export const fortyClipCheck: KindCheck = (f) => {
  const problems: string[] = [];
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
