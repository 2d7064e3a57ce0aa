import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TURNAROUND_TEXT } from '@contract/analysis';
import { analysisApi } from '@contract/api/analysis';
import { FORTY_CLIP_REQUIRED } from '@contract/forty';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { userKeys, useUser } from '@/features/auth';
import { checkedReadiness, ClipReadiness, VideoUploadButton } from '@/features/videos';
import { ApiError, call } from '@/lib/api-client';
import { analysisKeys } from '../api/keys';
import { PositionOptions } from './position-options';
import type { FortyDraft } from './forty-draft';
import type { DialogSlotProps } from './slot-types';
import { useNoCreditRedirect } from './use-no-credit';
import { useSlotPlayer } from './use-slot-player';
import { RequestFormFooter } from './request-form-footer';
import { clearRequestDraft, saveRequestDraft } from './request-draft';

/**
 * The verified 40's request form, mounted while the dialog is open (the clip, the errors and the position
 * start again at each opening; the season and the notes are the dialog's `draft`). Its own module, loaded
 * by the dialog (forty-request-dialog.tsx) when it is about to open (decision 234).
 */
export function FortyRequestForm({
  draft,
  onDraftChange,
  close,
  keptVideoId = null,
  ...props
}: DialogSlotProps & {
  draft: FortyDraft;
  onDraftChange: (draft: FortyDraft) => void;
  close: () => void;
  /** The clip chosen before the family went to buy a credit. */
  keptVideoId?: number | null;
}) {
  const player = useSlotPlayer(props);
  const { user } = useUser();
  const noCredit = useNoCreditRedirect();
  const qc = useQueryClient();
  const [positionId, setPositionId] = useState<number | null>(
    props.positionId ?? player?.primaryPositionId ?? null,
  );
  const [video, setVideo] = useState<{ id: number } | null>(keptVideoId ? { id: keptVideoId } : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [waiting, setWaiting] = useState(false);
  // As the dialog opens (this form mounts with it) and when the card's position or the player arrives.
  useEffect(() => {
    setVideo(keptVideoId ? { id: keptVideoId } : null);
    setErrors({});
    setPositionId(props.positionId ?? player?.primaryPositionId ?? null);
  }, [props.positionId, player?.primaryPositionId, keptVideoId]);
  const create = useMutation({
    meta: {
      errorFallback: 'Failed to submit request',
      quietCodes: ['INSUFFICIENT_CREDITS', 'CLIP_NOT_READY'],
    },
    mutationFn: () =>
      call(analysisApi.create, {
        body: {
          requestType: 'forty',
          playerId: props.playerId,
          season: Number(draft.season),
          positionId,
          videoId: video?.id,
          ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
        },
      }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: userKeys.current }),
        qc.invalidateQueries({ queryKey: analysisKeys.pending(props.playerId) }),
      ]),
  });
  const hasCredit = (user?.credits ?? 0) >= 1;
  const busy = create.isPending || waiting;
  /** Kept for the plans page's 'Continue your request' while the family buys a credit (issue 52). */
  const keepDraft = () =>
    saveRequestDraft({
      kind: 'forty',
      playerId: props.playerId,
      playerName: player ? `${player.firstName} ${player.lastName}` : 'your player',
      values: { ...draft, positionId, videoId: video?.id ?? null },
    });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!video) return setErrors({ videoId: FORTY_CLIP_REQUIRED });
    // The clip is judged before the balance (decision 247).
    setWaiting(true);
    // A check that cannot be read is left to the server, which judges the clip again.
    const found = await checkedReadiness(video.id)
      .then((r) => r.kinds.forty)
      .catch(() => undefined)
      .finally(() => setWaiting(false));
    if (found && !found.ready)
      return setErrors({
        videoId:
          'This clip cannot give a verified 40 (what is missing is listed below). Upload a clip filmed as the guide says.',
      });
    if (!hasCredit) {
      keepDraft();
      close();
      return noCredit('forty');
    }
    try {
      await create.mutateAsync();
      clearRequestDraft();
      toast({ title: 'Verified 40 Request Submitted', description: TURNAROUND_TEXT, duration: 6000 });
      close();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INSUFFICIENT_CREDITS') {
        keepDraft();
        close();
        noCredit('forty');
      }
      if (err instanceof ApiError) setErrors(err.errors ?? {});
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <fieldset disabled={busy} className="grid gap-4">
        <FormField label="The clip of the 40" htmlFor="forty-clip" error={errors.videoId}>
          <div id="forty-clip" className="flex flex-wrap items-center gap-2">
            <VideoUploadButton
              playerId={props.playerId}
              positionId={positionId}
              label={video ? 'Upload a different clip' : 'Upload the clip'}
              variant="outline"
              disabled={busy}
              onUploaded={(v) => {
                setVideo({ id: v.id });
                setErrors((e) => ({ ...e, videoId: '' }));
              }}
            />
            {video && <span className="text-sm text-muted-foreground">Clip #{video.id} uploaded</span>}
          </div>
          {video && <ClipReadiness videoId={video.id} kinds={['forty']} className="mt-2" />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Season" htmlFor="forty-season" error={errors.season}>
            <Input
              id="forty-season"
              type="number"
              min={2000}
              max={2099}
              value={draft.season}
              onChange={(e) => onDraftChange({ ...draft, season: e.target.value })}
            />
          </FormField>
          <FormField label="Position" htmlFor="forty-positionId" error={errors.positionId}>
            <NativeSelect
              id="forty-positionId"
              value={positionId ?? ''}
              onChange={(e) => setPositionId(Number(e.target.value) || null)}
            >
              <PositionOptions primary={player?.primaryPositionId} secondary={player?.secondaryPositionId} />
            </NativeSelect>
          </FormField>
        </div>
        <FormField label="Notes (optional)" htmlFor="forty-notes" error={errors.notes}>
          <Textarea
            id="forty-notes"
            rows={2}
            value={draft.notes}
            onChange={(e) => onDraftChange({ ...draft, notes: e.target.value })}
          />
        </FormField>
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
