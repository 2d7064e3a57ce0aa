import { useEffect } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { LEVELS } from '@contract/constants';
import { GENDERS, GRAD_YEAR_MAX, GRAD_YEAR_MIN, latestBirthDate } from '@contract/players';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { SchoolPicker } from '@/features/schools';
import { usePositions } from '../api/get-positions';
import { Field, FormSection } from './form-section';
import { NumberInput } from './form-inputs';

const toId = (v: unknown) => (v === '' || v == null ? undefined : Number(v));

/** The edit form offers 21 classes, starting ten years back (and the player's own, if older). */
function editYears(current: unknown) {
  const start = new Date().getFullYear() - 10;
  const years = Array.from({ length: 21 }, (_, i) => start + i);
  if (typeof current === 'number' && !years.includes(current)) years.unshift(current);
  return years;
}

export function PlayerFormMain({ mode, birthDate = true }: { mode: 'add' | 'edit'; birthDate?: boolean }) {
  const { register, control, setValue, watch, getValues } = useFormContext();
  const level = watch('level');
  const gender = watch('gender');
  const positions = usePositions().data ?? [];
  // Opened by URL the positions arrive after the form's values: put the chosen ones back on the selects.
  useEffect(() => {
    if (!positions.length) return;
    for (const f of ['primaryPositionId', 'secondaryPositionId'] as const) setValue(f, getValues(f));
  }, [positions.length, setValue, getValues]);
  const genders = mode === 'add' || gender === 'Other' ? GENDERS : GENDERS.filter((g) => g !== 'Other');

  return (
    <FormSection title="Player Details">
      <Field name="firstName" label="First Name" required>
        <Input id="firstName" autoComplete="off" maxLength={255} {...register('firstName')} />
      </Field>
      <Field name="lastName" label="Last Name" required>
        <Input id="lastName" autoComplete="off" maxLength={255} {...register('lastName')} />
      </Field>
      <Field name="level" label="Level" required>
        <NativeSelect
          id="level"
          {...register('level', {
            onChange: () => {
              setValue('school', '');
              setValue('schoolCity', '');
              setValue('schoolState', '');
              setValue('schoolUnlisted', false);
            },
          })}
        >
          <option value="">Select level</option>
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field name="school" label="School" required>
        <Controller
          control={control}
          name="school"
          render={({ field, fieldState }) => (
            <SchoolPicker
              id="school"
              level={level}
              value={field.value as string}
              details={{
                city: watch('schoolCity') || null,
                state: watch('schoolState') || null,
                unlisted: Boolean(watch('schoolUnlisted')),
              }}
              onChange={(name, d) => {
                field.onChange(name);
                setValue('schoolCity', d.city ?? '');
                setValue('schoolState', d.state ?? '');
                setValue('schoolUnlisted', d.unlisted);
              }}
              onBlur={field.onBlur}
              invalid={Boolean(fieldState.error)}
            />
          )}
        />
      </Field>
      <Field name="graduationYear" label="Graduation Year" required>
        {mode === 'add' ? (
          <Controller
            control={control}
            name="graduationYear"
            render={({ field, fieldState }) => (
              <NumberInput
                id="graduationYear"
                aria-invalid={fieldState.invalid || undefined}
                aria-describedby={fieldState.invalid ? 'graduationYear-error' : undefined}
                min={GRAD_YEAR_MIN}
                max={GRAD_YEAR_MAX}
                step={1}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        ) : (
          <NativeSelect id="graduationYear" {...register('graduationYear', { setValueAs: toId })}>
            {editYears(getValues('graduationYear')).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field name="gender" label="Gender" required>
        <NativeSelect id="gender" {...register('gender')}>
          <option value="">Select gender</option>
          {genders.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field name="primaryPositionId" label="Primary Position" required>
        <NativeSelect id="primaryPositionId" {...register('primaryPositionId', { setValueAs: toId })}>
          <option value="">Select position</option>
          {positions.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.key})
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        name="secondaryPositionId"
        label="Secondary Position"
        required={mode === 'add'}
        description={mode === 'edit' ? 'Optional' : undefined}
      >
        <NativeSelect id="secondaryPositionId" {...register('secondaryPositionId', { setValueAs: toId })}>
          <option value="">Select position</option>
          {positions.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.key})
            </option>
          ))}
        </NativeSelect>
      </Field>
      {birthDate && (
        <Field name="dateOfBirth" label="Date of Birth" required>
          <Input
            id="dateOfBirth"
            type="date"
            min="1900-01-01"
            max={latestBirthDate()}
            {...register('dateOfBirth')}
          />
        </Field>
      )}
    </FormSection>
  );
}
