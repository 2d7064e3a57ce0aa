import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { igaRequestFormSchema, TURNAROUND_TEXT, type IgaRequestForm } from '@contract/analysis';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { useUser } from '@/features/auth';
import { useCreateIgaRequest } from '../api/create-requests';
import { PositionOptions } from './position-options';
import type { DialogSlotProps } from './slot-types';
import { useDialogState } from './use-dialog-state';
import { useNoCreditRedirect } from './use-no-credit';
import { useSlotPlayer } from './use-slot-player';

const defaults = (hudlUrl: string | null | undefined, positionId?: number) =>
  ({ hudlUrl: hudlUrl ?? '', season: new Date().getFullYear(), positionId: positionId ?? Number.NaN, notes: '' }) as IgaRequestForm;

export function RequestIgaDialog(props: DialogSlotProps) {
  const [open, setOpen] = useDialogState(props.open, props.onOpenChange);
  const player = useSlotPlayer(props);
  const { user } = useUser();
  const noCredit = useNoCreditRedirect();
  const create = useCreateIgaRequest(props.playerId);
  const { register, handleSubmit, reset, formState: { errors } } = useForm<IgaRequestForm>({
    resolver: zodResolver(igaRequestFormSchema),
    defaultValues: defaults(player?.hudlUrl, player?.primaryPositionId),
  });
  const hasCredit = (user?.igaCredits ?? 0) >= 1;

  // The IGA dialog checks the balance as it opens, not only on submit.
  useEffect(() => {
    if (!open) return;
    if (!hasCredit) {
      setOpen(false);
      noCredit('iga');
      return;
    }
    reset(defaults(player?.hudlUrl, player?.primaryPositionId));
  }, [open]);

  const onSubmit = handleSubmit(async ({ notes, ...values }) => {
    try {
      await create.mutateAsync({ ...values, notes: notes || undefined });
      toast({ title: 'IGA Score Request Submitted', description: TURNAROUND_TEXT, duration: 6000 });
      reset(defaults(player?.hudlUrl, player?.primaryPositionId));
      setOpen(false);
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      if (/IGA credit/i.test(message)) {
        setOpen(false);
        return noCredit('iga');
      }
      toast({ title: 'Error', description: message || 'Failed to submit IGA score request', variant: 'destructive' });
    }
  });
  const busy = create.isPending;

  return (
    <Dialog open={open && hasCredit} onOpenChange={setOpen}>
      {props.trigger !== null && (
        <DialogTrigger asChild>{props.trigger ?? <Button variant="secondary">Request IGA Score</Button>}</DialogTrigger>
      )}
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Request IGA Score</DialogTitle>
          <DialogDescription>An analyst scores the player's athleticism (50-100) from a Hudl video. Uses 1 IGA credit.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <fieldset disabled={busy} className="grid gap-4">
            <FormField label="Hudl Video URL" htmlFor="iga-hudlUrl" error={errors.hudlUrl?.message}>
              <Input id="iga-hudlUrl" type="url" placeholder="https://www.hudl.com/video/..." {...register('hudlUrl')} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Season" htmlFor="iga-season" error={errors.season?.message}>
                <Input id="iga-season" type="number" min={2000} max={2099} {...register('season', { valueAsNumber: true })} />
              </FormField>
              <FormField label="Position" htmlFor="iga-positionId" error={errors.positionId?.message}>
                <NativeSelect id="iga-positionId" {...register('positionId', { valueAsNumber: true })}>
                  <PositionOptions primary={player?.primaryPositionId} secondary={player?.secondaryPositionId} />
                </NativeSelect>
              </FormField>
            </div>
            <FormField label="Notes (optional)" htmlFor="iga-notes" error={errors.notes?.message} description="Jersey number, plays to watch, anything that helps the analyst.">
              <Textarea id="iga-notes" rows={3} {...register('notes')} />
            </FormField>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>Cancel</Button>
            <Button type="submit" disabled={busy}>{busy ? 'Submitting...' : 'Submit Request'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
