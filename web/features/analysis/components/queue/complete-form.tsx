import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  PERCENTILE_REASON_REQUIRED,
  VIDEO_REQUIRED,
  type PositionSubmetric,
  type QueueItem,
} from '@contract/analysis';
import { completeFieldsSchema } from '@contract/analysis-forms';
import { findAnalysisKind } from '@contract/analysis-kinds';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { MEASUREMENT_REQUIRED, QUALITY_REJECT_REASON } from '@contract/measurements';
import { ordinal } from '@contract/percentiles';
import {
  MeasurementWorkbench,
  type MeasuredCompletion,
  type TrackedCompletion,
} from '@/features/measurements';
import { usePositionSubmetrics } from '../../api/get-submetrics';
import { useCompleteRequest, usePopulation, useRefetchQueue, useRequestPercentile } from '../../api/queue';
import { FilmedCompleteForm } from './filmed-complete-form';
import { usePrefill } from './use-prefill';
import { VideoDropzone } from './video-dropzone';

type Fields = Record<string, string>;

export function CompleteForm({
  item,
  onDone,
  onReject,
}: {
  item: QueueItem;
  onDone: () => void;
  onReject: (reason?: string) => void;
}) {
  const isIga = item.requestType === 'iga';
  const subs = usePositionSubmetrics(isIga ? item.positionId : null);
  if (findAnalysisKind(item.requestType)?.filmed)
    return <FilmedCompleteForm item={item} onDone={onDone} onReject={onReject} />;
  if (isIga && subs.isLoading) return <Skeleton className="h-64 w-full" />;
  if (isIga && subs.isError) return <p className="text-sm text-destructive">{subs.error.message}</p>;
  return <CompleteFields item={item} subs={subs.data ?? []} onDone={onDone} onReject={onReject} />;
}

function CompleteFields({
  item,
  subs,
  onDone,
  onReject,
}: {
  item: QueueItem;
  subs: PositionSubmetric[];
  onDone: () => void;
  onReject: (reason?: string) => void;
}) {
  const isIga = item.requestType === 'iga';
  const schema = useMemo(() => completeFieldsSchema(item.requestType, subs), [item.requestType, subs]);
  const defaults = useMemo(() => {
    const d: Fields = isIga
      ? { igaScore: '' }
      : { maxSpeed: '', maxSpeed_percentile: '', percentileReason: '' };
    for (const s of subs)
      Object.assign(d, { [`submetric_${s.key}`]: '', [`submetric_${s.key}_percentile`]: '50' });
    return { ...d, comment: '' };
  }, [isIga, subs]);
  const form = useForm<Fields>({ resolver: zodResolver(schema as never), defaultValues: defaults });
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    watch,
    formState: { errors },
  } = form;
  const [video, setVideo] = useState<File | null>(null);
  const [measured, setMeasured] = useState<MeasuredCompletion | TrackedCompletion | null>(null);
  const complete = useCompleteRequest(item);
  const refetchQueue = useRefetchQueue();
  const pop = usePopulation(item.id);
  const prefill = usePrefill(pop.data, (f, v) => setValue(f, v, { shouldValidate: true }));
  const busy = complete.isPending;
  const err = (name: string) => errors[name]?.message;
  // The Max Speed's percentile starts at the population percentile families will see (decision 249).
  const computedQ = useRequestPercentile(item.id, isIga ? null : (measured?.maxSpeed ?? null));
  const computed = computedQ.data?.percentile ?? null;
  const percentileTyped = useRef(false);
  useEffect(() => {
    if (!computed || percentileTyped.current) return;
    setValue('maxSpeed_percentile', String(computed.percentile), { shouldValidate: true });
  }, [computed, setValue]);
  const enteredPercentile = watch('maxSpeed_percentile');
  const differs = Boolean(computed && enteredPercentile?.trim() !== String(computed.percentile));
  const missing = isIga ? (video ? null : VIDEO_REQUIRED) : measured ? null : MEASUREMENT_REQUIRED;

  const onMeasured = (m: MeasuredCompletion | TrackedCompletion | null) => {
    setMeasured(m);
    setValue('maxSpeed', m ? m.maxSpeed.toFixed(1) : '', { shouldValidate: Boolean(m) });
  };

  const onSubmit = handleSubmit(async () => {
    if (missing) return toast({ title: 'Error', description: missing, variant: 'destructive' });
    if (differs && !getValues('percentileReason')?.trim()) {
      setError('percentileReason', { message: PERCENTILE_REASON_REQUIRED }, { shouldFocus: true });
      return;
    }
    const raw = getValues();
    const fields: Fields = { positionId: String(item.positionId ?? '') };
    for (const [k, v] of Object.entries(raw)) if (v !== '' && v !== undefined) fields[k] = String(v);
    if (measured) fields.measurement = JSON.stringify(measured.field);
    try {
      await complete.mutateAsync({ fields, video });
      toast({ title: 'Success', description: 'Request processed successfully' });
      onDone();
    } catch {
      // Toasted by the query client's MutationCache.
    }
  });

  const valueField = (
    name: string,
    label: string,
    key: string | null,
    pctField: string | null,
    step: string,
    readOnly = false,
  ) => (
    <FormField
      label={label}
      htmlFor={`f-${name}`}
      error={err(name)}
      description={
        readOnly ? "Filled by 'Confirm measurement'" : name === 'igaScore' ? 'Analyst assessment' : undefined
      }
    >
      <Input
        id={`f-${name}`}
        inputMode="decimal"
        step={step}
        readOnly={readOnly}
        className={readOnly ? 'bg-muted' : undefined}
        {...register(name, {
          onChange: (e) => key && pctField && prefill.onValue(key, pctField, e.target.value),
        })}
      />
    </FormField>
  );
  const percentileField = (name: string, label: string, key: string) => (
    <FormField label={label} htmlFor={`f-${name}`} error={err(name)} description={prefill.hint(key)}>
      <Input
        id={`f-${name}`}
        inputMode="numeric"
        maxLength={3}
        {...register(name, { onChange: () => prefill.onPercentileTyped(name) })}
      />
    </FormField>
  );
  const speedPercentileHint = !measured
    ? "Filled with the population percentile after 'Confirm measurement'"
    : computed
      ? `Population percentile: ${computed.text}`
      : computedQ.isSuccess
        ? 'No group of 20 verified players to compare with yet: enter it by hand'
        : undefined;

  return (
    <>
      {!isIga && (
        <MeasurementWorkbench
          item={item}
          onChange={onMeasured}
          onTracked={onMeasured}
          onQualityReject={() => onReject(QUALITY_REJECT_REASON)}
          onSourceUploaded={refetchQueue}
        />
      )}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <fieldset disabled={busy} className="grid gap-4">
          {isIga && prefill.summary() && <p className="text-sm text-muted-foreground">{prefill.summary()}</p>}
          {isIga ? (
            <>
              {valueField('igaScore', 'IGA Score (50-100)', null, null, '0.1')}
              {subs.map((s) => (
                <div
                  key={s.key}
                  className="grid items-start gap-3 rounded-md border p-3 sm:grid-cols-2"
                  data-testid={`submetric-${s.key}`}
                >
                  <p className="text-sm font-medium sm:col-span-2">
                    {s.name}{' '}
                    <span className="font-normal text-muted-foreground">
                      ({s.unit}, {s.decimals} decimal{s.decimals > 1 ? 's' : ''}
                      {s.lowerIsBetter ? ', lower is better' : ''})
                    </span>
                  </p>
                  {valueField(
                    `submetric_${s.key}`,
                    `${s.name} value`,
                    s.key,
                    `submetric_${s.key}_percentile`,
                    s.decimals > 1 ? '0.01' : '0.1',
                  )}
                  {percentileField(`submetric_${s.key}_percentile`, 'Percentile (0-100)', s.key)}
                </div>
              ))}
            </>
          ) : (
            <div className="grid items-start gap-3 sm:grid-cols-2">
              {valueField('maxSpeed', 'Max Speed (mph)', null, null, '0.1', true)}
              <FormField
                label="Percentile (0-100)"
                htmlFor="f-maxSpeed_percentile"
                error={err('maxSpeed_percentile')}
                description={speedPercentileHint}
              >
                <Input
                  id="f-maxSpeed_percentile"
                  inputMode="numeric"
                  maxLength={3}
                  {...register('maxSpeed_percentile', {
                    onChange: () => (percentileTyped.current = true),
                  })}
                />
              </FormField>
              {differs && computed && (
                <FormField
                  label={`Why not the population's ${ordinal(computed.percentile)}?`}
                  htmlFor="f-percentileReason"
                  error={err('percentileReason')}
                  description="The receipt keeps it beside both numbers"
                  className="sm:col-span-2"
                >
                  <Textarea id="f-percentileReason" rows={2} {...register('percentileReason')} />
                </FormField>
              )}
            </div>
          )}
          <div className="grid gap-2">
            <span className="text-sm font-medium">
              {isIga ? 'Processed video' : 'Processed video (optional: the source clip is the evidence)'}
            </span>
            <VideoDropzone file={video} onFile={setVideo} disabled={busy} />
          </div>
          <FormField label="Comment (optional)" htmlFor="f-comment" error={err('comment')}>
            <Textarea id="f-comment" rows={2} {...register('comment')} />
          </FormField>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button type="button" variant="outline" onClick={() => onReject()} disabled={busy}>
            Reject Instead
          </Button>
          <div className="flex flex-col items-end gap-1">
            {/* Enabled while something is missing: a keyboard user reaches it and hears why (issue 52 item 9). */}
            <Button type="submit" disabled={busy} aria-describedby="complete-missing">
              {busy ? `Uploading ${complete.progress ?? 0}%` : 'Complete Analysis'}
            </Button>
            <p id="complete-missing" aria-live="polite" className="text-xs text-muted-foreground">
              {missing ?? ''}
            </p>
          </div>
        </div>
      </form>
    </>
  );
}
