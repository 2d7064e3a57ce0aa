import { useSearchParams } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ResetConfirmForm } from '@/features/auth/components/reset-confirm-form';
import { ResetRequestForm } from '@/features/auth/components/reset-request-form';

/** Without a token: ask for the reset email. With ?token&email from the mail: set the new password. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  return (
    <AuthLayout>
      <Card>
        <CardContent className="pt-6 sm:pt-8">
          {token && email ? <ResetConfirmForm token={token} email={email} /> : <ResetRequestForm />}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
