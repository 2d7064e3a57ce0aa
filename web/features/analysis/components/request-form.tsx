import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TURNAROUND_TEXT } from '@contract/analysis';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toaster';
import { checkedReadiness } from '@/features/videos';
import { ApiError } from '@/lib/api-client';
import { useCreateRequest } from '../api/create-requests';
import { PositionOptions } from './position-options';
import type { RequestValues } from './request-kind';
import { requestFormPart } from './request-form-parts';
import { requestKind } from './request-kinds';
import type { DialogSlotProps } from './slot-types';
import { useNoCreditRedirect } from './use-no-credit';
import { useSlotPlayer } from './use-slot-player';
import { RequestFormFooter } from './request-form-footer';
import { clearRequestDraft, saveRequestDraft } from './request-draft';

/**
 * The request dialog's form, mounted while it is open (so each opening starts from the defaults). Its own
 * module, loaded by the dialog (request-dialog.tsx) when it is about to open: react-hook-form, zod and the
 * request's schema are not the player card's first code (decision 234).
 */
export function RequestForm({
  kind,
  hasCredit,
  close,
  draft,
  ...props
}: DialogSlotProps & {
  kind: string;
  hasCredit: boolean;
  close: () => void;
  draft?: Record<string, unknown>;
}) {
  const k = requestKind(kind);
  const f = requestFormPart(kind);
  const player = useSlotPlayer(props);
  const noCredit = useNoCreditRedirect();
  const create = useCreateRequest(f, props.playerId);
  // What the family typed before buying a credit comes back over the defaults (issue 52).
  const startValues = (): RequestValues => ({
    ...f.defaults(player?.hudlUrl, player?.primaryPositionId),
    ...(draft as Partial<RequestValues> | undefined),
  });
  const form = useForm<RequestValues>({
    resolver: zodResolver(f.schema as never) as unknown as Resolver<RequestValues>,
    defaultValues: startValues(),
  });
  const [waiting, setWaiting] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;
  const id = (field: string) => `${k.idPrefix}-${field}`;

  // The player's Hudl link and position may arrive after the dialog opened.
  useEffect(() => {
    reset({
      ...f.defaults(player?.hudlUrl, player?.primaryPositionId),
      ...(draft as Partial<RequestValues> | undefined),
    });
  }, [player?.hudlUrl, player?.primaryPositionId, reset, f, draft]);

  /** Kept for the plans page's 'Continue your request' while the family buys a credit. */
  const keepDraft = (values: RequestValues) =>
    saveRequestDraft({
      kind,
      playerId: props.playerId,
      playerName: player ? `${player.firstName} ${player.lastName}` : 'your player',
      values: { ...values },
    });

  const onSubmit = handleSubmit(async (values) => {
    // The clip is judged before the balance (decision 247): no one buys a credit for a clip that cannot be measured.
    const videoId = f.clipNotReady ? values.videoId : null;
    if (videoId) {
      setWaiting(true);
      // A check that cannot be read is left to the server, which judges the clip again.
      const found = await checkedReadiness(videoId)
        .then((r) => r.kinds[kind])
        .catch(() => undefined)
        .finally(() => setWaiting(false));
      if (found && !found.ready) return setError('videoId', { message: f.clipNotReady });
    }
    if (!hasCredit) {
      keepDraft(values);
      close();
      return noCredit(kind);
    }
    try {
      await create.mutateAsync(f.toBody(values));
      clearRequestDraft();
      toast({ title: k.submittedTitle, description: TURNAROUND_TEXT, duration: 6000 });
      close();
    } catch (err) {
      // Any other failure is toasted by the MutationCache with this kind's fallback message.
      if (err instanceof ApiError && err.code === 'INSUFFICIENT_CREDITS') {
        keepDraft(values);
        close();
        noCredit(kind);
      }
      // The server reads the same schema; its field messages also go under the fields.
      if (err instanceof ApiError)
        for (const [field, message] of Object.entries(err.errors ?? {}))
          setError(field as keyof RequestValues, { message });
    }
  });
  const busy = create.isPending || waiting;
  const fieldProps = { kind, playerId: props.playerId, form, id, busy };

  return (
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
        {f.AfterLink && <f.AfterLink {...fieldProps} />}
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
              <PositionOptions primary={player?.primaryPositionId} secondary={player?.secondaryPositionId} />
            </NativeSelect>
          </FormField>
        </div>
        {f.AfterPosition && <f.AfterPosition {...fieldProps} />}
      </fieldset>
      {waiting && (
        <p className="text-sm text-muted-foreground" role="status">
          Waiting for the clip's check before sending the request...
        </p>
      )}
      <RequestFormFooter close={close} busy={busy} />
    </form>
  );
}
