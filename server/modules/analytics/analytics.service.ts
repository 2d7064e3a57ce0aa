import type { AnalyticsEventInput } from '../../../contract/analytics';
import type { DbOrTx } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

/** Page views and video plays, kept in our own database: no third party sees them unless GA is configured in the browser. */
export async function recordEvent(db: DbOrTx, userId: number | null, e: AnalyticsEventInput) {
  await db
    .insert(analyticsEvents)
    .values({ userId, name: e.name, path: e.path ?? null, properties: e.properties ?? null });
}
