import { Activity, Clock, FileCheck2, LogIn, UserPlus, Users } from 'lucide-react';
import { REPORTING_PERIOD_LABELS, REPORTING_PERIODS, type PeriodCounts } from '@contract/admin';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useReporting } from '../api/reporting';
import { BillingReportCard } from './billing-report-card';
import { MetricCard, type CardProps } from './metric-card';
import { FunnelCard, RevenueCard, SalesCard, TurnaroundCard } from './sales-cards';

const fmt = new Intl.NumberFormat('en-US');

function PeriodCard({ counts, ...card }: CardProps & { counts: PeriodCounts }) {
  return (
    <MetricCard {...card} testId="period-card">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {REPORTING_PERIODS.map((p) => (
          <div key={p} data-period={p} className="rounded-lg bg-muted/60 p-3">
            <dt className="text-xs text-muted-foreground">{REPORTING_PERIOD_LABELS[p]}</dt>
            <dd className="text-2xl font-bold tabular-nums">{fmt.format(counts[p])}</dd>
          </div>
        ))}
      </dl>
    </MetricCard>
  );
}

function StatCard({ value, ...card }: CardProps & { value: string }) {
  return (
    <MetricCard {...card} testId="stat-card">
      <p className="text-3xl font-bold tabular-nums">{value}</p>
    </MetricCard>
  );
}

export function ReportingDashboard() {
  const q = useReporting();
  return (
    <div className="space-y-4">
      <PageHeader
        title="Reporting Dashboard"
        subtitle="Sign-ups, logins, analysis throughput, sales and the funnel"
      />
      {q.isPending ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : q.isError ? (
        <Card role="alert" className="p-6 text-destructive">
          Error: {q.error?.message || 'Failed to load metrics'}
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <PeriodCard
            title="New Users"
            description="Accounts created"
            icon={UserPlus}
            counts={q.data.newUsers}
          />
          <PeriodCard
            title="Analyst Requests Processed"
            description="Completed or rejected"
            icon={FileCheck2}
            counts={q.data.analystRequests}
          />
          <PeriodCard
            title="Active Users"
            description="Logged in during the period"
            icon={Activity}
            counts={q.data.activeUsers}
          />
          <PeriodCard
            title="First-Time Logins"
            description="First login during the period"
            icon={LogIn}
            counts={q.data.firstTimeLogins}
          />
          <StatCard
            title="Total Login Count"
            description="All logins by all users"
            icon={Users}
            value={fmt.format(q.data.totalLogins)}
          />
          <StatCard
            title="Average Request Age"
            description="Hours waiting, across pending requests"
            icon={Clock}
            value={
              q.data.averageRequestAge === null
                ? 'No pending requests'
                : `${q.data.averageRequestAge.toFixed(1)} hours`
            }
          />
          <RevenueCard revenue={q.data.revenueCents} />
          <TurnaroundCard shares={q.data.completedWithin72Hours} />
          <SalesCard sales={q.data.sales} />
          <FunnelCard funnel={q.data.funnel} />
          <BillingReportCard />
        </div>
      )}
    </div>
  );
}
