import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { speedRequestFormSchema, TURNAROUND_TEXT, type SpeedRequestForm } from '@contract/analysis';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toaster';
import { useUser } from '@/features/auth';
import { SourceVideoField } from '@/features/measurements';
import { useCreateSpeedRequest } from '../api/create-requests';
import { PositionOptions } from './position-options';
import type { DialogSlotProps } from './slot-types';
import { useDialogState } from './use-dialog-state';
import { useNoCreditRedirect } from './use-no-credit';
import { useSlotPlayer } from './use-slot-player';

// The player's saved Hudl link is usually the profile page; the analyst needs the play itself, so a profile link is not prefilled.
const playLink = (url: string | null | undefined) => (url && !/hudl\.com\/profile\//i.test(url) ? url : '');
const defaults = (hudlUrl: string | null | undefined, positionId?: number) =>
  ({ hudlUrl: playLink(hudlUrl), startTime: '', season: new Date().getFullYear(), positionId: positionId ?? Number.NaN, videoId: null }) as SpeedRequestForm;

export function RequestSpeedDialog(props: DialogSlotProps) {
  const [open, setOpen] = useDialogState(props.open, props.onOpenChange);
  const player = useSlotPlayer(props);
  const { user } = useUser();
  const noCredit = useNoCreditRedirect();
  const create = useCreateSpeedRequest(props.playerId);
  const form = useForm<SpeedRequestForm>({ resolver: zodResolver(speedRequestFormSchema), defaultValues: defaults(player?.hudlUrl, player?.primaryPositionId) });
  const { register, handleSubmit, reset, setValue, watch, formState: { errors } } = form;

  useEffect(() => {
    if (open) reset(defaults(player?.hudlUrl, player?.primaryPositionId));
  }, [open, player?.hudlUrl, player?.primaryPositionId, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if ((user?.credits ?? 0) < 1) {
      setOpen(false);
      return noCredit('max_speed');
    }
    try {
      await create.mutateAsync(values);
      toast({ title: 'Request Submitted', description: TURNAROUND_TEXT, duration: 6000 });
      reset(defaults(player?.hudlUrl, player?.primaryPositionId));
      setOpen(false);
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      if (/credit/i.test(message)) {
        setOpen(false);
        return noCredit('max_speed');
      }
      toast({ title: 'Error', description: message || 'Failed to submit request', variant: 'destructive' });
    }
  });
  const busy = create.isPending;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {props.trigger !== null && (
        <DialogTrigger asChild>{props.trigger ?? <Button>Request Speed Analysis</Button>}</DialogTrigger>
      )}
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Request Speed Analysis</DialogTitle>
          <DialogDescription>An analyst verifies the player's Max Speed from a Hudl video. Uses 1 speed analysis credit.</DialogDescription>
        </DialogHeader>
        <div className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="font-medium">For a verified Max Speed</p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            <li>The video must be recorded from the sideline at press-box height.</li>
            <li>The player must run 20 yards or more in the play.</li>
          </ul>
        </div>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <fieldset disabled={busy} className="grid gap-4">
            <FormField label="Hudl Video URL" htmlFor="speed-hudlUrl" error={errors.hudlUrl?.message}
              description="The link to the play to measure (a Hudl video), not the player's profile page.">
              <Input id="speed-hudlUrl" type="url" placeholder="https://www.hudl.com/video/..." {...register('hudlUrl')} />
            </FormField>
            <FormField label="Mins and Secs (i.e. 00:23) to start measuring" htmlFor="speed-startTime" error={errors.startTime?.message}>
              <Input id="speed-startTime" placeholder="00:00" inputMode="numeric" maxLength={5} {...register('startTime')} />
            </FormField>
            <SourceVideoField
              playerId={props.playerId}
              positionId={Number.isFinite(watch('positionId')) ? watch('positionId') : null}
              value={watch('videoId') ?? null}
              onChange={(id) => setValue('videoId', id)}
              disabled={busy}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Season" htmlFor="speed-season" error={errors.season?.message}>
                <Input id="speed-season" type="number" min={2000} max={2099} {...register('season', { valueAsNumber: true })} />
              </FormField>
              <FormField label="Position" htmlFor="speed-positionId" error={errors.positionId?.message}>
                <NativeSelect id="speed-positionId" {...register('positionId', { valueAsNumber: true })}>
                  <PositionOptions primary={player?.primaryPositionId} secondary={player?.secondaryPositionId} />
                </NativeSelect>
              </FormField>
            </div>
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
