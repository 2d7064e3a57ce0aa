import { useState } from 'react';
import type { AdminCoachApplication, CoachStatus } from '@contract/coach';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCoachApplications, useDecideApplication, useSuspendCoach } from '../api/admin';
import { AthleticsDomains } from './athletics-domains';
import { DeclineApplicationDialog } from './decline-application-dialog';

const STATUS_TEXT: Record<CoachStatus, string> = {
  'awaiting-admin': 'Waiting for approval',
  approved: 'Approved',
  declined: 'Declined',
  suspended: 'Suspended',
};

/** An email that matches only since an admin added a domain still waits: approving it is one click. */
function domainText(a: AdminCoachApplication) {
  if (a.domainMatched) return ' · the college’s own domain';
  if (a.domainMatchesNow) return ' · matches the college’s domains now';
  return ' · not the college’s domain';
}

/** User Management's 'Coach applications': approve, decline with a reason (mailed), suspend; the athletics domains. */
export function CoachApplications() {
  const apps = useCoachApplications().data ?? [];
  const decide = useDecideApplication();
  const suspend = useSuspendCoach();
  const [declining, setDeclining] = useState<AdminCoachApplication | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Coach applications</CardTitle>
      </CardHeader>
      <CardContent>
        {apps.length === 0 ? (
          <p className="text-sm text-muted-foreground">No coach has applied yet.</p>
        ) : (
          <ul className="divide-y">
            {apps.map((a) => (
              <li
                key={a.id}
                className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
                aria-label={`Application of ${a.name}`}
              >
                <div className="min-w-0 space-y-0.5">
                  <p>
                    <span className="font-medium">{a.name}</span>, {a.title} at {a.college}{' '}
                    <Badge variant={a.status === 'awaiting-admin' ? 'default' : 'secondary'}>
                      {STATUS_TEXT[a.status]}
                    </Badge>
                  </p>
                  <p className="text-muted-foreground">
                    <span className="break-all">{a.email}</span>
                    {domainText(a)}
                    {a.emailVerified ? '' : ' · email not verified yet'}
                  </p>
                  {a.declineReason && <p className="text-muted-foreground">Reason: {a.declineReason}</p>}
                </div>
                <div className="flex shrink-0 gap-2">
                  {a.status === 'awaiting-admin' && (
                    <>
                      <Button
                        size="sm"
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ id: a.id, approve: true })}
                      >
                        Approve
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setDeclining(a)}>
                        Decline
                      </Button>
                    </>
                  )}
                  {a.status === 'approved' && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={suspend.isPending}
                      onClick={() => suspend.mutate(a.userId)}
                    >
                      Suspend
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <AthleticsDomains />
      </CardContent>
      <DeclineApplicationDialog application={declining} onClose={() => setDeclining(null)} />
    </Card>
  );
}
