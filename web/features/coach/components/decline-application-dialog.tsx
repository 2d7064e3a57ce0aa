import { useState } from 'react';
import type { AdminCoachApplication } from '@contract/coach';
import { declineApplicationSchema } from '@contract/coach-forms';
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
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { useDecideApplication } from '../api/admin';

/** Declining a coach application: the reason is required and mailed to the applicant. */
export function DeclineApplicationDialog({
  application,
  onClose,
}: {
  application: AdminCoachApplication | null;
  onClose: () => void;
}) {
  const decide = useDecideApplication();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!application) return;
    const parsed = declineApplicationSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    decide.mutate(
      { id: application.id, approve: false, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast({ title: `Application of ${application.name} declined` });
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
            <DialogTitle>Decline the application</DialogTitle>
            <DialogDescription>
              {application?.name}, {application?.title} at {application?.college}. The reason is mailed to{' '}
              {application?.email}.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Reason" htmlFor="decline-reason" error={error} required>
            <Textarea
              id="decline-reason"
              value={reason}
              maxLength={1000}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={decide.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={decide.isPending}>
              {decide.isPending ? 'Declining...' : 'Decline'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
