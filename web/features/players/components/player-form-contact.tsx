import { Controller, useFormContext } from 'react-hook-form';
import { US_STATES } from '@contract/constants';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Field, FormSection } from './form-section';
import { CountryCodeInput, HandleInput, PhoneInput } from './form-inputs';

/**
 * Address, ZIP, email and phone reach the family only (decision 197). City, state and county are kept
 * for staff too; an admin editing a family's player sees only those (`contact` false).
 */
export function PlayerFormContact({ contact = true }: { contact?: boolean }) {
  const { register } = useFormContext();
  return (
    <FormSection
      title="Contact Information"
      description={
        contact
          ? 'Address, ZIP, email, phone and date of birth are visible only to you.'
          : "The family's address, email, phone and date of birth are theirs alone and stay as they are."
      }
    >
      {contact && (
        <>
          <Field name="addressLine1" label="Address Line 1" required className="sm:col-span-2">
            <Input
              id="addressLine1"
              autoComplete="address-line1"
              maxLength={255}
              {...register('addressLine1')}
            />
          </Field>
          <Field name="addressLine2" label="Address Line 2" className="sm:col-span-2">
            <Input
              id="addressLine2"
              autoComplete="address-line2"
              maxLength={255}
              {...register('addressLine2')}
            />
          </Field>
        </>
      )}
      <Field name="city" label="City" required>
        <Input id="city" autoComplete="address-level2" maxLength={255} {...register('city')} />
      </Field>
      <Field name="state" label="State" required>
        <NativeSelect id="state" autoComplete="address-level1" {...register('state')}>
          <option value="">Select state</option>
          {Object.entries(US_STATES).map(([code, name]) => (
            <option key={code} value={code}>
              {code} - {name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {contact && (
        <Field name="zipCode" label="ZIP Code" required>
          <Input
            id="zipCode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            {...register('zipCode')}
          />
        </Field>
      )}
      <Field name="county" label="County" required>
        <Input id="county" maxLength={255} {...register('county')} />
      </Field>
      {contact && <PrivateContact />}
    </FormSection>
  );
}

/** The family's email and phone: only on the family's own form. */
function PrivateContact() {
  const { register, control } = useFormContext();
  return (
    <>
      <Field name="email" label="Email" required className="sm:col-span-2">
        <Input id="email" type="email" autoComplete="email" maxLength={255} {...register('email')} />
      </Field>
      <div className="grid grid-cols-[7.5rem_1fr] gap-3 sm:col-span-2">
        <Field name="phoneCountryCode" label="Country Code" required>
          <Controller
            control={control}
            name="phoneCountryCode"
            render={({ field, fieldState }) => (
              <CountryCodeInput
                id="phoneCountryCode"
                aria-invalid={fieldState.invalid || undefined}
                aria-describedby={fieldState.invalid ? 'phoneCountryCode-error' : undefined}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </Field>
        <Field name="phone" label="Phone" required>
          <Controller
            control={control}
            name="phone"
            render={({ field, fieldState }) => (
              <PhoneInput
                id="phone"
                aria-invalid={fieldState.invalid || undefined}
                aria-describedby={fieldState.invalid ? 'phone-error' : undefined}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </Field>
      </div>
    </>
  );
}

export function PlayerFormSocial({ mode }: { mode: 'add' | 'edit' }) {
  const { register, control } = useFormContext();
  const handle = (name: string, label: string) => (
    <Field name={name} label={label} required>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <HandleInput
            id={name}
            aria-invalid={fieldState.invalid || undefined}
            aria-describedby={fieldState.invalid ? `${name}-error` : undefined}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
    </Field>
  );
  return (
    <FormSection title="Social Media & Hudl">
      <Field name="hudlUrl" label="Hudl Profile URL" required={mode === 'add'} className="sm:col-span-2">
        <Input
          id="hudlUrl"
          type="url"
          inputMode="url"
          maxLength={255}
          placeholder="https://www.hudl.com/profile/..."
          {...register('hudlUrl')}
        />
      </Field>
      <Field name="facebookUrl" label="Facebook URL" className="sm:col-span-2">
        <Input
          id="facebookUrl"
          type="url"
          inputMode="url"
          maxLength={255}
          placeholder="https://www.facebook.com/..."
          {...register('facebookUrl')}
        />
      </Field>
      {handle('xHandle', 'X/Twitter Handle')}
      {handle('instagramHandle', 'Instagram Handle')}
    </FormSection>
  );
}
