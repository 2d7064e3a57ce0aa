import { Suspense, useEffect, useRef } from 'react';
import { analysisKind } from '@contract/analysis-kinds';
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
import { useUser } from '@/features/auth';
import { requestKind } from './request-kinds';
import { CreditBalanceNote } from './credit-balance-note';
import type { DialogSlotProps } from './slot-types';
import { useDialogState } from './use-dialog-state';
import { useNoCreditRedirect } from './use-no-credit';

/**
 * The form (react-hook-form, zod, the request's schema, the mutation) is its own module (decision 234): its
 * code starts loading when the trigger is pointed at, focused or pressed, so it is usually there when the
 * dialog opens; a dialog opened otherwise loads it as it opens.
 */
const { Part: RequestForm, preload: preloadForm } = onDemandPart(() =>
  import('./request-form').then((m) => m.RequestForm),
);

/**
 * 'Request Speed Analysis' and 'Request IGA Score': one dialog for the kinds requested from a Hudl link, its
 * texts and fields written by the kind's folder (request-kinds.ts, request-form-parts.ts).
 */
export function RequestDialog({
  kind,
  draft,
  ...props
}: DialogSlotProps & {
  kind: string;
  /** What the family typed before it went to buy a credit (the plans page's 'Continue your request'). */
  draft?: Record<string, unknown>;
}) {
  usePreloadWhenIdle(preloadForm);
  const k = requestKind(kind);
  const [open, setOpen] = useDialogState(props.open, props.onOpenChange);
  const { user } = useUser();
  const noCredit = useNoCreditRedirect();
  const { credit } = analysisKind(kind);
  const hasCredit = Number((user as Record<string, unknown> | undefined)?.[credit.userField] ?? 0) >= 1;

  // A kind that says so (IGA) checks the balance as the dialog opens (only then: a request just sent also
  // empties it); the others when it is submitted.
  const wasOpen = useRef(false);
  useEffect(() => {
    const opened = open && !wasOpen.current;
    wasOpen.current = open;
    if (!opened || !k.checksCreditOnOpen || hasCredit) return;
    setOpen(false);
    noCredit(kind);
  }, [open, hasCredit, k, kind, noCredit, setOpen]);

  // The form (react-hook-form, the request's schema, the mutation) is made when the dialog opens, not
  // with every card that shows the button (issue 30's first screen, decision 220); its code loads then
  // at the latest (decision 234).
  return (
    <Dialog open={open && (hasCredit || !k.checksCreditOnOpen)} onOpenChange={setOpen}>
      {props.trigger !== null && (
        <DialogTrigger asChild onPointerEnter={preloadForm} onFocus={preloadForm} onPointerDown={preloadForm}>
          {props.trigger ?? <Button variant={k.triggerVariant}>{k.title}</Button>}
        </DialogTrigger>
      )}
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{k.title}</DialogTitle>
          <DialogDescription>{k.description}</DialogDescription>
        </DialogHeader>
        <CreditBalanceNote kind={kind} />
        {k.notice && (
          <div className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            <p className="font-medium">{k.notice.title}</p>
            <ul className="mt-1 list-disc pl-5 text-muted-foreground">
              {k.notice.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        <Suspense fallback={<Spinner />}>
          <RequestForm
            kind={kind}
            {...props}
            draft={draft}
            hasCredit={hasCredit}
            close={() => setOpen(false)}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
