import {
  igaRequestFormSchema,
  speedRequestFormSchema,
  type IgaRequestForm,
  type IgaRequestInput,
  type RequestType,
  type SpeedRequestForm,
  type SpeedRequestInput,
} from '@contract/analysis';
import { isHudlVideoUrl } from '@contract/hudl-links';

/** Every field either dialog has; each kind's schema keeps (and sends) only its own. */
export type RequestValues = SpeedRequestForm & Omit<IgaRequestForm, keyof SpeedRequestForm>;
type RequestBody = Omit<SpeedRequestInput, 'playerId' | 'requestType'> | Omit<IgaRequestInput, 'playerId'>;

// The player's saved Hudl link is usually the profile page; the analyst needs a video, so only a video link is prefilled.
const playLink = (url: string | null | undefined) => (url && isHudlVideoUrl(url) ? url : '');

interface RequestKind {
  title: string;
  description: string;
  idPrefix: string;
  triggerVariant: 'default' | 'secondary';
  hudlDescription?: string;
  submittedTitle: string;
  /** IGA: the balance is checked as the dialog opens; speed: when it is submitted. */
  checksCreditOnOpen: boolean;
  schema: typeof speedRequestFormSchema | typeof igaRequestFormSchema;
  defaults: (hudlUrl: string | null | undefined, positionId?: number) => RequestValues;
  toBody: (values: RequestValues) => RequestBody;
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
    schema: speedRequestFormSchema,
    defaults: (hudlUrl, positionId) => ({
      hudlUrl: playLink(hudlUrl),
      startTime: '',
      season: new Date().getFullYear(),
      positionId: positionId ?? Number.NaN,
      videoId: null,
    }),
    toBody: (values) => values,
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
    schema: igaRequestFormSchema,
    defaults: (hudlUrl, positionId) =>
      ({
        hudlUrl: playLink(hudlUrl),
        season: new Date().getFullYear(),
        positionId: positionId ?? Number.NaN,
        notes: '',
      }) as RequestValues,
    toBody: ({ notes, ...values }) => ({ ...values, notes: notes || undefined }),
  },
};
