import { Controller, useFormContext } from 'react-hook-form';
import { HEIGHT_FEET_MAX, WEIGHT_MAX, WEIGHT_MIN } from '@contract/players';
import { Field, FormSection } from './form-section';
import { NumberInput } from './form-inputs';

type NumberFieldProps = {
  name: string;
  label: string;
  required?: boolean;
  min: number;
  max: number;
  step?: number;
  suffix?: string;
  className?: string;
};

function NumberField({ name, label, required, min, max, step = 1, suffix, className }: NumberFieldProps) {
  const { control } = useFormContext();
  return (
    <Field
      name={name}
      label={suffix ? `${label} (${suffix})` : label}
      required={required}
      className={className}
    >
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <NumberInput
            id={name}
            aria-invalid={fieldState.invalid || undefined}
            aria-describedby={fieldState.invalid ? `${name}-error` : undefined}
            min={min}
            max={max}
            step={step}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
    </Field>
  );
}

export function PlayerFormPhysical() {
  return (
    <FormSection title="Physical Information" className="grid-cols-2 sm:grid-cols-3">
      <NumberField name="heightFeet" label="Height" suffix="ft" required min={0} max={HEIGHT_FEET_MAX} />
      <NumberField name="heightInches" label="Height" suffix="in" required min={0} max={11} />
      <NumberField
        name="weightPounds"
        label="Weight"
        suffix="lbs"
        required
        min={WEIGHT_MIN}
        max={WEIGHT_MAX}
        className="col-span-2 sm:col-span-1"
      />
    </FormSection>
  );
}

export function PlayerFormAcademic() {
  return (
    <FormSection title="Academic Information" description="Optional" className="grid-cols-3 sm:grid-cols-3">
      <NumberField name="gpa" label="GPA" min={0} max={5} step={0.01} />
      <NumberField name="satScore" label="SAT Score" min={400} max={1600} step={10} />
      <NumberField name="actScore" label="ACT Score" min={1} max={36} />
    </FormSection>
  );
}
