import type { ComponentType } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type {
  IgaRequestForm,
  IgaRequestInput,
  SpeedRequestForm,
  SpeedRequestInput,
} from '@contract/analysis-forms';

/**
 * What a kind requested from a Hudl link (not from a clip's frames, decision 263) brings to the common
 * request dialog (request-dialog.tsx): its texts here, read by the trigger and the dialog's shell; its form
 * part (`RequestFormPart`) loads with the form (decision 234). Each kind's folder writes both; the lists
 * are request-kinds.ts and request-form-parts.ts.
 */
export interface RequestKind {
  /** The kind's key in the registry (contract/analysis-kinds.ts). */
  key: string;
  title: string;
  /** The trigger's words on a phone's narrow card, when shorter than the title. */
  shortTitle?: string;
  description: string;
  idPrefix: string;
  triggerVariant: 'default' | 'secondary';
  hudlDescription?: string;
  submittedTitle: string;
  /** The balance is checked as the dialog opens (IGA), else when the request is submitted. */
  checksCreditOnOpen: boolean;
  /** Its place among the pending banner's columns, which the specification orders: IGA Score, then Max Speed. */
  pendingColumn?: number;
  /** What the video must show, said above the form ('For a verified Max Speed'). */
  notice?: { title: string; lines: string[] };
}

/** Every field a kind's form has; each kind's schema keeps (and sends) only its own. */
export type RequestValues = SpeedRequestForm & Omit<IgaRequestForm, keyof SpeedRequestForm>;
export type RequestBody =
  Omit<SpeedRequestInput, 'playerId' | 'requestType'> | Omit<IgaRequestInput, 'playerId'>;

/** What a kind's own fields get from the common form. */
export interface KindFieldsProps {
  kind: string;
  playerId: number;
  form: UseFormReturn<RequestValues>;
  /** The element id of a field: the kind's prefix and the field's name ('speed-startTime'). */
  id: (field: string) => string;
  busy: boolean;
}

/** A kind's form: schema, first values, the body and the endpoint it is sent to, and its own fields. */
export interface RequestFormPart {
  key: string;
  schema: unknown;
  defaults: (hudlUrl: string | null | undefined, positionId?: number) => RequestValues;
  toBody: (values: RequestValues) => RequestBody;
  /** Sends the request to the kind's endpoint (the specification gives IGA its own). */
  send: (playerId: number, body: RequestBody) => Promise<unknown>;
  /** The toast's text when the request fails for another reason than the credit or the clip. */
  errorFallback: string;
  /**
   * For a kind that takes an optional source clip (`videoId`): the clip is judged before the balance
   * (decision 247), and this is said under it when it cannot be measured.
   */
  clipNotReady?: string;
  /** The kind's fields under the Hudl link (Max Speed: the start time and the source clip). */
  AfterLink?: ComponentType<KindFieldsProps>;
  /** The kind's fields after the season and the position (IGA: the notes). */
  AfterPosition?: ComponentType<KindFieldsProps>;
}
