import { Receipt } from 'lucide-react';
import { formatCents } from '@contract/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useBillingReport } from '../api/reporting';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg bg-muted/60 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/** Refunds, chargebacks and the families a refund or chargeback left below zero. */
export function BillingReportCard() {
  const q = useBillingReport();
  return (
    <Card data-testid="billing-report" className="lg:col-span-2">
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0 pb-2">
        <div className="space-y-1">
          <CardTitle>Refunds and Disputes</CardTitle>
          <CardDescription>Payments returned, chargebacks and balances below zero</CardDescription>
        </div>
        <Receipt className="size-5 text-muted-foreground" />
      </CardHeader>
      <CardContent className="space-y-4">
        {q.isPending ? (
          <Skeleton className="h-24" />
        ) : q.isError ? (
          <p role="alert" className="text-destructive">
            Error: {q.error.message}
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Figure
                label="Refunds"
                value={`${q.data.refunds.count} · ${formatCents(q.data.refunds.amountCents)}`}
              />
              <Figure label="Open disputes" value={q.data.disputes.open} />
              <Figure
                label="Disputes won / lost"
                value={`${q.data.disputes.won} / ${q.data.disputes.lost}`}
              />
              <Figure label="Negative balances" value={q.data.negativeBalanceCount} />
            </dl>
            <p className="text-sm text-muted-foreground">
              Credits taken back: {q.data.refunds.creditsTaken} Max Speed, {q.data.refunds.igaTaken} IGA.
              {q.data.unmatched > 0 &&
                ` ${q.data.unmatched} refund or dispute event(s) matched no purchase and need a manual check.`}
            </p>
            {q.data.negativeBalances.length > 0 && (
              <ul
                className="divide-y rounded-md border text-sm"
                aria-label="Families with a negative balance"
              >
                {q.data.negativeBalances.map((u) => (
                  <li key={u.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                    <span className="truncate">{u.email}</span>
                    <span className="tabular-nums">
                      Max Speed {u.credits} · IGA {u.igaCredits}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
