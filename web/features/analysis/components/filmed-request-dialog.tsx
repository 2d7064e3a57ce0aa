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
import { analysisKind, filmedKind } from '@contract/analysis-kinds';
import type { FilmedDraft } from './filmed-draft';
import { creditBuys, creditName } from '@contract/credit-names';
import { CreditBalanceNote } from './credit-balance-note';
import type { DialogSlotProps } from './slot-types';
import { useDialogState } from './use-dialog-state';

/**
 * The form (the upload, the fields, the mutation) is its own module (decision 234): its code starts
 * loading when the trigger is pointed at, focused or pressed, so it is usually there when the dialog
 * opens; a dialog opened otherwise loads it as it opens.
 */
const { Part: FilmedRequestForm, preload: preloadForm } = onDemandPart(() =>
  import('./filmed-request-form').then((m) => m.FilmedRequestForm),
);

/**
 * The request of a kind measured from a clip's frames (decisions 209 and 243): the family uploads the clip with the request, filmed as the kind's guide says; an
 * analyst marks the frames. One dialog for every such kind, its words from the kind's entry (decision 263).
 */
export function FilmedRequestDialog({
  kind: key,
  draft: kept,
  ...props
}: DialogSlotProps & {
  /** The kind's key; its entry has `filmed`. */
  kind: string;
  /** What the family typed before it went to buy a credit (the plans page's 'Continue your request'). */
  draft?: Record<string, unknown>;
}) {
  const kind = analysisKind(key);
  const filmed = filmedKind(key);
  usePreloadWhenIdle(preloadForm);
  const [open, setOpen] = useDialogState(props.open, props.onOpenChange);
  // Kept from one opening to the next; the form starts the clip, the errors and the position again.
  const [draft, setDraft] = useState<FilmedDraft>(() => ({
    season: typeof kept?.season === 'string' ? kept.season : String(new Date().getFullYear()),
    notes: typeof kept?.notes === 'string' ? kept.notes : '',
  }));

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {props.trigger !== null && (
        <DialogTrigger asChild onPointerEnter={preloadForm} onFocus={preloadForm} onPointerDown={preloadForm}>
          {props.trigger ?? <Button variant="outline">{kind.label}</Button>}
        </DialogTrigger>
      )}
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Request a {kind.label}</DialogTitle>
          <DialogDescription>
            {filmed.intro} Uses 1 {creditName(kind.credit).replace(/s$/, '')} ({creditBuys(kind.credit)}).
          </DialogDescription>
        </DialogHeader>
        <CreditBalanceNote kind={key} />
        <div className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="font-medium">Film it so that it can be verified</p>
          <ul
            className="mt-1 list-disc pl-5 text-muted-foreground"
            aria-label={`How to film ${filmed.subject}`}
          >
            {filmed.filming.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <Suspense fallback={<Spinner />}>
          <FilmedRequestForm
            {...props}
            kind={key}
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
