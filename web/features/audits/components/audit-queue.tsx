import { useState } from 'react';
import type { AuditItem } from '@contract/audits';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuditQueue } from '../api/audit-queue';
import { BlindAuditDialog } from './blind-audit-dialog';

/** Audits waiting for a second analyst (never the caller's own results). */
export function AuditQueue() {
  const q = useAuditQueue();
  const [open, setOpen] = useState<AuditItem | null>(null);
  if (q.isPending) return <Spinner />;
  if (q.isError)
    return (
      <p role="alert" className="text-destructive">
        {q.error.message}
      </p>
    );
  return (
    <>
      {q.data.length === 0 && (
        <p className="py-8 text-center text-muted-foreground">No audits waiting for you.</p>
      )}
      {q.data.length > 0 && (
        <ul className="divide-y rounded-md border">
          {q.data.map((i) => (
            <li
              key={i.auditId}
              data-testid="audit-item"
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <p className="font-medium">
                  {i.playerFirstName} {i.playerLastName}
                </p>
                <p className="text-sm text-muted-foreground">
                  Max Speed · {i.positionName ?? '--'} · {i.playerLevel} · {i.season} season · request #{i.id}
                </p>
              </div>
              <Button type="button" onClick={() => setOpen(i)}>
                Measure blind
              </Button>
            </li>
          ))}
        </ul>
      )}
      {/* Kept mounted when the list empties: the dialog shows the outcome of the audit just sent. */}
      <BlindAuditDialog
        item={open}
        onClose={() => {
          setOpen(null);
          void q.refetch();
        }}
      />
    </>
  );
}
