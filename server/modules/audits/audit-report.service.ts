import { sql } from 'drizzle-orm';
import type { AuditReport } from '../../../contract/audits';
import type { Db } from '../../db/client';
import { auditRatePercent } from './audit-settings';

const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 100) / 100);

/** Audits done, mean absolute difference (mph) and the share within bounds, overall and per audited analyst. */
export async function auditReport(db: Db): Promise<AuditReport> {
  const done = sql`status in ('agreed', 'flagged', 'resolved') and audit_speed is not null`;
  const stats = sql`count(*)::int as audits, avg(abs(original_speed - audit_speed)) as mad,
    avg(case when abs(original_speed - audit_speed) <= original_plus_minus + audit_plus_minus then 1.0 else 0.0 end) as within`;
  const [overall] = rows(await db.execute(sql`select ${stats} from measurement_audits where ${done}`));
  const [counts] = rows(
    await db.execute(
      sql`select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'flagged')::int as flagged from measurement_audits`,
    ),
  );
  const per = rows(
    await db.execute(sql`
    with audited as (
      select excluded_analyst_id as analyst_id, ${stats} from measurement_audits where ${done} group by excluded_analyst_id
    ), auditing as (
      select auditor_id as analyst_id, count(*)::int as done from measurement_audits where ${done} group by auditor_id
    )
    select coalesce(a.analyst_id, b.analyst_id) as analyst_id, coalesce(a.audits, 0) as audits, a.mad, a.within, coalesce(b.done, 0) as done,
      coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username, 'Deleted analyst') as name
    from audited a full join auditing b on a.analyst_id = b.analyst_id
    left join users u on u.id = coalesce(a.analyst_id, b.analyst_id)
    order by name`),
  );
  return {
    ratePercent: await auditRatePercent(db),
    pending: Number(counts?.pending ?? 0),
    flagged: Number(counts?.flagged ?? 0),
    overall: {
      audits: Number(overall?.audits ?? 0),
      meanAbsDiffMph: numOrNull(overall?.mad),
      withinBoundsShare: numOrNull(overall?.within),
    },
    perAnalyst: per.map((p) => ({
      analystId: p.analyst_id === null ? null : Number(p.analyst_id),
      analystName: String(p.name),
      audits: Number(p.audits),
      meanAbsDiffMph: numOrNull(p.mad),
      withinBoundsShare: numOrNull(p.within),
      auditsDone: Number(p.done),
    })),
  };
}
