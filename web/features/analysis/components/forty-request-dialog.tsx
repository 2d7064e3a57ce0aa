import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TURNAROUND_TEXT } from '@contract/analysis';
import { analysisApi } from '@contract/api/analysis';
import { FORTY_CLIP_REQUIRED } from '@contract/forty';
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
import { userKeys, useUser } from '@/features/auth';
import { VideoUploadButton } from '@/features/videos';
import { ApiError, call } from '@/lib/api-client';
import { analysisKeys } from '../api/keys';
import { PositionOptions } from './position-options';
import type { DialogSlotProps } from './slot-types';
import { useDialogState } from './use-dialog-state';
import { useNoCreditRedirect } from './use-no-credit';
import { useSlotPlayer } from './use-slot-player';

/** How to film a 40 that can be verified (issue 28): said before the family uploads. */
export const FORTY_FILMING = [
  'Phone on a tripod or held still at the 20-yard line, 10-15 yards to the side.',
  'The whole 40 yards in view (or at least the start and the finish lines).',
  'The highest frame rate the phone has: slow motion, 120 or 240 fps.',
  'The start and finish lines marked: cones or a painted line.',
  'The runner in a three-point or two-point stance.',
  'A single continuous take.',
];

/**
 * 'Verified 40' (decision 209): the family uploads the clip of the 40 with the request; an analyst
 * times it on the video from first movement to the torso crossing the finish. Uses 1 speed credit.
 */
export function FortyRequestDialog(props: DialogSlotProps) {
  const [open, setOpen] = useDialogState(props.open, props.onOpenChange);
  const player = useSlotPlayer(props);
  const { user } = useUser();
  const noCredit = useNoCreditRedirect();
  const qc = useQueryClient();
  const [season, setSeason] = useState(String(new Date().getFullYear()));
  const [positionId, setPositionId] = useState<number | null>(
    props.positionId ?? player?.primaryPositionId ?? null,
  );
  const [video, setVideo] = useState<{ id: number } | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open) return;
    setVideo(null);
    setErrors({});
    setPositionId(props.positionId ?? player?.primaryPositionId ?? null);
  }, [open, props.positionId, player?.primaryPositionId]);
  const create = useMutation({
    meta: { errorFallback: 'Failed to submit request', quietCodes: ['INSUFFICIENT_CREDITS'] },
    mutationFn: () =>
      call(analysisApi.create, {
        body: {
          requestType: 'forty',
          playerId: props.playerId,
          season: Number(season),
          positionId,
          videoId: video?.id,
          ...(notes.trim() ? { notes: notes.trim() } : {}),
        },
      }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: userKeys.current }),
        qc.invalidateQueries({ queryKey: analysisKeys.pending(props.playerId) }),
      ]),
  });
  const hasCredit = (user?.credits ?? 0) >= 1;
  const busy = create.isPending;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!video) return setErrors({ videoId: FORTY_CLIP_REQUIRED });
    if (!hasCredit) {
      setOpen(false);
      return noCredit('forty');
    }
    try {
      await create.mutateAsync();
      toast({ title: 'Verified 40 Request Submitted', description: TURNAROUND_TEXT, duration: 6000 });
      setOpen(false);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INSUFFICIENT_CREDITS') {
        setOpen(false);
        noCredit('forty');
      }
      if (err instanceof ApiError) setErrors(err.errors ?? {});
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {props.trigger !== null && (
        <DialogTrigger asChild>
          {props.trigger ?? <Button variant="outline">Verified 40</Button>}
        </DialogTrigger>
      )}
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Request a Verified 40</DialogTitle>
          <DialogDescription>
            An analyst times the 40-yard dash on your video, frame by frame, from the first movement to the
            torso crossing the finish line. Uses 1 speed analysis credit.
          </DialogDescription>
        </DialogHeader>
        <div className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="font-medium">Film it so that it can be verified</p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground" aria-label="How to film the 40">
            {FORTY_FILMING.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
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
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Season" htmlFor="forty-season" error={errors.season}>
                <Input
                  id="forty-season"
                  type="number"
                  min={2000}
                  max={2099}
                  value={season}
                  onChange={(e) => setSeason(e.target.value)}
                />
              </FormField>
              <FormField label="Position" htmlFor="forty-positionId" error={errors.positionId}>
                <NativeSelect
                  id="forty-positionId"
                  value={positionId ?? ''}
                  onChange={(e) => setPositionId(Number(e.target.value) || null)}
                >
                  <PositionOptions
                    primary={player?.primaryPositionId}
                    secondary={player?.secondaryPositionId}
                  />
                </NativeSelect>
              </FormField>
            </div>
            <FormField label="Notes (optional)" htmlFor="forty-notes" error={errors.notes}>
              <Textarea id="forty-notes" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
            </FormField>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Submitting...' : 'Submit Request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
