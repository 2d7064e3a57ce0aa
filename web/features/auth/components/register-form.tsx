import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { registerServerSchema } from '@contract/auth-forms';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { useRegister } from '../api/auth-mutations';
import { completeReferral, type ReferralDetails } from '../api/referral';
import { applyServerErrors } from './auth-errors';
import { firstError, missingFields, toastFormInvalid } from './form-validation-toast';
import { PasswordInput } from './password-input';

const LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  username: 'Email',
  email: 'Confirm email',
  password: 'Password',
};
const REGISTERED = 'Registration successful. Please check your email to verify your account.';

interface RegisterFormProps {
  referral: ReferralDetails | null;
  onRegistered: (email: string) => void;
  onReferralCompleted: (code: string) => void;
  onSwitch: () => void;
}

export function RegisterForm({ referral, onRegistered, onReferralCompleted, onSwitch }: RegisterFormProps) {
  const registerUser = useRegister();
  const form = useForm({
    resolver: zodResolver(registerServerSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: referral?.firstName ?? '',
      lastName: referral?.lastName ?? '',
      username: referral?.email ?? '',
      email: referral?.email ?? '',
      password: '',
    },
  });
  const { register, handleSubmit, setError, getValues, formState } = form;
  const { errors, isSubmitting } = formState;
  // Named beside the button, which stays enabled: a keyboard user reaches it and hears why (issue 52 item 9).
  const toFix = (Object.keys(LABELS) as (keyof typeof LABELS)[])
    .filter((k) => errors[k])
    .map((k) => LABELS[k]);
  const locked = Boolean(referral);

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const user = await registerUser.mutateAsync({ ...values, referralCode: referral?.code ?? null });
        toast({ title: 'Success', description: user.message || REGISTERED });
        if (referral) {
          const done = await completeReferral(referral.code, user.id);
          if (done) onReferralCompleted(done.referralCode || referral.code);
        }
        onRegistered(values.username);
      } catch (err) {
        // The message is toasted by the query client's MutationCache ('Authentication Error').
        applyServerErrors(err, setError);
      }
    },
    (errs) => {
      const missing = missingFields(getValues(), LABELS);
      toastFormInvalid(missing.length ? `Please fill in: ${missing.join(', ')}` : firstError(errs));
    },
  );

  const lockIcon = locked ? (
    <Lock className="ml-1 inline size-3 text-muted-foreground" aria-label="Set by your referral" />
  ) : null;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={LABELS.firstName} htmlFor="register-first-name" error={errors.firstName?.message}>
          <Input id="register-first-name" autoComplete="given-name" {...register('firstName')} />
        </FormField>
        <FormField label={LABELS.lastName} htmlFor="register-last-name" error={errors.lastName?.message}>
          <Input id="register-last-name" autoComplete="family-name" {...register('lastName')} />
        </FormField>
      </div>
      <FormField
        label={
          <>
            {LABELS.username}
            {lockIcon}
          </>
        }
        htmlFor="register-username"
        error={errors.username?.message}
      >
        <Input
          id="register-username"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          readOnly={locked}
          className={locked ? 'bg-muted' : undefined}
          {...register('username')}
        />
      </FormField>
      <FormField
        label={
          <>
            {LABELS.email}
            {lockIcon}
          </>
        }
        htmlFor="register-email"
        error={errors.email?.message}
      >
        <Input
          id="register-email"
          type="email"
          autoComplete="email"
          readOnly={locked}
          className={locked ? 'bg-muted' : undefined}
          {...register('email')}
        />
      </FormField>
      <FormField
        label={LABELS.password}
        htmlFor="register-password"
        error={errors.password?.message}
        description={errors.password ? undefined : 'At least 6 characters'}
      >
        <PasswordInput id="register-password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting} aria-describedby="register-to-fix">
        {isSubmitting ? 'Registering...' : 'Register'}
      </Button>
      <p id="register-to-fix" aria-live="polite" className="-mt-2 text-sm text-destructive empty:hidden">
        {toFix.length ? `Check the fields marked above: ${toFix.join(', ')}` : ''}
      </p>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <button type="button" onClick={onSwitch} className="font-medium text-primary hover:underline">
          Log in
        </button>
      </p>
    </form>
  );
}
