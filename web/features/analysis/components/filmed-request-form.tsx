import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TURNAROUND_TEXT } from '@contract/analysis';
import { analysisApi } from '@contract/api/analysis';
import { analysisKind, filmedKind } from '@contract/analysis-kinds';
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
import type { FilmedDraft } from './filmed-draft';
import type { DialogSlotProps } from './slot-types';
import { useNoCreditRedirect } from './use-no-credit';
import { useSlotPlayer } from './use-slot-player';
import { RequestFormFooter } from './request-form-footer';
import { clearRequestDraft, saveRequestDraft } from './request-draft';

/**
 * The request form of a kind measured from a clip's frames, mounted while the dialog is open (the clip, the
 * errors and the position start again at each opening; the season and the notes are the dialog's `draft`).
 * Its own module, loaded by the dialog (filmed-request-dialog.tsx) when it is about to open (decision 234).
 */
export function FilmedRequestForm({
  kind: key,
  draft,
  onDraftChange,
  close,
  keptVideoId = null,
  ...props
}: DialogSlotProps & {
  kind: string;
  draft: FilmedDraft;
  onDraftChange: (draft: FilmedDraft) => void;
  close: () => void;
  /** The clip chosen before the family went to buy a credit. */
  keptVideoId?: number | null;
}) {
  const kind = analysisKind(key);
  const { idPrefix, subject, clipRequired, clipNotReady } = filmedKind(key);
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
          requestType: key,
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
  const hasCredit = Number((user as Record<string, unknown> | undefined)?.[kind.credit.userField] ?? 0) >= 1;
  const busy = create.isPending || waiting;
  /** Kept for the plans page's 'Continue your request' while the family buys a credit (issue 52). */
  const keepDraft = () =>
    saveRequestDraft({
      kind: key,
      playerId: props.playerId,
      playerName: player ? `${player.firstName} ${player.lastName}` : 'your player',
      values: { ...draft, positionId, videoId: video?.id ?? null },
    });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!video) return setErrors({ videoId: clipRequired });
    // The clip is judged before the balance (decision 247).
    setWaiting(true);
    // A check that cannot be read is left to the server, which judges the clip again.
    const found = await checkedReadiness(video.id)
      .then((r) => r.kinds[key])
      .catch(() => undefined)
      .finally(() => setWaiting(false));
    if (found && !found.ready)
      return setErrors({ videoId: clipNotReady.replace('{problems}', found.problems.join(' ')) });
    if (!hasCredit) {
      keepDraft();
      close();
      return noCredit(key);
    }
    try {
      await create.mutateAsync();
      clearRequestDraft();
      toast({ title: `${kind.label} Request Submitted`, description: TURNAROUND_TEXT, duration: 6000 });
      close();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INSUFFICIENT_CREDITS') {
        keepDraft();
        close();
        noCredit(key);
      }
      if (err instanceof ApiError) setErrors(err.errors ?? {});
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <fieldset disabled={busy} className="grid gap-4">
        <FormField label={`The clip of ${subject}`} htmlFor={`${idPrefix}-clip`} error={errors.videoId}>
          <div id={`${idPrefix}-clip`} className="flex flex-wrap items-center gap-2">
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
          {video && <ClipReadiness videoId={video.id} kinds={[key]} className="mt-2" />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Season" htmlFor={`${idPrefix}-season`} error={errors.season}>
            <Input
              id={`${idPrefix}-season`}
              type="number"
              min={2000}
              max={2099}
              value={draft.season}
              onChange={(e) => onDraftChange({ ...draft, season: e.target.value })}
            />
          </FormField>
          <FormField label="Position" htmlFor={`${idPrefix}-positionId`} error={errors.positionId}>
            <NativeSelect
              id={`${idPrefix}-positionId`}
              value={positionId ?? ''}
              onChange={(e) => setPositionId(Number(e.target.value) || null)}
            >
              <PositionOptions primary={player?.primaryPositionId} secondary={player?.secondaryPositionId} />
            </NativeSelect>
          </FormField>
        </div>
        <FormField label="Notes (optional)" htmlFor={`${idPrefix}-notes`} error={errors.notes}>
          <Textarea
            id={`${idPrefix}-notes`}
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
