import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { resetConfirmFormSchema } from '@contract/auth-forms';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/lib/paths';
import { useConfirmPasswordReset } from '../api/auth-mutations';
import { userKeys } from '../api/keys';
import { PasswordInput } from './password-input';

/** The emailed link's second step: a new password, then every session of the account ends. */
export function ResetConfirmForm({ token, email }: { token: string; email: string }) {
  const qc = useQueryClient();
  const confirm = useConfirmPasswordReset();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(resetConfirmFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const res = await confirm.mutateAsync({ token, email, password });
      qc.setQueryData(userKeys.current, null);
      setDone(res.message);
    } catch (err) {
      // Shown here with a link to a new one; the MutationCache toasts the same message.
      setFailure(err instanceof Error && err.message ? err.message : 'Failed to reset password');
    }
  });

  if (done) {
    return (
      <div className="grid gap-4 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-success/10 text-success">
          <CircleCheck className="size-7" aria-hidden />
        </span>
        <h2 className="text-2xl font-semibold">Password updated</h2>
        <p className="text-muted-foreground">{done}</p>
        <Button asChild className="w-full">
          <Link to={paths.auth}>Log in</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1.5">
        <h2 className="text-2xl font-semibold">Set a new password</h2>
        <p className="text-sm text-muted-foreground">
          For <strong className="break-all text-foreground">{email}</strong>. You will be signed out
          everywhere.
        </p>
      </div>
      {failure && (
        <div
          role="alert"
          className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {failure}{' '}
            <Link to={paths.resetPassword} className="font-medium underline">
              Request a new link
            </Link>
          </span>
        </div>
      )}
      <FormField label="New password" htmlFor="new-password" error={errors.password?.message}>
        <PasswordInput id="new-password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label="Confirm password" htmlFor="confirm-password" error={errors.confirmPassword?.message}>
        <PasswordInput id="confirm-password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
