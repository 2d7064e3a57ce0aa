import { sql, type SQL } from 'drizzle-orm';
import type { PeriodCounts, ReportingMetrics } from '../../../contract/admin';
import type { DbOrTx } from '../../db/client';
import { funnelMetrics, salesMetrics, turnaroundMetrics } from './admin-reporting-sales.service';

const PERIODS = {
  last24Hours: '24 hours',
  last7Days: '7 days',
  last30Days: '30 days',
  last90Days: '90 days',
} as const;

/** count(*) filter per period: a row counts when its time falls within the last 24 hours, 7, 30 or 90 days. */
const counts = (prefix: string, at: SQL) =>
  sql.join(
    Object.entries(PERIODS).map(
      ([key, interval]) =>
        sql`count(*) filter (where ${at} > now() - ${sql.raw(`interval '${interval}'`)} and ${at} <= now())::int as ${sql.raw(`"${prefix}_${key}"`)}`,
    ),
    sql`, `,
  );

const pick = (row: Record<string, unknown>, prefix: string): PeriodCounts => ({
  last24Hours: Number(row[`${prefix}_last24Hours`]),
  last7Days: Number(row[`${prefix}_last7Days`]),
  last30Days: Number(row[`${prefix}_last30Days`]),
  last90Days: Number(row[`${prefix}_last90Days`]),
});

/**
 * The reporting dashboard, computed in SQL. A processed request is one completed or rejected, timed
 * by completedAt (or updatedAt when a rejection left completedAt empty). Active users logged in
 * during the period (their last login falls in it); first-time logins are first logins in it.
 */
export async function getReportingMetrics(db: DbOrTx): Promise<ReportingMetrics> {
  const res = await db.execute(sql`
    select u.*, r.*,
      (select coalesce(sum(login_count), 0)::bigint from users) as total_logins,
      (select round((avg(extract(epoch from now() - created_at)) / 3600)::numeric, 1)
         from analysis_requests where status = 'pending') as average_request_age
    from
      (select ${counts('new', sql`created_at`)}, ${counts('active', sql`last_login_at`)}, ${counts('first', sql`first_login_at`)}
         from users) u,
      (select ${counts('processed', sql`coalesce(completed_at, updated_at)`)}
         from analysis_requests where status in ('completed', 'rejected')) r`);
  const row = (res as unknown as { rows: Record<string, unknown>[] }).rows[0];
  const [sales, completedWithin72Hours, funnel] = await Promise.all([
    salesMetrics(db),
    turnaroundMetrics(db),
    funnelMetrics(db),
  ]);
  return {
    ...sales,
    completedWithin72Hours,
    funnel,
    newUsers: pick(row, 'new'),
    analystRequests: pick(row, 'processed'),
    activeUsers: pick(row, 'active'),
    firstTimeLogins: pick(row, 'first'),
    totalLogins: Number(row.total_logins),
    averageRequestAge: row.average_request_age === null ? null : Number(row.average_request_age),
  };
}
