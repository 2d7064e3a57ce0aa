import { useEffect, useState } from 'react';
import type { QueueItem } from '@contract/analysis';
import { findAnalysisKind } from '@contract/analysis-kinds';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CompleteForm } from './complete-form';
import { RejectForm } from './reject-form';
import { typeLabel } from './queue-table';

/** 'Process Analysis Request': complete with results and a processed video, or reject with a reason. */
export function ProcessDialog({ item, onClose }: { item: QueueItem | null; onClose: () => void }) {
  const [mode, setMode] = useState<'complete' | 'reject'>('complete');
  const [reason, setReason] = useState<string | undefined>();
  const [comment, setComment] = useState<string | undefined>();
  useEffect(() => setMode('complete'), [item?.id]);
  // Measured on video (the registry says which kinds are): the workbench needs the width.
  const measured = findAnalysisKind(item?.requestType)?.measurement === 'video-marks';
  return (
    <Dialog open={item !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className={measured ? 'max-w-6xl' : 'max-w-2xl'}>
        <DialogHeader>
          <DialogTitle>Process Analysis Request</DialogTitle>
          <DialogDescription>
            {mode === 'complete'
              ? 'Enter the verified results and upload the processed video.'
              : 'Reject the request; the credit goes back to the family.'}
          </DialogDescription>
        </DialogHeader>
        {item && (
          <>
            <Summary item={item} />
            {mode === 'complete' ? (
              <CompleteForm
                key={item.id}
                item={item}
                onDone={onClose}
                onReject={(r, c) => {
                  setReason(r);
                  setComment(c);
                  setMode('reject');
                }}
              />
            ) : (
              <RejectForm
                key={item.id}
                item={item}
                defaultReason={reason}
                defaultComment={comment}
                onDone={onClose}
                onBack={() => setMode('complete')}
              />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Summary({ item }: { item: QueueItem }) {
  const rows: [string, React.ReactNode][] = [
    ['Request', `#${item.id} · ${typeLabel(item.requestType)}`],
    ['Player', `${item.playerFirstName} ${item.playerLastName} (${item.playerLevel})`],
    ['Season', item.season],
    ['Position', item.positionName ?? '--'],
  ];
  // A request may name a library clip instead of a Hudl link (decision 206).
  if (item.hudlUrl)
    rows.push([
      'Hudl video',
      <a
        key="h"
        href={item.hudlUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all text-primary underline"
      >
        {item.hudlUrl}
      </a>,
    ]);
  if (item.startTime) rows.push(['Start at', item.startTime]);
  if (item.notes) rows.push(['Notes', item.notes]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-muted/50 p-3 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="min-w-0">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
