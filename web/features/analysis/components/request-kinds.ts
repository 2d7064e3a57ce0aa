import type { RequestType } from '@contract/analysis';

/**
 * The texts of each kind's request dialog, read by its trigger and shell (request-dialog.tsx). The form's
 * schema, defaults and body are in request-form-kinds.ts, loaded with the form (decision 234).
 */
interface RequestKind {
  title: string;
  description: string;
  idPrefix: string;
  triggerVariant: 'default' | 'secondary';
  hudlDescription?: string;
  submittedTitle: string;
  /** IGA: the balance is checked as the dialog opens; speed: when it is submitted. */
  checksCreditOnOpen: boolean;
}

export const REQUEST_KINDS: Record<RequestType, RequestKind> = {
  max_speed: {
    title: 'Request Speed Analysis',
    description:
      "An analyst verifies the player's Max Speed from a Hudl video. Uses 1 speed analysis credit.",
    idPrefix: 'speed',
    triggerVariant: 'default',
    hudlDescription:
      "The link of the play on Hudl (hudl.com/video/...), not the player's profile page; or choose a source video below.",
    submittedTitle: 'Request Submitted',
    checksCreditOnOpen: false,
  },
  iga: {
    title: 'Request IGA Score',
    description: "An analyst scores the player's athleticism (50-100) from a Hudl video. Uses 1 IGA credit.",
    idPrefix: 'iga',
    triggerVariant: 'secondary',
    hudlDescription:
      "The link of a Hudl video of the player (hudl.com/video/...), not the player's profile page.",
    submittedTitle: 'IGA Score Request Submitted',
    checksCreditOnOpen: true,
  },
};
