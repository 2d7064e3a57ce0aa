import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/**
 * An admin page opened signed out: says so, and the way in (back here after signing in) or out
 * (issue 27 item 11), instead of a bare 'Not authenticated' or nothing at all.
 */
export function SignInNotice({ what, returnTo }: { what: string; returnTo: string }) {
  return (
    <div className="grid max-w-lg gap-3 rounded-lg border bg-muted/40 p-4" data-testid="sign-in-notice">
      <div className="grid gap-1">
        <p className="font-semibold">You are signed out</p>
        <p className="text-sm text-muted-foreground">Sign in with an admin account to {what}.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={`${paths.auth}?next=${encodeURIComponent(returnTo)}`}>
            <LogIn aria-hidden /> Sign in
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={paths.home}>Back to the home page</Link>
        </Button>
      </div>
    </div>
  );
}
