import { eq } from 'drizzle-orm';
import { DEFAULT_AUDIT_RATE_PERCENT } from '../../../contract/audits';
import type { DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';

const KEY = 'audit_rate_percent';

export async function auditRatePercent(db: DbOrTx): Promise<number> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  return typeof row?.value === 'number' ? row.value : DEFAULT_AUDIT_RATE_PERCENT;
}

export async function setAuditRatePercent(db: DbOrTx, ratePercent: number) {
  await db
    .insert(appSettings)
    .values({ key: KEY, value: ratePercent })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: ratePercent, updatedAt: new Date() } });
  return ratePercent;
}
