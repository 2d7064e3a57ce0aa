import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginSchema } from '@contract/auth-forms';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/lib/paths';
import { safeNextPath } from '@/lib/safe-next';
import { useLogin } from '../api/auth-mutations';
import { applyServerErrors } from './auth-errors';
import { firstError, missingFields, toastFormInvalid } from './form-validation-toast';
import { PasswordInput } from './password-input';

const LABELS = { username: 'Email', password: 'Password' };

export function LoginForm({ onSwitch }: { onSwitch: () => void }) {
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  // A link opened signed out (a result email) shows this form at its own address, or /auth-page?next=...
  const returnTo = () =>
    safeNextPath(
      location.pathname === paths.auth
        ? new URLSearchParams(location.search).get('next')
        : `${location.pathname}${location.search}${location.hash}`,
    );
  const form = useForm({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });
  const { register, handleSubmit, setError, getValues, formState } = form;
  const { errors, isSubmitting } = formState;
  const hasErrors = Object.keys(errors).length > 0;

  const onValid = handleSubmit(
    async (values) => {
      try {
        await login.mutateAsync(values);
        toast({ title: 'Success', description: 'Logged in successfully' });
        void navigate(returnTo() ?? paths.home, { replace: true });
      } catch (err) {
        // The message is toasted by the query client's MutationCache ('Authentication Error').
        applyServerErrors(err, setError);
      }
    },
    (errs) => {
      const missing = missingFields(getValues(), LABELS);
      toastFormInvalid(missing.length ? 'Email and password are required' : firstError(errs));
    },
  );

  return (
    <form onSubmit={onValid} noValidate className="grid gap-4">
      <FormField label={LABELS.username} htmlFor="login-username" error={errors.username?.message}>
        <Input
          id="login-username"
          type="email"
          autoComplete="username"
          placeholder="you@example.com"
          {...register('username')}
        />
      </FormField>
      <FormField label={LABELS.password} htmlFor="login-password" error={errors.password?.message}>
        <PasswordInput id="login-password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <div className="-mt-2 flex justify-end">
        <Link to={paths.resetPassword} className="text-sm font-medium text-primary hover:underline">
          Reset password
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting || hasErrors}>
        {isSubmitting ? 'Logging in...' : 'Log in'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <button type="button" onClick={onSwitch} className="font-medium text-primary hover:underline">
          Register
        </button>
      </p>
    </form>
  );
}
