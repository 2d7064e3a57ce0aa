import type { RequestKind } from '../request-kind';

/** The IGA Score request dialog's texts. */
export const igaRequest: RequestKind = {
  key: 'iga',
  title: 'Request IGA Score',
  description: "An analyst scores the player's athleticism (50-100) from a Hudl video. Uses 1 IGA credit.",
  idPrefix: 'iga',
  triggerVariant: 'secondary',
  hudlDescription:
    "The link of a Hudl video of the player (hudl.com/video/...), not the player's profile page.",
  submittedTitle: 'IGA Score Request Submitted',
  checksCreditOnOpen: true,
  pendingColumn: 0,
};
