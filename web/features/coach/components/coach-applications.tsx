import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCoachApplications, useDecideApplication, useSuspendCoach } from '../api/admin';

/** User Management's 'Coach applications': approve, decline with a reason (mailed), suspend. */
export function CoachApplications() {
  const apps = useCoachApplications().data ?? [];
  const decide = useDecideApplication();
  const suspend = useSuspendCoach();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Coach applications</CardTitle>
      </CardHeader>
      <CardContent>
        {apps.length === 0 ? (
          <p className="text-sm text-muted-foreground">No coach has applied yet.</p>
        ) : (
          <ul className="space-y-2">
            {apps.map((a) => (
              <li
                key={a.id}
                className="flex flex-wrap items-center gap-2 text-sm"
                aria-label={`Application of ${a.name}`}
              >
                <span className="font-medium">{a.name}</span>
                <span>
                  {a.title}, {a.college} · {a.email} · {a.status}
                  {a.declineReason ? ` (${a.declineReason})` : ''}
                </span>
                {a.status === 'awaiting-admin' && (
                  <>
                    <Button size="sm" onClick={() => decide.mutate({ id: a.id, approve: true })}>
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        const reason = window.prompt('Reason for declining (mailed to the applicant)');
                        if (reason) decide.mutate({ id: a.id, approve: false, reason });
                      }}
                    >
                      Decline
                    </Button>
                  </>
                )}
                {a.status === 'approved' && (
                  <Button size="sm" variant="outline" onClick={() => suspend.mutate(a.userId)}>
                    Suspend
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
