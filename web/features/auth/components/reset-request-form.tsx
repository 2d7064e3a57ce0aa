import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { resetRequestSchema } from '@contract/auth-forms';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/lib/paths';
import { requestPasswordReset } from '../api/auth-mutations';

const CONFIRMATION = 'If an account exists for that email, you will receive password reset instructions.';

export function ResetRequestForm() {
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(resetRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      // The specification keeps a failed request silent on screen; the console keeps the reason.
      console.warn('Password reset request failed', err);
    }
  });

  if (sent) {
    return (
      <div className="grid gap-4 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck className="size-7" aria-hidden />
        </span>
        <h2 className="text-2xl font-semibold">Check your email</h2>
        <p className="text-muted-foreground">{CONFIRMATION}</p>
        <BackToLogin />
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1.5">
        <h2 className="text-2xl font-semibold">Reset your password</h2>
        <p className="text-sm text-muted-foreground">
          Enter your account email and we&apos;ll send you a link to set a new password.
        </p>
      </div>
      <FormField label="Email" htmlFor="reset-email" error={errors.email?.message}>
        <Input
          id="reset-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...register('email')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Reset Instructions'}
      </Button>
      <BackToLogin />
    </form>
  );
}

function BackToLogin({ to = paths.home }: { to?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center justify-center gap-1 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> Back to login
    </Link>
  );
}
