import type { VerticalProposalInput } from '../../../contract/vertical-jump';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { videoMedia, withUprightClip } from '../measurements';
import { proposeVertical } from './vertical-propose';

const CLICK_OUTSIDE = 'The click must be on a frame of the video';

/** The proposal of both frames, answered at once (decision 243): nothing is stored. */
export async function proposeVerticalFrames(db: Db, storage: Storage, input: VerticalProposalInput) {
  const { media } = await videoMedia(db, storage, input.videoId);
  if (input.feet.frameIndex >= media.frameCount) throw badRequest(CLICK_OUTSIDE, { feet: CLICK_OUTSIDE });
  return withUprightClip(db, storage, input.videoId, (clip, timeline) =>
    proposeVertical({ ...clip, frameTimes: timeline.times, feet: input.feet }),
  );
}
