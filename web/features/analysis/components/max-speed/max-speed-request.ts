import { FILMING_GUIDE } from '@contract/readiness';
import type { RequestKind } from '../request-kind';

/** The Max Speed request dialog's texts (the specification's 'Request Speed Analysis'). */
export const maxSpeedRequest: RequestKind = {
  key: 'max_speed',
  title: 'Request Speed Analysis',
  shortTitle: 'Request Max Speed',
  description: "An analyst verifies the player's Max Speed from a Hudl video. Uses 1 speed analysis credit.",
  idPrefix: 'speed',
  triggerVariant: 'default',
  hudlDescription:
    "The link of the play on Hudl (hudl.com/video/...), not the player's profile page; or choose a source video below.",
  submittedTitle: 'Request Submitted',
  checksCreditOnOpen: false,
  pendingColumn: 1,
  notice: {
    title: 'For a verified Max Speed',
    lines: [
      'The video must be recorded from the sideline at press-box height.',
      'The player must run 20 yards or more in the play.',
      FILMING_GUIDE.pan,
    ],
  },
};
