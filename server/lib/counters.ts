import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

interface Count {
  hits: number;
  /** Milliseconds until the window ends, by the database clock (instances may disagree). */
  ttlMs: number;
}

/**
 * Counts one hit in a fixed window, atomically in the database, so every instance shares the counter
 * and a restart keeps it (decision 071). A window that has ended starts again at 1.
 */
export async function hit(db: Db, key: string, windowMs: number): Promise<Count> {
  const ends = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: ends })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      ttlMs: sql<number>`greatest(0, extract(epoch from (${rateLimits.resetAt} - now())) * 1000)`,
    });
  return { hits: row.hits, ttlMs: Math.ceil(Number(row.ttlMs)) };
}

export async function clear(db: Db, keys: string[]) {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

export async function purgeExpiredCounters(db: Db) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}
