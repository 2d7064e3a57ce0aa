import { useMemo, useState, type ComponentType, type FormEventHandler, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PositionSubmetric, QueueItem } from '@contract/analysis';
import { completeFieldsSchema } from '@contract/analysis-forms';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { useCompleteRequest } from '../../api/queue';
import { VideoDropzone } from './video-dropzone';

export type Fields = Record<string, string>;

export interface CompleteFormProps {
  item: QueueItem;
  onDone: () => void;
  /** To the rejection, with its reason and the comment to the family chosen where they are known. */
  onReject: (reason?: string, comment?: string) => void;
}

/** A kind's completion form, written by its folder and listed in complete-parts.ts. */
export interface CompletePart {
  /** The kind's key in the registry. */
  key: string;
  Form: ComponentType<CompleteFormProps>;
}

/**
 * What a completion form of a kind shares with the others: its fields' form (the kind's own first values,
 * `own`, a constant, then the position's submetrics), the processed video, the send.
 */
export function useCompletion(item: QueueItem, subs: PositionSubmetric[], own: Fields, onDone: () => void) {
  const schema = useMemo(() => completeFieldsSchema(item.requestType, subs), [item.requestType, subs]);
  const defaults = useMemo(() => {
    const d: Fields = { ...own };
    for (const s of subs)
      Object.assign(d, { [`submetric_${s.key}`]: '', [`submetric_${s.key}_percentile`]: '50' });
    return { ...d, comment: '' };
  }, [own, subs]);
  const form = useForm<Fields>({ resolver: zodResolver(schema as never), defaultValues: defaults });
  const [video, setVideo] = useState<File | null>(null);
  const complete = useCompleteRequest(item);

  /** Sends the typed fields, the measurement's (when there is one) and the processed video. */
  const send = async (measurement?: unknown) => {
    const fields: Fields = { positionId: String(item.positionId ?? '') };
    for (const [k, v] of Object.entries(form.getValues()))
      if (v !== '' && v !== undefined) fields[k] = String(v);
    if (measurement !== undefined) fields.measurement = JSON.stringify(measurement);
    try {
      await complete.mutateAsync({ fields, video });
      toast({ title: 'Success', description: 'Request processed successfully' });
      onDone();
    } catch {
      // Toasted by the query client's MutationCache.
    }
  };
  return { form, video, setVideo, complete, busy: complete.isPending, send };
}

/** The completion form's frame: the kind's fields, the processed video, the comment, reject and complete. */
export function CompleteShell({
  completion: { form, video, setVideo, complete, busy },
  videoLabel,
  missing,
  onSubmit,
  onReject,
  children,
}: {
  completion: ReturnType<typeof useCompletion>;
  videoLabel: string;
  /** Why the request cannot be completed yet, said under the button; null when nothing is missing. */
  missing: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onReject: (reason?: string) => void;
  children: ReactNode;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <fieldset disabled={busy} className="grid gap-4">
        {children}
        <div className="grid gap-2">
          <span className="text-sm font-medium">{videoLabel}</span>
          <VideoDropzone file={video} onFile={setVideo} disabled={busy} />
        </div>
        <FormField label="Comment (optional)" htmlFor="f-comment" error={errors.comment?.message}>
          <Textarea id="f-comment" rows={2} {...register('comment')} />
        </FormField>
      </fieldset>
      <CompleteActions
        busy={busy}
        busyText={`Uploading ${complete.progress ?? 0}%`}
        missing={missing}
        missingId="complete-missing"
        onReject={onReject}
      />
    </form>
  );
}

/**
 * A completion form's last row, for every kind's form: 'Reject Instead', and 'Complete Analysis' with what
 * is still missing said beside it. The button stays enabled while something is missing: a keyboard user
 * reaches it and hears why (issue 52 item 9).
 */
export function CompleteActions({
  busy,
  busyText,
  missing,
  missingId,
  onReject,
}: {
  busy: boolean;
  busyText: string;
  missing: string | null | undefined;
  missingId: string;
  onReject: (reason?: string) => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
      <Button type="button" variant="outline" onClick={() => onReject()} disabled={busy}>
        Reject Instead
      </Button>
      <div className="flex flex-col items-end gap-1">
        <Button type="submit" disabled={busy} aria-describedby={missingId}>
          {busy ? busyText : 'Complete Analysis'}
        </Button>
        <p id={missingId} aria-live="polite" className="text-xs text-muted-foreground">
          {missing ?? ''}
        </p>
      </div>
    </div>
  );
}

/** Says what is missing instead of sending. */
export const sayMissing = (missing: string) =>
  toast({ title: 'Error', description: missing, variant: 'destructive' });
