import { useState } from 'react';
import type { QueueItem } from '@contract/analysis';
import { filmedKind } from '@contract/analysis-kinds';
import { QUALITY_REJECT_REASON } from '@contract/measurements';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { FilmedWorkbench, type FilmedMeasurement } from '@/features/measurements';
import { useCompleteRequest } from '../../api/queue';
import { CompleteActions } from './complete-shell';

/**
 * Completing a kind measured from a clip's frames (decisions 209 and 243): the result comes from the marks confirmed on the kind's workbench, never typed.
 */
export function FilmedCompleteForm({
  item,
  onDone,
  onReject,
}: {
  item: QueueItem;
  onDone: () => void;
  onReject: (reason?: string) => void;
}) {
  const [measured, setMeasured] = useState<FilmedMeasurement | null>(null);
  const [comment, setComment] = useState('');
  const { idPrefix, measurementRequired } = filmedKind(item.requestType);
  const complete = useCompleteRequest(item);
  const busy = complete.isPending;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!measured) return toast({ title: 'Error', description: measurementRequired, variant: 'destructive' });
    const fields: Record<string, string> = { measurement: JSON.stringify(measured) };
    if (comment.trim()) fields.comment = comment.trim();
    try {
      await complete.mutateAsync({ fields, video: null });
      toast({ title: 'Success', description: 'Request processed successfully' });
      onDone();
    } catch {
      // Toasted by the query client's MutationCache.
    }
  };
  return (
    <>
      <FilmedWorkbench
        kind={item.requestType}
        item={item}
        onChange={setMeasured}
        onQualityReject={() => onReject(QUALITY_REJECT_REASON)}
      />
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormField label="Comment (optional)" htmlFor="f-comment">
          <Textarea
            id="f-comment"
            rows={2}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            disabled={busy}
          />
        </FormField>
        <CompleteActions
          busy={busy}
          busyText="Saving..."
          missing={measured ? '' : measurementRequired}
          missingId={`${idPrefix}-complete-missing`}
          onReject={onReject}
        />
      </form>
    </>
  );
}
