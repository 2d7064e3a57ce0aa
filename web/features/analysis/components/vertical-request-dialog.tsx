import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { onDemandPart, usePreloadWhenIdle } from '@/components/on-demand-part';
import { Spinner } from '@/components/ui/spinner';
import type { FortyDraft } from './forty-draft';
import { SPEED_CREDIT } from '@contract/analysis-kinds';
import { creditBuys, creditName } from '@contract/credit-names';
import { CreditBalanceNote } from './credit-balance-note';
import type { DialogSlotProps } from './slot-types';
import { useDialogState } from './use-dialog-state';

/** How to film a jump that can be verified (issue 51): said before the family uploads. */
export const VERTICAL_FILMING = [
  'Phone on the ground or on a tripod at hip height, 2-3 m to the side of the jumper.',
  'Both feet in view from before the take-off to after the landing.',
  'The highest frame rate the phone has: 120 or 240 fps (slow motion).',
  'Knees straight at the landing: a jumper who tucks the legs reads high.',
  'Hands on the hips for a countermovement jump.',
];

/**
 * The form (the upload, the fields, the mutation) is its own module (decision 234): its code starts
 * loading when the trigger is pointed at, focused or pressed, so it is usually there when the dialog
 * opens; a dialog opened otherwise loads it as it opens.
 */
const { Part: VerticalRequestForm, preload: preloadForm } = onDemandPart(() =>
  import('./vertical-request-form').then((m) => m.VerticalRequestForm),
);

/**
 * 'Verified Vertical Jump' (decision 243): the family uploads the clip of the jump with the request; an
 * analyst marks the take-off and the landing frames and the height comes from the time in the air. Uses 1
 * speed credit, as the 40 does.
 */
export function VerticalRequestDialog({
  draft: kept,
  ...props
}: DialogSlotProps & {
  /** What the family typed before it went to buy a credit (the plans page's 'Continue your request'). */
  draft?: Record<string, unknown>;
}) {
  usePreloadWhenIdle(preloadForm);
  const [open, setOpen] = useDialogState(props.open, props.onOpenChange);
  // Kept from one opening to the next; the form starts the clip, the errors and the position again.
  const [draft, setDraft] = useState<FortyDraft>(() => ({
    season: typeof kept?.season === 'string' ? kept.season : String(new Date().getFullYear()),
    notes: typeof kept?.notes === 'string' ? kept.notes : '',
  }));

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {props.trigger !== null && (
        <DialogTrigger asChild onPointerEnter={preloadForm} onFocus={preloadForm} onPointerDown={preloadForm}>
          {props.trigger ?? <Button variant="outline">Verified Vertical Jump</Button>}
        </DialogTrigger>
      )}
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Request a Verified Vertical Jump</DialogTitle>
          <DialogDescription>
            An analyst marks the take-off and the landing on your video, frame by frame; the height comes from
            the time in the air (flight time). Uses 1 {creditName(SPEED_CREDIT).replace(/s$/, '')} (
            {creditBuys(SPEED_CREDIT)}).
          </DialogDescription>
        </DialogHeader>
        <CreditBalanceNote kind="vertical_jump" />
        <div className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="font-medium">Film it so that it can be verified</p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground" aria-label="How to film the jump">
            {VERTICAL_FILMING.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <Suspense fallback={<Spinner />}>
          <VerticalRequestForm
            {...props}
            keptVideoId={typeof kept?.videoId === 'number' ? kept.videoId : null}
            draft={draft}
            onDraftChange={setDraft}
            close={() => setOpen(false)}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
