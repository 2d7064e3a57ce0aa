import { Link, Navigate, useParams } from 'react-router';
import { isCoach } from '@contract/access';
import { COACH_CONNECT_LINK } from '@contract/coach-texts';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useUser } from '@/features/auth/api/use-user';
import { useLogout } from '@/features/auth/api/auth-mutations';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { paths } from '@/lib/paths';

/**
 * Screen: 'College coach? Ask to connect' from a public page (issue 52 item 6). A signed-in coach goes on
 * to the player's coach profile, where the approval gate and the recruiting calendar apply as always;
 * anyone else is offered signing in as a coach or applying as one. There is no open form.
 */
export default function CoachConnectRoute() {
  const { id } = useParams();
  const { user } = useUser();
  const logout = useLogout();
  const playerId = Number(id);
  const profile =
    Number.isInteger(playerId) && playerId > 0 ? paths.coachPlayer(playerId) : paths.coachSearch;
  if (user && isCoach(user.role)) return <Navigate to={profile} replace />;
  const signIn = `${paths.auth}?next=${encodeURIComponent(profile)}`;
  const apply = `${paths.auth}?mode=coach`;
  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">{COACH_CONNECT_LINK}</CardTitle>
          <CardDescription>
            Verified college coaches ask a family to connect from their coach account, and the family decides.
            Sign in with your coach account to see this player&apos;s coach profile, or apply as a coach with
            your college email.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {user ? (
            <>
              <p className="text-sm" role="status">
                You are signed in as {user.email}, which is not a coach account.
              </p>
              {/* Signed out, this address offers signing in as a coach and the application. */}
              <Button type="button" onClick={() => logout.mutate()} disabled={logout.isPending}>
                Sign out to sign in as a coach
              </Button>
            </>
          ) : (
            <Link className={buttonVariants()} to={signIn}>
              Sign in as a coach
            </Link>
          )}
          {!user && (
            <Link className={buttonVariants({ variant: 'outline' })} to={apply}>
              Apply as a coach
            </Link>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
