import { lazy, startTransition, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { COACH_APPLY_LINK } from '@contract/coach-texts';
import { useReferralDetails } from '@/features/auth/components/use-referral-details';
import { VerificationNotice } from '@/features/auth/components/verification-notice';

// The coach application is what few visitors open: its form, contract and college search load on demand.
const CoachApplicationForm = lazy(() =>
  import('@/features/coach').then((m) => ({ default: m.CoachApplicationForm })),
);
// Shown only after a referred registration: the dialog (Radix) loads then, not with the page (decision 143).
const ReferralWelcomeDialog = lazy(() =>
  import('@/features/auth/components/referral-welcome-dialog').then((m) => ({
    default: m.ReferralWelcomeDialog,
  })),
);

/** Login and registration; ?mode=register opens registration, ?referralCode prefills it. */
export default function AuthPageRoute() {
  const [params, setParams] = useSearchParams();
  const referralCode = params.get('referralCode');
  // A referral link opens registration unless the visitor chose to log in instead.
  const modeParam = params.get('mode');
  const mode = modeParam === 'register' || (referralCode && modeParam !== 'login') ? 'register' : 'login';
  const [noticeEmail, setNoticeEmail] = useState<string | null>(null);
  const [welcomeCode, setWelcomeCode] = useState<string | null>(null);
  const referral = useReferralDetails(referralCode);

  // The notice goes and the address changes in one render: the router applies its change in a
  // transition, so clearing the notice outside it showed the form of the old mode for a moment, and a
  // quick user typed into it (registration flashed between 'Return to Login' and the login form).
  const switchTo = (next: 'login' | 'register') => {
    const p = new URLSearchParams(params);
    if (next === 'register') p.set('mode', 'register');
    else if (referralCode) p.set('mode', 'login');
    else p.delete('mode');
    startTransition(() => {
      setNoticeEmail(null);
      setParams(p, { replace: true });
    });
  };

  return (
    <AuthLayout>
      <Card>
        {noticeEmail ? (
          <CardContent className="pt-6 sm:pt-8">
            <VerificationNotice email={noticeEmail} onReturn={() => switchTo('login')} />
          </CardContent>
        ) : modeParam === 'coach' ? (
          <>
            <CardHeader>
              <CardTitle className="text-2xl">{COACH_APPLY_LINK}</CardTitle>
              <CardDescription>
                Apply with your work email. An email of your college&apos;s own domain is verified by the link
                we send; any other waits for an admin.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Suspense fallback={<Spinner />}>
                <CoachApplicationForm onBack={() => switchTo('login')} />
              </Suspense>
            </CardContent>
          </>
        ) : mode === 'register' ? (
          <>
            <CardHeader>
              <CardTitle className="text-2xl">Create an account</CardTitle>
              <CardDescription>
                {referral.details
                  ? 'You were invited by a friend. Finish your details to join.'
                  : 'Register to add players and request verified analysis.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {referral.loading ? (
                <div className="flex items-center justify-center gap-3 py-10 text-muted-foreground">
                  <Spinner size="sm" label="Loading referral information" />
                  <span>Loading referral information...</span>
                </div>
              ) : (
                <RegisterForm
                  key={referral.details?.code ?? 'plain'}
                  referral={referral.details}
                  onRegistered={setNoticeEmail}
                  onReferralCompleted={setWelcomeCode}
                  onSwitch={() => switchTo('login')}
                />
              )}
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <CardTitle className="text-2xl">Welcome back</CardTitle>
              <CardDescription>Log in with the email you registered with.</CardDescription>
            </CardHeader>
            <CardContent>
              <LoginForm onSwitch={() => switchTo('register')} />
              <p className="mt-4 text-center text-sm">
                <button
                  type="button"
                  className="text-primary underline"
                  onClick={() => setParams(new URLSearchParams({ mode: 'coach' }), { replace: true })}
                >
                  {COACH_APPLY_LINK}
                </button>
              </p>
            </CardContent>
          </>
        )}
      </Card>
      {welcomeCode ? (
        <Suspense fallback={null}>
          <ReferralWelcomeDialog code={welcomeCode} onClose={() => setWelcomeCode(null)} />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}
