import { igaRequestFormSchema, type IgaRequestInput } from '@contract/analysis-forms';
import { analysisApi } from '@contract/api/analysis';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { call } from '@/lib/api-client';
import { playLink } from '../play-link';
import type { KindFieldsProps, RequestFormPart, RequestValues } from '../request-kind';

function IgaNotes({ form, id }: KindFieldsProps) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormField
      label="Notes (optional)"
      htmlFor={id('notes')}
      error={errors.notes?.message}
      description="Jersey number, plays to watch, anything that helps the analyst."
    >
      <Textarea id={id('notes')} rows={3} {...register('notes')} />
    </FormField>
  );
}

/** The IGA Score's form, sent to the endpoint the specification gives it: /api/iga-analysis-requests. */
export const igaFormPart: RequestFormPart = {
  key: 'iga',
  schema: igaRequestFormSchema,
  defaults: (hudlUrl, positionId) =>
    ({
      hudlUrl: playLink(hudlUrl),
      season: new Date().getFullYear(),
      positionId: positionId ?? Number.NaN,
      notes: '',
    }) as RequestValues,
  toBody: ({ notes, ...values }) => ({ ...values, notes: notes || undefined }),
  send: (playerId, body) =>
    call(analysisApi.createIga, { body: { ...(body as Omit<IgaRequestInput, 'playerId'>), playerId } }),
  errorFallback: 'Failed to submit IGA score request',
  AfterPosition: IgaNotes,
};
