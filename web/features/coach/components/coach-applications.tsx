import { useState } from 'react';
import type { AdminCoachApplication, CoachStatus } from '@contract/coach';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { COACH_DIVISIONS, type CoachDivision } from '@contract/coach-calendar';
import { NativeSelect } from '@/components/ui/native-select';
import { useCoachApplications, useSetDivision, useSuspendCoach } from '../api/admin';
import { ApproveApplicationDialog, domainCheck } from './approve-application-dialog';
import { AthleticsDomains } from './athletics-domains';
import { DeclineApplicationDialog } from './decline-application-dialog';

const STATUS_TEXT: Record<CoachStatus, string> = {
  'awaiting-admin': 'Waiting for approval',
  approved: 'Approved',
  declined: 'Declined',
  suspended: 'Suspended',
};

const divisionText = (a: AdminCoachApplication) =>
  a.division ? ` · ${a.division}` : ' · no division stated (treated as NCAA D1)';

/**
 * User Management's 'Coach applications': approve after a confirmation of what was checked, decline with
 * a reason (mailed), suspend, set a division; the athletics domains.
 */
export function CoachApplications() {
  const apps = useCoachApplications().data ?? [];
  const suspend = useSuspendCoach();
  const setDivision = useSetDivision();
  const [declining, setDeclining] = useState<AdminCoachApplication | null>(null);
  const [approving, setApproving] = useState<AdminCoachApplication | null>(null);
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
                    <span className="break-all">{a.email}</span> · {domainCheck(a)}
                    {a.emailVerified ? '' : ' · email not verified yet'}
                    {divisionText(a)}
                  </p>
                  {a.declineReason && <p className="text-muted-foreground">Reason: {a.declineReason}</p>}
                </div>
                <div className="flex shrink-0 gap-2">
                  {a.status === 'awaiting-admin' && (
                    <>
                      <Button size="sm" onClick={() => setApproving(a)}>
                        Approve
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setDeclining(a)}>
                        Decline
                      </Button>
                    </>
                  )}
                  {a.status === 'approved' && (
                    <NativeSelect
                      aria-label={`Division of ${a.name}`}
                      wrapperClassName="w-32"
                      className="h-8"
                      value={a.division ?? ''}
                      disabled={setDivision.isPending}
                      onChange={(e) =>
                        setDivision.mutate({ userId: a.userId, division: e.target.value as CoachDivision })
                      }
                    >
                      {!a.division && <option value="">Division?</option>}
                      {COACH_DIVISIONS.map((d) => (
                        <option key={d}>{d}</option>
                      ))}
                    </NativeSelect>
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
      <ApproveApplicationDialog application={approving} onClose={() => setApproving(null)} />
    </Card>
  );
}
