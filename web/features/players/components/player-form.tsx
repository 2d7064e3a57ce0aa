import { Controller, FormProvider, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import {
  playerEditFormSchema,
  playerFormSchema,
  playerStaffEditFormSchema,
  type PlayerFormValues,
} from '@contract/players-forms';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { PhotoUpload } from './photo-upload';
import { FormSection } from './form-section';
import { PlayerFormAcademic, PlayerFormPhysical } from './player-form-details';
import { PlayerFormContact, PlayerFormSocial } from './player-form-contact';
import { PlayerFormMain } from './player-form-main';
import { WIRE_TO_FORM, type PlayerFormInput } from './player-form-values';

interface PlayerFormProps {
  mode: 'add' | 'edit';
  defaultValues: PlayerFormInput;
  onSubmit: (values: PlayerFormValues) => Promise<unknown>;
  cancelTo: string;
  submitLabel: string;
  pendingLabel: string;
  /** False for an admin editing a family's player: the birth date and contact details stay the family's (decision 197). */
  contact?: boolean;
}

const schemaFor = (mode: 'add' | 'edit', contact: boolean) =>
  mode === 'add' ? playerFormSchema : contact ? playerEditFormSchema : playerStaffEditFormSchema;

/** Add and edit share every section and rule; only the Hudl URL (required on add) and a few inputs differ. */
export function PlayerForm({
  mode,
  defaultValues,
  onSubmit,
  cancelTo,
  submitLabel,
  pendingLabel,
  contact = true,
}: PlayerFormProps) {
  const form = useForm<PlayerFormInput, unknown, PlayerFormValues>({
    resolver: zodResolver(schemaFor(mode, contact)) as Resolver<PlayerFormInput, unknown, PlayerFormValues>,
    defaultValues,
    // Checked on submit, then on every change: a blur check could move the button under the pointer and swallow the click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const name = `${form.watch('firstName') ?? ''} ${form.watch('lastName') ?? ''}`.trim();

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      // The server checks with the same schema; its field messages go under the fields (the MutationCache toasts the message).
      for (const [field, message] of Object.entries(err.errors ?? {})) {
        form.setError((WIRE_TO_FORM[field] ?? field) as FieldPath<PlayerFormInput>, { message });
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="space-y-6">
        <FormSection title="Profile Photo" className="sm:grid-cols-1">
          <Controller
            control={form.control}
            name="photoUrl"
            render={({ field }) => (
              <PhotoUpload
                value={field.value as string | null}
                onChange={field.onChange}
                name={name}
                variant={mode}
              />
            )}
          />
        </FormSection>
        <PlayerFormMain mode={mode} birthDate={contact} />
        <PlayerFormPhysical />
        <PlayerFormAcademic />
        <PlayerFormContact contact={contact} />
        <PlayerFormSocial mode={mode} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to={cancelTo}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? pendingLabel : submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
