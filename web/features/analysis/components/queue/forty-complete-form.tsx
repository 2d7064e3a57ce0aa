import { useState } from 'react';
import type { QueueItem } from '@contract/analysis';
import { FORTY_MEASUREMENT_REQUIRED, type FortyMeasurement } from '@contract/forty';
import { QUALITY_REJECT_REASON } from '@contract/measurements';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { FortyWorkbench } from '@/features/measurements';
import { useCompleteRequest } from '../../api/queue';

/** Completing a verified 40 (decision 209): the time comes from the confirmed marks, never typed. */
export function FortyCompleteForm({
  item,
  onDone,
  onReject,
}: {
  item: QueueItem;
  onDone: () => void;
  onReject: (reason?: string) => void;
}) {
  const [measured, setMeasured] = useState<FortyMeasurement | null>(null);
  const [comment, setComment] = useState('');
  const complete = useCompleteRequest(item);
  const busy = complete.isPending;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!measured)
      return toast({ title: 'Error', description: FORTY_MEASUREMENT_REQUIRED, variant: 'destructive' });
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
      <FortyWorkbench
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
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button type="button" variant="outline" onClick={() => onReject()} disabled={busy}>
            Reject Instead
          </Button>
          <div className="flex flex-col items-end gap-1">
            {/* Enabled while unmeasured: a keyboard user reaches it and hears why (issue 52 item 9). */}
            <Button type="submit" disabled={busy} aria-describedby="forty-complete-missing">
              {busy ? 'Saving...' : 'Complete Analysis'}
            </Button>
            <p id="forty-complete-missing" aria-live="polite" className="text-xs text-muted-foreground">
              {measured ? '' : FORTY_MEASUREMENT_REQUIRED}
            </p>
          </div>
        </div>
      </form>
    </>
  );
}
