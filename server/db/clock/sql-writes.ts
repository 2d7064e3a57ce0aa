/**
 * What a statement writes, read from its SQL text (decisions 215, 225): which watched tables, and how.
 */
const READ = /^\s*(\/\*[^*]*\*\/\s*)?(select|with)\b/i;
export const WRITES =
  /\b(insert|update|delete|merge|truncate|copy|lock)\b|\bfor\s+(update|share|no\s+key|key)\b|\bnextval\s*\(/i;

/** A single statement that only reads: `select` or `with`, no data-modifying word, no second statement. */
export const isPlainRead = (sql: string) => READ.test(sql) && !WRITES.test(sql) && !sql.includes(';');

/**
 * Tables no kept answer or session reads, written often: rate-limit counters (on every limited request),
 * the job queue's claims and heartbeats, analytics events, the mail outbox, payment bookkeeping, reset
 * tokens, public profiles' view counts. A write to them alone does not move the clock, and they have no notify trigger (migration 0034
 * puts one on every other table). A test checks the catalog: every other table notifies, and these have no
 * trigger and no foreign key through which a write to them could change another table.
 */
export const UNWATCHED_TABLES: ReadonlySet<string> = new Set([
  'rate_limits',
  'jobs',
  'analytics_events',
  'mail_outbox',
  'stripe_events',
  'payment_test_objects',
  'password_reset_tokens',
  // A public profile's visits, flushed every few seconds; only the family's settings read them (decision 227).
  'profile_share_views',
]);

const TARGET = /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?/gi;
/** Forms of the word `update` that change nothing by themselves: an upsert's branch and a row lock. */
export const NOT_A_TARGET = /\bdo\s+update\s+set\b|\bfor\s+(?:no\s+key\s+)?update\b/gi;
const OTHER_WRITES = /\b(merge|truncate|copy|lock)\b|\bnextval\s*\(/i;

/**
 * The kinds of write to a table, as bits: an insert adds rows; an update or a delete changes rows a read
 * may hold (and a delete or a key's update may cascade). An upsert that updates is both.
 */
export const INSERT = 1;
export const UPDATE = 2;
export const DELETE = 4;
/** What a statement or a transaction writes: each watched table with its kinds of write, or 'all' when it cannot be told. */
export type Writes = ReadonlyMap<string, number> | 'all';
/** What a plain read writes: nothing. */
export const NOTHING: Writes = new Map();

/** Statements that change no row: session settings, savepoints, listening (transaction control is handled apart). */
const NO_ROWS = /^\s*(?:set|reset|show|savepoint|release|listen|unlisten|deallocate|discard)\b[^;]*$/i;
const LOCKS = /\bfor\s+(?:no\s+key\s+update|update|key\s+share|share)\b/gi;
export const UPSERT_UPDATE = /\bdo\s+update\s+set\b/i;
export const BEGINS = /^\s*(?:begin|start\s+transaction)\b[^;]*$/i;
export const COMMITS = /^\s*(?:commit|end)\b[^;]*$/i;
export const ROLLS_BACK = /^\s*(?:rollback|abort)\b(?!\s+to\b)[^;]*$/i;

/**
 * Which watched tables one statement writes, and how (decision 225). A plain read, a write to unwatched
 * tables only, a lock (`select ... for update`) and a session setting write nothing; `insert into`,
 * `update` and `delete from` name their table and kind (an upsert that updates is both). Anything it cannot
 * tell (several statements, `merge`, `truncate`, `copy`, `lock`, `nextval(`, a write with no target it
 * can name) is 'all'.
 */
export function writesOf(sql: string): Writes {
  if (isPlainRead(sql) || NO_ROWS.test(sql)) return NOTHING;
  if (sql.includes(';')) return 'all';
  const unlocked = sql.replace(LOCKS, ' ');
  if (isPlainRead(unlocked)) return NOTHING;
  const text = unlocked.replace(NOT_A_TARGET, ' ');
  if (OTHER_WRITES.test(text)) return 'all';
  const upsert = UPSERT_UPDATE.test(unlocked);
  const out = new Map<string, number>();
  let targets = 0;
  for (const m of text.matchAll(TARGET)) {
    targets += 1;
    const table = m[1].toLowerCase();
    if (UNWATCHED_TABLES.has(table)) continue;
    const verb = m[0].slice(0, 6).toLowerCase();
    const kind =
      verb === 'insert' ? (upsert ? INSERT | UPDATE : INSERT) : verb === 'update' ? UPDATE : DELETE;
    out.set(table, (out.get(table) ?? 0) | kind);
  }
  return targets > 0 ? out : 'all';
}

/** Adds `w` to what a transaction has written so far. */
export function mergeWrites(into: Writes, w: Writes): Writes {
  if (into === 'all' || w === 'all') return 'all';
  if (w.size === 0) return into;
  const out = new Map(into);
  for (const [t, k] of w) out.set(t, (out.get(t) ?? 0) | k);
  return out;
}
