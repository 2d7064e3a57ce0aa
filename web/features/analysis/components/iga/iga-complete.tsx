import { VIDEO_REQUIRED, type PositionSubmetric } from '@contract/analysis';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { usePositionSubmetrics } from '../../api/get-submetrics';
import { usePopulation } from '../../api/queue';
import {
  CompleteShell,
  sayMissing,
  useCompletion,
  type CompleteFormProps,
  type CompletePart,
  type Fields,
} from '../queue/complete-shell';
import { usePrefill } from '../queue/use-prefill';

const OWN: Fields = { igaScore: '' };

/** The analyst's completion of an IGA Score: the score, each submetric of the position with its percentile, the processed video. */
export function IgaCompleteForm(props: CompleteFormProps) {
  const subs = usePositionSubmetrics(props.item.positionId);
  if (subs.isLoading) return <Skeleton className="h-64 w-full" />;
  if (subs.isError) return <p className="text-sm text-destructive">{subs.error.message}</p>;
  return <IgaFields {...props} subs={subs.data ?? []} />;
}

function IgaFields({ item, onDone, onReject, subs }: CompleteFormProps & { subs: PositionSubmetric[] }) {
  const completion = useCompletion(item, subs, OWN, onDone);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = completion.form;
  const pop = usePopulation(item.id);
  const prefill = usePrefill(pop.data, (f, v) => setValue(f, v, { shouldValidate: true }));
  const missing = completion.video ? null : VIDEO_REQUIRED;
  const onSubmit = handleSubmit(async () => {
    if (missing) return sayMissing(missing);
    await completion.send();
  });

  const valueField = (
    name: string,
    label: string,
    key: string | null,
    pctField: string | null,
    step: string,
  ) => (
    <FormField
      label={label}
      htmlFor={`f-${name}`}
      error={errors[name]?.message}
      description={key ? undefined : 'Analyst assessment'}
    >
      <Input
        id={`f-${name}`}
        inputMode="decimal"
        step={step}
        {...register(name, {
          onChange: (e: { target: { value: string } }) =>
            key && pctField && prefill.onValue(key, pctField, e.target.value),
        })}
      />
    </FormField>
  );

  return (
    <CompleteShell
      completion={completion}
      videoLabel="Processed video"
      missing={missing}
      onSubmit={onSubmit}
      onReject={onReject}
    >
      {prefill.summary() && <p className="text-sm text-muted-foreground">{prefill.summary()}</p>}
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
          <FormField
            label="Percentile (0-100)"
            htmlFor={`f-submetric_${s.key}_percentile`}
            error={errors[`submetric_${s.key}_percentile`]?.message}
            description={prefill.hint(s.key)}
          >
            <Input
              id={`f-submetric_${s.key}_percentile`}
              inputMode="numeric"
              maxLength={3}
              {...register(`submetric_${s.key}_percentile`, {
                onChange: () => prefill.onPercentileTyped(`submetric_${s.key}_percentile`),
              })}
            />
          </FormField>
        </div>
      ))}
    </CompleteShell>
  );
}

export const igaComplete: CompletePart = { key: 'iga', Form: IgaCompleteForm };
