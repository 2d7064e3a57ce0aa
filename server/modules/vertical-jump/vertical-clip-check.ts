import { VERTICAL_MIN_FPS } from '../../../contract/vertical-jump-math';
import { fpsWords, type KindCheck } from '../analysis';

/** A jump's flight time needs slow motion: refused at request, not after the analyst opened it. */
export const verticalClipCheck: KindCheck = (f) =>
  f.realFps < VERTICAL_MIN_FPS
    ? [
        `This clip has about ${fpsWords(f.realFps)} frames a second; a verified vertical jump needs at least ${VERTICAL_MIN_FPS}. Film in slow motion, at 120 or 240 fps, with both feet in view from before the take-off to after the landing.`,
      ]
    : [];
