import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { REJECTION_REASONS, type QueueItem } from '@contract/analysis';
import { rejectSchema, type RejectInput } from '@contract/analysis-forms';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { useRejectRequest } from '../../api/queue';

export function RejectForm({
  item,
  onDone,
  onBack,
  defaultReason,
  defaultComment,
}: {
  item: QueueItem;
  onDone: () => void;
  onBack: () => void;
  defaultReason?: string;
  /** What the family is told, to start from (a refused track's advice, decision 352). */
  defaultComment?: string;
}) {
  const reject = useRejectRequest(item);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RejectInput>({
    resolver: zodResolver(rejectSchema),
    defaultValues: { reason: (defaultReason ?? '') as RejectInput['reason'], comment: defaultComment ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await reject.mutateAsync(values);
      toast({ title: 'Success', description: 'Request processed successfully' });
      onDone();
    } catch {
      // Toasted by the query client's MutationCache.
    }
  });
  const busy = reject.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <fieldset disabled={busy} className="grid gap-4">
        <FormField label="Reason" htmlFor="reject-reason" error={errors.reason?.message}>
          <NativeSelect id="reject-reason" {...register('reason')}>
            <option value="">Select a reason</option>
            {REJECTION_REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="Comment"
          htmlFor="reject-comment"
          error={errors.comment?.message}
          description="Tell the family what to fix. The credit is returned to them."
        >
          <Textarea id="reject-comment" rows={3} {...register('comment')} />
        </FormField>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? 'Rejecting...' : 'Reject Request'}
        </Button>
      </div>
    </form>
  );
}
