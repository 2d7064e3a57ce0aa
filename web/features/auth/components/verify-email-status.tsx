import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { MISSING_RESEND_EMAIL, MISSING_VERIFICATION } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useResendVerification, verifyEmail } from '../api/auth-mutations';
import { userKeys } from '../api/keys';

const FAILED = 'Email verification failed. Please try again or contact support.';
const UNEXPECTED = 'An unexpected error occurred. Please try again later.';

function failureMessage(err: unknown) {
  if (err instanceof ApiError) return err.message || FAILED;
  return UNEXPECTED;
}

/** Verifies once per link (the query dedupes React's double effects), then offers the next step. */
export function VerifyEmailStatus({ token, email }: { token: string | null; email: string | null }) {
  const complete = Boolean(token && email);
  const q = useQuery({
    queryKey: userKeys.verifyEmail(token, email),
    queryFn: () => verifyEmail({ token: token!, email: email! }),
    enabled: complete,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  if (complete && q.isPending) {
    return (
      <div className="grid justify-items-center gap-4 py-6 text-center" aria-busy="true">
        <Spinner size="lg" label="Verifying your email" />
        <h2 className="text-xl font-semibold">Verifying your email...</h2>
        <p className="text-sm text-muted-foreground">This only takes a moment.</p>
      </div>
    );
  }
  if (q.isSuccess) {
    return (
      <div className="grid gap-4 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-success/10 text-success">
          <CircleCheck className="size-7" aria-hidden />
        </span>
        <h2 className="text-2xl font-semibold">Email Verified!</h2>
        <p className="text-muted-foreground">{q.data.message}</p>
        <Button asChild className="w-full">
          <Link to={paths.auth}>Proceed to Login</Link>
        </Button>
      </div>
    );
  }
  return <VerifyFailed message={complete ? failureMessage(q.error) : MISSING_VERIFICATION} email={email} />;
}

function VerifyFailed({ message, email }: { message: string; email: string | null }) {
  const send = useResendVerification();
  const sending = send.isPending;
  const resend = () => {
    if (!email) {
      toast({ title: 'Error', description: MISSING_RESEND_EMAIL, variant: 'destructive' });
      return;
    }
    send.mutate(email, {
      onSuccess: (res) =>
        toast({
          title: 'Success',
          description: res.message || 'A new verification email has been sent. Please check your inbox.',
        }),
    });
  };
  return (
    <div className="grid gap-4 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CircleX className="size-7" aria-hidden />
      </span>
      <h2 className="text-2xl font-semibold">Verification Failed</h2>
      <p className="text-muted-foreground" role="alert">
        {message}
      </p>
      <Button onClick={resend} disabled={sending} className="w-full">
        {sending ? 'Sending...' : 'Resend Verification Email'}
      </Button>
      <Button asChild variant="outline" className="w-full">
        <Link to={paths.auth}>Return to Login</Link>
      </Button>
    </div>
  );
}
