import { useEffect, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TURNAROUND_TEXT, type RequestType } from '@contract/analysis';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { useUser } from '@/features/auth';
import { SourceVideoField } from '@/features/measurements';
import { ApiError } from '@/lib/api-client';
import { useCreateRequest } from '../api/create-requests';
import { PositionOptions } from './position-options';
import { REQUEST_KINDS, type RequestValues } from './request-kinds';
import type { DialogSlotProps } from './slot-types';
import { useDialogState } from './use-dialog-state';
import { useNoCreditRedirect } from './use-no-credit';
import { useSlotPlayer } from './use-slot-player';

/** 'Request Speed Analysis' and 'Request IGA Score': one dialog, its texts and fields chosen by `kind`. */
export function RequestDialog({ kind, ...props }: DialogSlotProps & { kind: RequestType }) {
  const k = REQUEST_KINDS[kind];
  const [open, setOpen] = useDialogState(props.open, props.onOpenChange);
  const { user } = useUser();
  const noCredit = useNoCreditRedirect();
  const hasCredit = ((kind === 'iga' ? user?.igaCredits : user?.credits) ?? 0) >= 1;

  // The IGA dialog checks the balance as it opens (only then: a request just sent also empties it);
  // the speed dialog when it is submitted.
  const wasOpen = useRef(false);
  useEffect(() => {
    const opened = open && !wasOpen.current;
    wasOpen.current = open;
    if (!opened || !k.checksCreditOnOpen || hasCredit) return;
    setOpen(false);
    noCredit(kind);
  }, [open, hasCredit, k, kind, noCredit, setOpen]);

  // The form (react-hook-form, the request's schema, the mutation) is made when the dialog opens, not
  // with every card that shows the button (issue 30's first screen, decision 220).
  return (
    <Dialog open={open && (hasCredit || !k.checksCreditOnOpen)} onOpenChange={setOpen}>
      {props.trigger !== null && (
        <DialogTrigger asChild>
          {props.trigger ?? <Button variant={k.triggerVariant}>{k.title}</Button>}
        </DialogTrigger>
      )}
      <DialogContent className="sm:max-w-lg">
        <RequestForm kind={kind} {...props} hasCredit={hasCredit} close={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's texts and form, mounted while it is open (so each opening starts from the defaults). */
function RequestForm({
  kind,
  hasCredit,
  close,
  ...props
}: DialogSlotProps & { kind: RequestType; hasCredit: boolean; close: () => void }) {
  const k = REQUEST_KINDS[kind];
  const player = useSlotPlayer(props);
  const noCredit = useNoCreditRedirect();
  const create = useCreateRequest(kind, props.playerId);
  const form = useForm<RequestValues>({
    resolver: zodResolver(k.schema) as unknown as Resolver<RequestValues>,
    defaultValues: k.defaults(player?.hudlUrl, player?.primaryPositionId),
  });
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = form;
  const id = (field: string) => `${k.idPrefix}-${field}`;

  // The player's Hudl link and position may arrive after the dialog opened.
  useEffect(() => {
    reset(k.defaults(player?.hudlUrl, player?.primaryPositionId));
  }, [player?.hudlUrl, player?.primaryPositionId, reset, k]);

  const onSubmit = handleSubmit(async (values) => {
    if (!hasCredit) {
      close();
      return noCredit(kind);
    }
    try {
      await create.mutateAsync(k.toBody(values));
      toast({ title: k.submittedTitle, description: TURNAROUND_TEXT, duration: 6000 });
      close();
    } catch (err) {
      // Any other failure is toasted by the MutationCache with this kind's fallback message.
      if (err instanceof ApiError && err.code === 'INSUFFICIENT_CREDITS') {
        close();
        noCredit(kind);
      }
      // The server reads the same schema; its field messages also go under the fields.
      if (err instanceof ApiError)
        for (const [field, message] of Object.entries(err.errors ?? {}))
          setError(field as keyof RequestValues, { message });
    }
  });
  const busy = create.isPending;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{k.title}</DialogTitle>
        <DialogDescription>{k.description}</DialogDescription>
      </DialogHeader>
      {kind === 'max_speed' && (
        <div className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="font-medium">For a verified Max Speed</p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            <li>The video must be recorded from the sideline at press-box height.</li>
            <li>The player must run 20 yards or more in the play.</li>
          </ul>
        </div>
      )}
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <fieldset disabled={busy} className="grid gap-4">
          <FormField
            label="Hudl Video URL"
            htmlFor={id('hudlUrl')}
            error={errors.hudlUrl?.message}
            description={k.hudlDescription}
          >
            <Input
              id={id('hudlUrl')}
              type="url"
              placeholder="https://www.hudl.com/video/..."
              {...register('hudlUrl')}
            />
          </FormField>
          {kind === 'max_speed' && (
            <>
              <FormField
                label="Mins and Secs (i.e. 00:23) to start measuring"
                htmlFor={id('startTime')}
                error={errors.startTime?.message}
              >
                <Input
                  id={id('startTime')}
                  placeholder="00:00"
                  inputMode="numeric"
                  maxLength={5}
                  {...register('startTime')}
                />
              </FormField>
              <SourceVideoField
                playerId={props.playerId}
                positionId={Number.isFinite(watch('positionId')) ? watch('positionId') : null}
                value={watch('videoId') ?? null}
                onChange={(videoId) => setValue('videoId', videoId)}
                disabled={busy}
              />
            </>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Season" htmlFor={id('season')} error={errors.season?.message}>
              <Input
                id={id('season')}
                type="number"
                min={2000}
                max={2099}
                {...register('season', { valueAsNumber: true })}
              />
            </FormField>
            <FormField label="Position" htmlFor={id('positionId')} error={errors.positionId?.message}>
              <NativeSelect id={id('positionId')} {...register('positionId', { valueAsNumber: true })}>
                <PositionOptions
                  primary={player?.primaryPositionId}
                  secondary={player?.secondaryPositionId}
                />
              </NativeSelect>
            </FormField>
          </div>
          {kind === 'iga' && (
            <FormField
              label="Notes (optional)"
              htmlFor={id('notes')}
              error={errors.notes?.message}
              description="Jersey number, plays to watch, anything that helps the analyst."
            >
              <Textarea id={id('notes')} rows={3} {...register('notes')} />
            </FormField>
          )}
        </fieldset>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Submitting...' : 'Submit Request'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
