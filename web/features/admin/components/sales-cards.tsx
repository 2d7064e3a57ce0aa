import { DollarSign, Filter, ShoppingCart, Timer } from 'lucide-react';
import {
  FUNNEL_STEP_LABELS,
  FUNNEL_STEPS,
  REPORTING_PERIOD_LABELS,
  REPORTING_PERIODS,
  type ReportingMetrics,
} from '@contract/admin';
import { formatCents } from '@contract/money';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { MetricCard } from './metric-card';

const fmt = new Intl.NumberFormat('en-US');

/** Money received per period: every paid package checkout and plan invoice (issue 52 item 8). */
export function RevenueCard({ revenue }: { revenue: ReportingMetrics['revenueCents'] }) {
  return (
    <MetricCard
      title="Revenue"
      description="Paid packages and plan invoices, renewals included"
      icon={DollarSign}
      testId="revenue-card"
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {REPORTING_PERIODS.map((p) => (
          <div key={p} data-period={p} className="rounded-lg bg-muted/60 p-3">
            <dt className="text-xs text-muted-foreground">{REPORTING_PERIOD_LABELS[p]}</dt>
            <dd className="text-2xl font-bold tabular-nums">{formatCents(revenue[p])}</dd>
          </div>
        ))}
      </dl>
    </MetricCard>
  );
}

/** Share of the requests completed in each period that took at most the 72 hours promised. */
export function TurnaroundCard({ shares }: { shares: ReportingMetrics['completedWithin72Hours'] }) {
  return (
    <MetricCard
      title="Completed Within 72 Hours"
      description="Of the requests completed in the period"
      icon={Timer}
      testId="turnaround-card"
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {REPORTING_PERIODS.map((p) => {
          const s = shares[p];
          return (
            <div key={p} data-period={p} className="rounded-lg bg-muted/60 p-3">
              <dt className="text-xs text-muted-foreground">{REPORTING_PERIOD_LABELS[p]}</dt>
              <dd className="text-2xl font-bold tabular-nums">{s.share === null ? '—' : `${s.share}%`}</dd>
              <dd className="text-xs text-muted-foreground">
                {fmt.format(s.within72Hours)} of {fmt.format(s.completed)}
              </dd>
            </div>
          );
        })}
      </dl>
    </MetricCard>
  );
}

/** How many of each plan and package were paid in each period, and what they brought in. */
export function SalesCard({ sales }: { sales: ReportingMetrics['sales'] }) {
  return (
    <MetricCard
      title="Plan and Package Sales"
      description="Paid in the period, with their revenue"
      icon={ShoppingCart}
      testId="sales-card"
    >
      <div className="overflow-x-auto">
        <Table scrollLabel="Plan and package sales">
          <TableHeader>
            <TableRow>
              <TableHead>Plan or package</TableHead>
              {REPORTING_PERIODS.map((p) => (
                <TableHead key={p} className="text-right">
                  {REPORTING_PERIOD_LABELS[p]}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {sales.map((s) => (
              <TableRow key={s.planId}>
                <TableCell>
                  {s.name}{' '}
                  <span className="text-xs text-muted-foreground">
                    {s.type === 'subscription' ? 'plan' : 'package'}
                  </span>
                </TableCell>
                {REPORTING_PERIODS.map((p) => (
                  <TableCell key={p} className="text-right tabular-nums">
                    {fmt.format(s.count[p])}
                    <span className="block text-xs text-muted-foreground">
                      {formatCents(s.revenueCents[p])}
                    </span>
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </MetricCard>
  );
}

/** Families who registered in the period, and how far they have gone since. */
export function FunnelCard({ funnel }: { funnel: ReportingMetrics['funnel'] }) {
  return (
    <MetricCard
      title="Funnel"
      description="Families who registered in the period, and how many have since taken each step"
      icon={Filter}
      testId="funnel-card"
    >
      <div className="overflow-x-auto">
        <Table scrollLabel="Funnel">
          <TableHeader>
            <TableRow>
              <TableHead>Step</TableHead>
              {REPORTING_PERIODS.map((p) => (
                <TableHead key={p} className="text-right">
                  {REPORTING_PERIOD_LABELS[p]}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {FUNNEL_STEPS.map((step) => (
              <TableRow key={step}>
                <TableCell>{FUNNEL_STEP_LABELS[step]}</TableCell>
                {REPORTING_PERIODS.map((p) => (
                  <TableCell key={p} className="text-right tabular-nums">
                    {fmt.format(funnel[p][step])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </MetricCard>
  );
}
