import { useState } from 'react';
import type { AdminCoachApplication } from '@contract/coach';
import { COACH_DIVISIONS, DEFAULT_DIVISION, type CoachDivision } from '@contract/coach-calendar';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toaster';
import { useDecideApplication } from '../api/admin';

/** What the email's domain tells the admin (decision 238): only a curated athletics domain is the college's. */
export function domainCheck(a: AdminCoachApplication) {
  if (a.approvedByDomain) return `approved by the athletics domain ${a.approvedByDomain}`;
  if (a.domainMatchesNow) return 'at one of the college’s athletics domains';
  if (a.websiteDomainMatch)
    return `under the college’s website domain ${a.collegeWebsite}: a hint only, its students and alumni have addresses there too`;
  return 'not one of the college’s athletics domains';
}

/**
 * Approving a coach asks for a confirmation showing what was checked: the email's domain, the title, the
 * college and the division, which the admin may correct (decision 238).
 */
export function ApproveApplicationDialog({
  application,
  onClose,
}: {
  application: AdminCoachApplication | null;
  onClose: () => void;
}) {
  const decide = useDecideApplication();
  const [division, setDivision] = useState<CoachDivision | null>(null);
  const chosen = division ?? application?.division ?? DEFAULT_DIVISION;
  const close = () => {
    setDivision(null);
    onClose();
  };
  const submit = () => {
    if (!application) return;
    decide.mutate(
      { id: application.id, approve: true, division: chosen },
      {
        onSuccess: () => {
          toast({ title: `${application.name} is approved as a coach` });
          close();
        },
      },
    );
  };
  return (
    <Dialog open={application !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>Approve {application?.name}?</DialogTitle>
            <DialogDescription>
              An approved coach searches the players whose families let coaches find them. Check each line.
            </DialogDescription>
          </DialogHeader>
          {application && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" aria-label="What was checked">
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-all">
                {application.email}
                {application.emailVerified ? ' (verified)' : ' (not verified yet)'}
              </dd>
              <dt className="text-muted-foreground">Domain</dt>
              <dd>
                {application.emailDomain}: {domainCheck(application)}
              </dd>
              <dt className="text-muted-foreground">Title</dt>
              <dd>{application.title}</dd>
              <dt className="text-muted-foreground">College</dt>
              <dd>{application.college}</dd>
            </dl>
          )}
          <FormField
            label="Division"
            htmlFor="approve-division"
            description={
              application && !application.division
                ? 'Not stated: treated as NCAA D1 until set.'
                : 'As the coach stated it; correct it if needed.'
            }
          >
            <NativeSelect
              id="approve-division"
              value={chosen}
              onChange={(e) => setDivision(e.target.value as CoachDivision)}
            >
              {COACH_DIVISIONS.map((d) => (
                <option key={d}>{d}</option>
              ))}
            </NativeSelect>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={decide.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={decide.isPending}>
              {decide.isPending ? 'Approving...' : 'Approve'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
