import { useState } from 'react';
import { findAnalysisKind } from '@contract/analysis-kinds';
import { creditName } from '@contract/credit-names';
import { Button } from '@/components/ui/button';
import { useUser } from '@/features/auth';
import { FilmedRequestDialog } from './filmed-request-dialog';
import { RequestDialog } from './request-dialog';
import { findRequestKind } from './request-kinds';
import { clearRequestDraft, readRequestDraft, type RequestDraft } from './request-draft';

/**
 * On the plans page (issue 52): the request a family was filling in when it found it had no credit,
 * offered again once it has one ('Continue your request for <player>'), reopened with what it typed.
 */
export function ContinueRequestBanner() {
  const { user } = useUser();
  const [draft, setDraft] = useState<RequestDraft | null>(() => readRequestDraft());
  const [open, setOpen] = useState(false);
  const kind = findAnalysisKind(draft?.kind);
  // A kind reopens in the dialog of the kinds measured from a clip, or in the common one when it has its texts.
  if (!draft || !kind || !(kind.filmed || findRequestKind(kind.key))) return null;
  const { credit } = kind;
  const balance = Number((user as Record<string, unknown> | undefined)?.[credit.userField] ?? 0);
  const discard = () => {
    clearRequestDraft();
    setDraft(null);
  };
  const onOpenChange = (o: boolean) => {
    setOpen(o);
    // Sent, or closed: a request that was sent leaves no draft behind.
    if (!o) setDraft(readRequestDraft());
  };
  const positionId = typeof draft.values.positionId === 'number' ? draft.values.positionId : undefined;
  const slot = { playerId: draft.playerId, positionId, open, onOpenChange, trigger: null };
  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center"
      aria-label="Your request"
      data-testid="continue-request"
    >
      <p className="flex-1 text-sm">
        {balance >= 1
          ? `Your request for ${draft.playerName} is kept as you left it.`
          : `Your request for ${draft.playerName} is kept: it continues once you have a ${creditName(credit).replace(/s$/, '')}.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" onClick={discard}>
          Discard
        </Button>
        {balance >= 1 && (
          <Button className="h-auto whitespace-normal" onClick={() => setOpen(true)}>
            Continue your request for {draft.playerName}
          </Button>
        )}
      </div>
      {kind.filmed ? (
        <FilmedRequestDialog {...slot} kind={kind.key} draft={draft.values} />
      ) : (
        <RequestDialog {...slot} kind={kind.key} draft={draft.values} />
      )}
    </section>
  );
}
