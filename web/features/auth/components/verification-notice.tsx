import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function VerificationNotice({ email, onReturn }: { email: string; onReturn: () => void }) {
  return (
    <div className="grid gap-4 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailCheck className="size-7" aria-hidden />
      </span>
      <h2 className="text-2xl font-semibold">Email Verification Required</h2>
      <p className="text-muted-foreground">
        We&apos;ve sent a verification email to <strong className="break-all text-foreground">{email}</strong>
        . Please click the link in the email to verify your account before logging in.
      </p>
      <p className="text-sm text-muted-foreground">
        Can&apos;t find it? Check your spam or junk folder. The link is valid for 24 hours.
      </p>
      <Button onClick={onReturn} className="w-full">
        Return to Login
      </Button>
    </div>
  );
}
