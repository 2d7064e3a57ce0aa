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
 * The form (the upload, the fields, the mutation) is its own module (decision 234): its code starts
 * loading when the trigger is pointed at, focused or pressed, so it is usually there when the dialog
 * opens; a dialog opened otherwise loads it as it opens.
 */
const { Part: FortyRequestForm, preload: preloadForm } = onDemandPart(() =>
  import('./forty-request-form').then((m) => m.FortyRequestForm),
);

/**
 * 'Verified 40' (decision 209): the family uploads the clip of the 40 with the request; an analyst
 * times it on the video from first movement to the torso crossing the finish. Uses 1 speed credit.
 */
export function FortyRequestDialog({
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
          {props.trigger ?? <Button variant="outline">Verified 40</Button>}
        </DialogTrigger>
      )}
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Request a Verified 40</DialogTitle>
          <DialogDescription>
            An analyst times the 40-yard dash on your video, frame by frame, from the first movement to the
            torso crossing the finish line. Uses 1 {creditName(SPEED_CREDIT).replace(/s$/, '')} (
            {creditBuys(SPEED_CREDIT)}).
          </DialogDescription>
        </DialogHeader>
        <CreditBalanceNote kind="forty" />
        <div className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="font-medium">Film it so that it can be verified</p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground" aria-label="How to film the 40">
            {FORTY_FILMING.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <Suspense fallback={<Spinner />}>
          <FortyRequestForm
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
