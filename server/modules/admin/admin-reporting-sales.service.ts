import { sql, type SQL } from 'drizzle-orm';
import {
  REPORTING_PERIODS,
  type FunnelSteps,
  type PeriodCounts,
  type ReportingMetrics,
} from '../../../contract/admin';
import type { DbOrTx } from '../../db/client';

type Period = (typeof REPORTING_PERIODS)[number];
const INTERVALS: Record<Period, string> = {
  last24Hours: '24 hours',
  last7Days: '7 days',
  last30Days: '30 days',
  last90Days: '90 days',
};
type Row = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;
const within = (at: SQL, p: Period) =>
  sql`${at} > now() - ${sql.raw(`interval '${INTERVALS[p]}'`)} and ${at} <= now()`;
/** One aggregate per period, named `<prefix>_<period>`. */
const perPeriod = (prefix: string, aggregate: (p: Period) => SQL) =>
  sql.join(
    REPORTING_PERIODS.map((p) => sql`${aggregate(p)} as ${sql.raw(`"${prefix}_${p}"`)}`),
    sql`, `,
  );
const pick = (row: Row | undefined, prefix: string): PeriodCounts =>
  Object.fromEntries(REPORTING_PERIODS.map((p) => [p, Number(row?.[`${prefix}_${p}`] ?? 0)])) as PeriodCounts;

/**
 * What a ledger row was paid, in cents, as the billing history reads it (history.service.ts): a package's
 * checkout total, a plan invoice's amount paid. Rows of other types (spends, refunds) are not sales.
 */
const PAID = sql.raw(`case
  when t.type = 'purchase' and jsonb_typeof(t.metadata->'amountTotal') = 'number' then (t.metadata->>'amountTotal')::bigint
  when t.type = 'subscription_grant' and jsonb_typeof(t.metadata->'amountPaid') = 'number' then (t.metadata->>'amountPaid')::bigint
  else 0 end`);

/** Revenue and each plan's and package's sales per period (issue 52 item 8, decision 251): one row per paid checkout or invoice. */
export async function salesMetrics(db: DbOrTx): Promise<Pick<ReportingMetrics, 'revenueCents' | 'sales'>> {
  const at = sql.raw('t.created_at');
  const rows = rowsOf(
    await db.execute(sql`
    select p.id as plan_id, p.name, p.type,
      ${perPeriod('n', (x) => sql`(count(t.id) filter (where ${within(at, x)}))::int`)},
      ${perPeriod('c', (x) => sql`coalesce(sum(${PAID}) filter (where ${within(at, x)}), 0)::bigint`)}
    from plans p
    left join credit_transactions t on t.plan_id = p.id and t.type in ('purchase', 'subscription_grant')
      and t.created_at > now() - interval '90 days'
    group by p.id
    order by p.type desc, p.rank, p.id`),
  );
  const sales = rows
    .filter((r) => r.type === 'subscription' || r.type === 'one_time')
    .map((r) => ({
      planId: Number(r.plan_id),
      name: String(r.name),
      type: r.type as 'subscription' | 'one_time',
      count: pick(r, 'n'),
      revenueCents: pick(r, 'c'),
    }));
  const revenueCents = Object.fromEntries(
    REPORTING_PERIODS.map((p) => [p, sales.reduce((sum, s) => sum + s.revenueCents[p], 0)]),
  ) as PeriodCounts;
  return { revenueCents, sales };
}

const TURNAROUND = sql.raw(`r.completed_at <= r.created_at + interval '72 hours'`);

/** Requests completed in each period and the share of them completed within the 72 hours promised. */
export async function turnaroundMetrics(db: DbOrTx): Promise<ReportingMetrics['completedWithin72Hours']> {
  const at = sql.raw('r.completed_at');
  const [row] = rowsOf(
    await db.execute(sql`
    select ${perPeriod('all', (p) => sql`(count(*) filter (where ${within(at, p)}))::int`)},
      ${perPeriod('ok', (p) => sql`(count(*) filter (where ${within(at, p)} and ${TURNAROUND}))::int`)}
    from analysis_requests r
    where r.status = 'completed' and r.completed_at > now() - interval '90 days'`),
  );
  const all = pick(row, 'all');
  const ok = pick(row, 'ok');
  return Object.fromEntries(
    REPORTING_PERIODS.map((p) => [
      p,
      {
        completed: all[p],
        within72Hours: ok[p],
        share: all[p] ? Math.round((1000 * ok[p]) / all[p]) / 10 : null,
      },
    ]),
  ) as ReportingMetrics['completedWithin72Hours'];
}

/**
 * The families who registered in each period (role 'user'), and how many of them have since added a
 * player, paid (a package or a plan), requested an analysis and had a result verified.
 */
export async function funnelMetrics(db: DbOrTx): Promise<ReportingMetrics['funnel']> {
  const at = sql.raw('f.created_at');
  const step = (name: string, cond: string | null) =>
    perPeriod(
      name,
      (p) => sql`(count(*) filter (where ${within(at, p)}${cond ? sql.raw(` and ${cond}`) : sql``}))::int`,
    );
  const [row] = rowsOf(
    await db.execute(sql`
    with f as (
      select u.id, u.created_at,
        exists (select 1 from players pl where pl.user_id = u.id) as player_added,
        exists (select 1 from credit_transactions t where t.user_id = u.id
          and t.type in ('purchase', 'subscription_grant')) as paid,
        exists (select 1 from analysis_requests r where r.user_id = u.id) as requested,
        exists (select 1 from analysis_requests r join players pl on pl.id = r.player_id
          where pl.user_id = u.id and r.status = 'completed') as verified
      from users u
      where u.role = 'user' and u.created_at > now() - interval '90 days'
    )
    select ${step('registered', null)}, ${step('player', 'f.player_added')}, ${step('paid', 'f.paid')},
      ${step('requested', 'f.requested')}, ${step('verified', 'f.verified')}
    from f`),
  );
  return Object.fromEntries(
    REPORTING_PERIODS.map((p) => {
      const steps: FunnelSteps = {
        registered: Number(row?.[`registered_${p}`] ?? 0),
        playerAdded: Number(row?.[`player_${p}`] ?? 0),
        paid: Number(row?.[`paid_${p}`] ?? 0),
        requested: Number(row?.[`requested_${p}`] ?? 0),
        verified: Number(row?.[`verified_${p}`] ?? 0),
      };
      return [p, steps];
    }),
  ) as ReportingMetrics['funnel'];
}
