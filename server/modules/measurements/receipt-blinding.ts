import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { measurementAudits } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { UserRow } from '../../db/schema';

/**
 * The blind rule: while an audit waits, a receipt of that request is not shown to analysts other than
 * the one who made it (the auditor must not see the marks or the value). Admins oversee and still see it.
 */
export async function assertNotBlinded(db: Db, user: UserRow, requestId: number) {
  if (user.role !== 'analyst') return;
  const [a] = await db
    .select({ excluded: measurementAudits.excludedAnalystId })
    .from(measurementAudits)
    .where(and(eq(measurementAudits.requestId, requestId), eq(measurementAudits.status, 'pending')));
  if (a && a.excluded !== user.id) throw notFound('Receipt not found');
}
