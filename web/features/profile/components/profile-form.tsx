import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { PublicUser } from '@contract/auth';
import { profileUpdateSchema } from '@contract/auth-forms';
import { PASSWORD_MIN } from '@contract/constants';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { PasswordInput } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';

/** The API's schema, except that a blank password means "keep the current one" and is not sent. */
const profileFormSchema = profileUpdateSchema.extend({
  username: profileUpdateSchema.shape.username.pipe(z.email('Username must be a valid email')),
  password: z.union([
    z.literal(''),
    z.string().min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
  ]),
  currentPassword: z.string(),
});
type ProfileFormInput = z.input<typeof profileFormSchema>;
type ProfileFormValues = z.output<typeof profileFormSchema>;
type Field = keyof ProfileFormInput;

export function ProfileForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      username: user.username,
      email: user.email,
      password: '',
      currentPassword: '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password, currentPassword, ...rest }) => {
    try {
      const saved = await update.mutateAsync({
        ...rest,
        ...(password ? { password } : {}),
        ...(currentPassword ? { currentPassword } : {}),
      });
      form.reset({
        firstName: saved.firstName ?? '',
        lastName: saved.lastName ?? '',
        username: saved.username,
        email: saved.email,
        password: '',
        currentPassword: '',
      });
      const pending = saved.pendingEmail && saved.pendingEmail !== user.pendingEmail;
      toast({
        title: 'Success',
        description: pending
          ? `Profile updated. Check ${saved.pendingEmail} to confirm your new email address.`
          : 'Profile updated successfully',
      });
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      // Field messages go under the fields; the MutationCache toasts the message.
      for (const [field, message] of Object.entries(e?.errors ?? {}))
        form.setError(field as Field, { message });
    }
  });

  const text = (name: Field, label: string, type = 'text', autoComplete?: string) => (
    <FormField htmlFor={name} label={label} error={errors[name]?.message}>
      <Input id={name} type={type} autoComplete={autoComplete} maxLength={255} {...form.register(name)} />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      {text('firstName', 'First Name', 'text', 'given-name')}
      {text('lastName', 'Last Name', 'text', 'family-name')}
      {text('username', 'Username', 'email', 'username')}
      {text('email', 'Email', 'email', 'email')}
      <FormField
        htmlFor="password"
        label="Password"
        error={errors.password?.message}
        className="sm:col-span-2"
        description="A new password signs you out on your other devices."
      >
        <PasswordInput
          id="password"
          autoComplete="new-password"
          placeholder="Leave blank to keep current password"
          {...form.register('password')}
        />
      </FormField>
      <FormField
        htmlFor="currentPassword"
        label="Current Password"
        error={errors.currentPassword?.message}
        className="sm:col-span-2"
        description="Needed to change your email, username or password."
      >
        <PasswordInput
          id="currentPassword"
          autoComplete="current-password"
          {...form.register('currentPassword')}
        />
      </FormField>
      {user.pendingEmail && (
        <p role="status" className="text-sm text-muted-foreground sm:col-span-2">
          Waiting for confirmation: follow the link sent to {user.pendingEmail}. Until then, sign in with{' '}
          {user.email}.
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
