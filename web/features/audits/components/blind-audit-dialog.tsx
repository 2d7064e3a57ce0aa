import { useState } from 'react';
import type { Audit, AuditItem } from '@contract/audits';
import { formatSpeed } from '@contract/measurement-math';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { MeasurementWorkbench, type MeasuredCompletion } from '@/features/measurements';
import { useSubmitAudit } from '../api/audit-queue';

/** The same workbench as a completion, on the same source clip, without the first analyst's marks or result. */
export function BlindAuditDialog({ item, onClose }: { item: AuditItem | null; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-6xl">
        <DialogHeader>
          <DialogTitle>Blind audit</DialogTitle>
          <DialogDescription>
            Measure the run yourself. The first analyst's marks and result stay hidden until you submit.
          </DialogDescription>
        </DialogHeader>
        {item && <AuditBench key={item.auditId} item={item} />}
      </DialogContent>
    </Dialog>
  );
}

function AuditBench({ item }: { item: AuditItem }) {
  const [measured, setMeasured] = useState<MeasuredCompletion | null>(null);
  const [quality, setQuality] = useState(false);
  const submit = useSubmitAudit(item.auditId);
  if (submit.data) return <AuditOutcome audit={submit.data} />;
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        {item.playerFirstName} {item.playerLastName} · {item.positionName ?? '--'} · {item.season} season
      </p>
      <MeasurementWorkbench item={item} onChange={setMeasured} onQualityReject={() => setQuality(true)} />
      {quality && (
        <p role="alert" className="text-sm text-destructive">
          This clip cannot give a verified number: tell an admin rather than submitting.
        </p>
      )}
      {submit.isError && (
        <p role="alert" className="text-sm text-destructive">
          {submit.error.message}
        </p>
      )}
      <div className="flex justify-end">
        <Button
          type="button"
          disabled={!measured || submit.isPending}
          onClick={() => measured && submit.mutate(measured.field)}
        >
          Submit audit
        </Button>
      </div>
    </div>
  );
}

function AuditOutcome({ audit }: { audit: Audit }) {
  return (
    <div className="grid gap-2" role="status">
      <p className="text-lg font-semibold">
        {audit.status === 'agreed'
          ? 'The two results agree'
          : 'Flagged for an admin: the results differ by more than their bounds'}
      </p>
      <p>Your measurement: {audit.audit ? formatSpeed(audit.audit.speed, audit.audit.plusMinus) : '--'}</p>
      <p>First analyst: {formatSpeed(audit.original.speed, audit.original.plusMinus)}</p>
      <p className="text-sm text-muted-foreground">Difference {audit.difference?.toFixed(1)} mph</p>
    </div>
  );
}
