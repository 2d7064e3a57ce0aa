import { useSearchParams } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';

/** The emailed link lands here with ?token&email. */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <Card>
        <CardContent className="pt-6 sm:pt-8">
          <VerifyEmailStatus token={params.get('token')} email={params.get('email')} />
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
