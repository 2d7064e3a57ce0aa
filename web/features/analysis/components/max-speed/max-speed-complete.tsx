import { useEffect, useRef, useState } from 'react';
import { PERCENTILE_REASON_REQUIRED } from '@contract/analysis';
import { MEASUREMENT_REQUIRED, QUALITY_REJECT_REASON } from '@contract/measurements';
import { ordinal } from '@contract/percentiles';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import {
  MeasurementWorkbench,
  type MeasuredCompletion,
  type TrackedCompletion,
} from '@/features/measurements';
import { useRefetchQueue, useRequestPercentile } from '../../api/queue';
import {
  CompleteShell,
  sayMissing,
  useCompletion,
  type CompleteFormProps,
  type CompletePart,
  type Fields,
} from '../queue/complete-shell';

const OWN: Fields = { maxSpeed: '', maxSpeed_percentile: '', percentileReason: '' };
const NO_SUBMETRICS: never[] = [];

/**
 * The analyst's completion of a Max Speed: measured on the workbench (the speed is filled by 'Confirm
 * measurement', never typed), its percentile started at the population's (decision 249), a reason kept when
 * the analyst gives another.
 */
export function MaxSpeedCompleteForm({ item, onDone, onReject }: CompleteFormProps) {
  const completion = useCompletion(item, NO_SUBMETRICS, OWN, onDone);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    watch,
    formState: { errors },
  } = completion.form;
  const [measured, setMeasured] = useState<MeasuredCompletion | TrackedCompletion | null>(null);
  const refetchQueue = useRefetchQueue();
  const computedQ = useRequestPercentile(item.id, measured?.maxSpeed ?? null);
  const computed = computedQ.data?.percentile ?? null;
  const percentileTyped = useRef(false);
  useEffect(() => {
    if (!computed || percentileTyped.current) return;
    setValue('maxSpeed_percentile', String(computed.percentile), { shouldValidate: true });
  }, [computed, setValue]);
  const enteredPercentile = watch('maxSpeed_percentile');
  const differs = Boolean(computed && enteredPercentile?.trim() !== String(computed.percentile));
  const missing = measured ? null : MEASUREMENT_REQUIRED;

  const onMeasured = (m: MeasuredCompletion | TrackedCompletion | null) => {
    setMeasured(m);
    setValue('maxSpeed', m ? m.maxSpeed.toFixed(1) : '', { shouldValidate: Boolean(m) });
  };

  const onSubmit = handleSubmit(async () => {
    if (missing) return sayMissing(missing);
    if (differs && !getValues('percentileReason')?.trim()) {
      setError('percentileReason', { message: PERCENTILE_REASON_REQUIRED }, { shouldFocus: true });
      return;
    }
    await completion.send(measured?.field);
  });

  const hint = !measured
    ? "Filled with the population percentile after 'Confirm measurement'"
    : computed
      ? `Population percentile: ${computed.text}`
      : computedQ.isSuccess
        ? 'No group of 20 verified players to compare with yet: enter it by hand'
        : undefined;

  return (
    <>
      <MeasurementWorkbench
        item={item}
        onChange={onMeasured}
        onTracked={onMeasured}
        onQualityReject={() => onReject(QUALITY_REJECT_REASON)}
        onTrackRefused={(advice) => onReject(QUALITY_REJECT_REASON, advice)}
        onSourceUploaded={refetchQueue}
      />
      <CompleteShell
        completion={completion}
        videoLabel="Processed video (optional: the source clip is the evidence)"
        missing={missing}
        onSubmit={onSubmit}
        onReject={onReject}
      >
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <FormField
            label="Max Speed (mph)"
            htmlFor="f-maxSpeed"
            error={errors.maxSpeed?.message}
            description="Filled by 'Confirm measurement'"
          >
            <Input
              id="f-maxSpeed"
              inputMode="decimal"
              step="0.1"
              readOnly
              className="bg-muted"
              {...register('maxSpeed')}
            />
          </FormField>
          <FormField
            label="Percentile (0-100)"
            htmlFor="f-maxSpeed_percentile"
            error={errors.maxSpeed_percentile?.message}
            description={hint}
          >
            <Input
              id="f-maxSpeed_percentile"
              inputMode="numeric"
              maxLength={3}
              {...register('maxSpeed_percentile', { onChange: () => (percentileTyped.current = true) })}
            />
          </FormField>
          {differs && computed && (
            <FormField
              label={`Why not the population's ${ordinal(computed.percentile)}?`}
              htmlFor="f-percentileReason"
              error={errors.percentileReason?.message}
              description="The receipt keeps it beside both numbers"
              className="sm:col-span-2"
            >
              <Textarea id="f-percentileReason" rows={2} {...register('percentileReason')} />
            </FormField>
          )}
        </div>
      </CompleteShell>
    </>
  );
}

export const maxSpeedComplete: CompletePart = { key: 'max_speed', Form: MaxSpeedCompleteForm };
