import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileShares } from '../../db/schema';

/** How long a rendered page is served from memory: a new result or an edit shows within this time. */
const PAGE_CACHE_MS = 60_000;
const MAX_ENTRIES = 2000;

/**
 * Rendered public pages by player and settings version. A settings change bumps the version, so the
 * family's change shows at once; the slug itself is checked on every visit (decision 112).
 */
export class PageCache<T> {
  private entries = new Map<string, { at: number; value: Promise<T> }>();

  get(key: string, build: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < PAGE_CACHE_MS) return hit.value;
    const value = build();
    value.catch(() => this.entries.delete(key));
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear() {
    this.entries.clear();
  }
}

/**
 * Views are counted in memory and written in one UPDATE per profile every few seconds (and before the
 * family reads the count), so a visit costs one indexed read, never a write on a hot row.
 */
export class ViewCounter {
  private pending = new Map<number, number>();

  add(shareId: number) {
    this.pending.set(shareId, (this.pending.get(shareId) ?? 0) + 1);
  }

  async flush(db: Db) {
    const batch = [...this.pending];
    this.pending.clear();
    for (const [id, n] of batch) {
      await db
        .update(profileShares)
        .set({ viewCount: sql`${profileShares.viewCount} + ${n}` })
        .where(eq(profileShares.id, id));
    }
  }
}
