import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { testPaymentQueryOptions, useTestPaymentAction } from '../api/test-checkout';
import { isAdmin } from '@contract/access';
import { formatCents } from '@contract/money';
import { useUser } from '@/features/auth';

const DISPUTE_TEXT: Record<string, string> = {
  needs_response: 'Disputed: the bank has taken the money back while it decides',
  won: 'Dispute won: the money is back',
  lost: 'Dispute lost: the money stays with the card holder',
};

/**
 * Test mode only, for admins: what Stripe's dashboard (a refund) and a card holder's bank (a chargeback) would do
 * to this payment, so the whole path through the webhook can be tried (decision 061).
 */
export function TestPaymentTools({ sessionId }: { sessionId: string }) {
  // An admin's tools (decision 206): a family that pays on this page never sees them.
  const admin = isAdmin(useUser().user?.role);
  const q = useQuery(testPaymentQueryOptions(sessionId, admin));
  const act = useTestPaymentAction(sessionId);
  const p = q.data;
  if (!admin || !p) return null;
  const run = (a: Parameters<typeof act.mutate>[0], done: string) =>
    act.mutate(a, {
      onSuccess: () => toast({ title: 'Done', description: done }),
    });
  const remaining = p.amountCents - p.amountRefundedCents;
  const open = p.disputeStatus === 'needs_response';
  return (
    <section
      aria-labelledby="test-tools-title"
      className="mt-8 space-y-3 rounded-lg border border-dashed p-4 text-left"
    >
      <h2 id="test-tools-title" className="font-semibold">
        Test mode: refunds and disputes
      </h2>
      <p className="text-sm text-muted-foreground" data-testid="test-payment-state">
        Paid {formatCents(p.amountCents)}
        {p.amountRefundedCents > 0 && ` · refunded ${formatCents(p.amountRefundedCents)}`}
        {p.disputeStatus && ` · ${DISPUTE_TEXT[p.disputeStatus] ?? p.disputeStatus}`}
      </p>
      <div className="flex flex-wrap gap-2">
        {/* Nothing left to refund or dispute: no button offers $0.00. */}
        {remaining > 0 && !p.disputeStatus && (
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={act.isPending}
              onClick={() =>
                run({ action: 'refund' }, 'The payment was refunded; the credits it bought are taken back.')
              }
            >
              Refund {formatCents(remaining)}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={act.isPending}
              onClick={() =>
                run({ action: 'dispute' }, 'A dispute was opened; the credits it bought are taken back.')
              }
            >
              Open a dispute
            </Button>
          </>
        )}
        {open && (
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={act.isPending}
              onClick={() =>
                run({ action: 'close', outcome: 'won' }, 'Dispute won: the credits are restored.')
              }
            >
              Close dispute as won
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={act.isPending}
              onClick={() =>
                run({ action: 'close', outcome: 'lost' }, 'Dispute lost: the credits stay taken back.')
              }
            >
              Close dispute as lost
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
