import type { BillingHistoryItem } from '@contract/billing-history';
import { formatCents } from '@contract/money';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatShortDate } from '@/lib/format';
import { BILLING_HISTORY_CSV, useBillingHistory } from '../api/billing-history';

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

function creditsText(i: Pick<BillingHistoryItem, 'credits' | 'igaCredits'>) {
  const parts = [
    i.credits ? `${signed(i.credits)} Max Speed` : null,
    i.igaCredits ? `${signed(i.igaCredits)} IGA` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : '—';
}

function Row({ i }: { i: BillingHistoryItem }) {
  return (
    <li
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 py-3 sm:grid-cols-[7rem_1fr_10rem_6rem]"
      data-testid="history-row"
    >
      <span className="text-sm text-muted-foreground sm:order-none">{formatShortDate(i.createdAt)}</span>
      <span className="text-right text-sm font-semibold sm:order-last">
        {i.amountCents === null ? '—' : formatCents(i.amountCents, { currency: i.currency })}
      </span>
      <span className="col-span-2 sm:col-span-1">
        <span className="font-medium">{i.label}</span>
        <span className="block text-sm text-muted-foreground">{i.description}</span>
        {i.testCheckoutUrl && (
          <a className="text-xs text-primary underline" href={i.testCheckoutUrl}>
            Test payment tools
          </a>
        )}
      </span>
      <span className="col-span-2 text-sm sm:col-span-1">{creditsText(i)}</span>
    </li>
  );
}

/** Ledger rows a page at a time: every purchase, refund, chargeback and credit spent or returned. */
function HistoryList({ limit, empty, label }: { limit: number; empty: string; label: string }) {
  const q = useBillingHistory('all', limit);
  if (q.isLoading)
    return (
      <div role="status" aria-label={`Loading ${label.toLowerCase()}`}>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (q.isError)
    return (
      <p role="alert" className="text-destructive">
        Failed to load the billing history.
      </p>
    );
  const items = q.data?.pages.flatMap((p) => p.data) ?? [];
  if (items.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <div>
      <ul className="divide-y" aria-label={label}>
        {items.map((i) => (
          <Row key={i.id} i={i} />
        ))}
      </ul>
      {q.hasNextPage && (
        <Button
          variant="outline"
          className="mt-3 w-full sm:w-auto"
          onClick={() => void q.fetchNextPage()}
          disabled={q.isFetchingNextPage}
        >
          {q.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}

export function BillingHistory() {
  return (
    <section className="space-y-3" aria-labelledby="billing-history-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="billing-history-title" className="text-lg font-semibold">
          Billing history
        </h3>
        <Button asChild variant="outline" size="sm">
          <a href={BILLING_HISTORY_CSV} download="billing-history.csv">
            <Download aria-hidden /> Download CSV
          </a>
        </Button>
      </div>
      <HistoryList limit={10} label="Billing history" empty="No billing activity yet." />
    </section>
  );
}
