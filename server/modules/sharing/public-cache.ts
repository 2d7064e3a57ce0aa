import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileShares, profileShareViews } from '../../db/schema';

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

/** Whole numbers as one array parameter, in PostgreSQL's array text: `{3,7}`. */
const intArray = (xs: readonly number[]) => `{${xs.map((x) => Math.trunc(x)).join(',')}}`;

/**
 * Views are counted in memory and added every few seconds (and before the family reads the count) in one
 * statement, so a visit costs one indexed read, never a write on a hot row. The counts live in a table of
 * their own that the write clock does not watch (decision 227): a flush leaves every kept answer kept.
 */
export class ViewCounter {
  private pending = new Map<number, number>();

  add(shareId: number) {
    this.pending.set(shareId, (this.pending.get(shareId) ?? 0) + 1);
  }

  async flush(db: Db) {
    if (!this.pending.size) return;
    const ids = [...this.pending.keys()];
    const counts = [...this.pending.values()];
    this.pending.clear();
    // A link removed since its visits were counted is left out (its row, and its count, are gone).
    await db.execute(sql`
      insert into ${profileShareViews} (share_id, count)
      select v.id, v.n from unnest(${intArray(ids)}::int[], ${intArray(counts)}::int[]) as v(id, n)
      join ${profileShares} s on s.id = v.id
      on conflict (share_id) do update set count = ${profileShareViews}.count + excluded.count`);
  }
}
