import {
  igaRequestFormSchema,
  speedRequestFormSchema,
  type IgaRequestForm,
  type IgaRequestInput,
  type SpeedRequestForm,
  type SpeedRequestInput,
} from '@contract/analysis-forms';
import type { RequestType } from '@contract/analysis';
import { isHudlVideoUrl } from '@contract/hudl-links';

/**
 * Each kind's form: its schema, its first values and the body it sends. Read by the form only
 * (request-form.tsx), which loads when the dialog is about to open (decision 234); the texts are in
 * request-kinds.ts.
 */

/** Every field either dialog has; each kind's schema keeps (and sends) only its own. */
export type RequestValues = SpeedRequestForm & Omit<IgaRequestForm, keyof SpeedRequestForm>;
type RequestBody = Omit<SpeedRequestInput, 'playerId' | 'requestType'> | Omit<IgaRequestInput, 'playerId'>;

// The player's saved Hudl link is usually the profile page; the analyst needs a video, so only a video link is prefilled.
const playLink = (url: string | null | undefined) => (url && isHudlVideoUrl(url) ? url : '');

interface RequestFormKind {
  schema: typeof speedRequestFormSchema | typeof igaRequestFormSchema;
  defaults: (hudlUrl: string | null | undefined, positionId?: number) => RequestValues;
  toBody: (values: RequestValues) => RequestBody;
}

export const REQUEST_FORM_KINDS: Record<RequestType, RequestFormKind> = {
  max_speed: {
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
