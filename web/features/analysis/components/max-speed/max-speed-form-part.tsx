import { speedRequestFormSchema } from '@contract/analysis-forms';
import { analysisApi } from '@contract/api/analysis';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SourceVideoField } from '@/features/measurements';
import { ClipReadiness } from '@/features/videos';
import { call } from '@/lib/api-client';
import { playLink } from '../play-link';
import type { KindFieldsProps, RequestFormPart } from '../request-kind';

/** The start time and the source clip (a clip chosen here is measured instead of the Hudl link). */
function MaxSpeedFields({ kind, playerId, form, id, busy }: KindFieldsProps) {
  const {
    register,
    watch,
    setValue,
    clearErrors,
    formState: { errors },
  } = form;
  const videoId = watch('videoId');
  return (
    <>
      <FormField
        label="Mins and Secs (i.e. 00:23) to start measuring"
        htmlFor={id('startTime')}
        error={errors.startTime?.message}
      >
        <Input
          id={id('startTime')}
          placeholder="00:00"
          inputMode="numeric"
          maxLength={5}
          {...register('startTime')}
        />
      </FormField>
      <SourceVideoField
        playerId={playerId}
        positionId={Number.isFinite(watch('positionId')) ? watch('positionId') : null}
        value={videoId ?? null}
        onChange={(id) => {
          setValue('videoId', id, { shouldValidate: false });
          clearErrors('videoId');
        }}
        disabled={busy}
      />
      {videoId ? <ClipReadiness videoId={videoId} kinds={[kind]} /> : null}
      {errors.videoId?.message && (
        <p role="alert" className="text-sm text-destructive">
          {errors.videoId.message}
        </p>
      )}
    </>
  );
}

/** The Max Speed's form: a Hudl link and a start time, or a source clip, sent to /api/analysis-requests. */
export const maxSpeedFormPart: RequestFormPart = {
  key: 'max_speed',
  schema: speedRequestFormSchema,
  defaults: (hudlUrl, positionId) => ({
    hudlUrl: playLink(hudlUrl),
    startTime: '',
    season: new Date().getFullYear(),
    positionId: positionId ?? Number.NaN,
    videoId: null,
  }),
  toBody: (values) => values,
  send: (playerId, body) =>
    call(analysisApi.create, { body: { ...body, playerId, requestType: 'max_speed' } }),
  errorFallback: 'Failed to submit request',
  clipNotReady:
    'This clip cannot give a verified Max Speed (what is missing is listed above). Choose another clip, or none to use the Hudl link.',
  AfterLink: MaxSpeedFields,
};
