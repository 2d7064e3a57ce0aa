import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What lets a process keep database reads in memory safely (decision 215): a count of the writes it has
 * sent or heard of. A cache keeps the count it read a row under and serves the row only while the count
 * is unchanged, so the row is never older than the last write this process knows about.
 *
 * - This process's writes: every statement that is not a plain read moves the count when it is sent and
 *   again when it has finished (a statement's commit, or a transaction's COMMIT, is a statement too), so
 *   a read that started before a write committed is never kept past it.
 * - Other processes' writes (replicas, `npm run cli`): triggers on the watched tables send
 *   `pg_notify('va_writes')` at commit (migration 0031) and a dedicated connection LISTENs; each
 *   notification moves the count. While that connection is down `heard` is false and caches serve nothing.
 * - Before serving anything kept, a request waits until this process has heard every write committed
 *   before it arrived (decision 239): a sync through the notification queue begun after its mark has come
 *   back (`syncMark`, `catchUp`). A sync overdue by 600 ms means the connection stopped hearing: it is
 *   dropped and replaced.
 */
export const WRITES_CHANNEL = 'va_writes';

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
const NOTHING: Writes = new Map();

/** Statements that change no row: session settings, savepoints, listening (transaction control is handled apart). */
const NO_ROWS = /^\s*(?:set|reset|show|savepoint|release|listen|unlisten|deallocate|discard)\b[^;]*$/i;
const LOCKS = /\bfor\s+(?:no\s+key\s+update|update|key\s+share|share)\b/gi;
const UPSERT_UPDATE = /\bdo\s+update\s+set\b/i;
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

/**
 * What a kept read scopes by (decisions 225, 226): the rows of `table` whose `column` holds one value, as
 * `players.user_id=9` (a family's players) or `users.id=5` (one user). `scope` is `table.column`.
 */
export interface RowKey {
  readonly table: string;
  readonly column: string;
  readonly scope: string;
  readonly key: string;
}

export const rowKey = (table: string, column: string, value: string | number): RowKey => ({
  table,
  column,
  scope: `${table}.${column}`,
  key: `${table}.${column}=${value}`,
});

/**
 * The rows one statement writes, where it can tell (decision 226): per column, the values every row it
 * writes holds in that column, before and after. An `update` or `delete from` names them in its top-level
 * `where` (a conjunct `"table"."column" = $n`; an update that sets the column does not keep it); an
 * `insert into` in its values (`$n` for that column in every row); an upsert that updates, in its conflict
 * columns' values only (decision 227: the row it updates holds those, not the others).
 */
export interface WrittenRows {
  readonly table: string;
  readonly cells: ReadonlyMap<string, readonly string[]>;
}

/** `"table"."column" = $n`, the whole of one conjunct. */
const CELL = /^"?([a-z_][a-z0-9_]*)"?\."?([a-z_][a-z0-9_]*)"?\s*=\s*\$(\d+)$/i;
const NAME = /^"?([a-z_][a-z0-9_]*)"?$/i;
const PARAM = /^\$(\d+)$/;

const valueAt = (values: readonly unknown[], n: string) => {
  const v = values[Number(n) - 1];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
};

export function rowsWritten(sql: string, values: readonly unknown[] | undefined): WrittenRows | null {
  if (!values) return null;
  const text = sql.replace(/\s+/g, ' ');
  const insert = /^\s*insert into "?([a-z_][a-z0-9_]*)"? ?\(/i.exec(text);
  if (insert) return insertedRows(insert[1].toLowerCase(), text.slice(insert[0].length - 1), values);
  const head = /^\s*(update|delete from) "?([a-z_][a-z0-9_]*)"? /i.exec(text);
  if (!head) return null;
  const table = head[2].toLowerCase();
  const parts = splitTop(text, ' where ');
  if (parts.length !== 2) return null;
  let assigned: Set<string> | null = new Set();
  if (head[1].toLowerCase() === 'update') {
    // The columns it sets: a row it moves to another value of one of them is not confined to its old one.
    const set = splitTop(parts[0], ' set ');
    assigned = set.length === 2 ? assignedColumns(splitTop(set[1], ' from ')[0]) : null;
    if (!assigned) return null;
  }
  const cells = new Map<string, string[]>();
  for (const part of conjuncts(splitTop(parts[1], ' returning ')[0].trim())) {
    const m = CELL.exec(part);
    if (!m || m[1].toLowerCase() !== table) continue;
    const column = m[2].toLowerCase();
    const v = valueAt(values, m[3]);
    if (v === null || assigned.has(column)) continue;
    cells.set(column, [...(cells.get(column) ?? []), v]);
  }
  return { table, cells };
}

/** The columns a `set` list assigns (`"a" = $1, "b" = now()`); null when one cannot be read. */
function assignedColumns(list: string): Set<string> | null {
  const out = new Set<string>();
  for (const item of splitTop(list, ',')) {
    const eq = item.indexOf('=');
    const m = eq > 0 ? NAME.exec(item.slice(0, eq).trim()) : null;
    if (!m) return null;
    out.add(m[1].toLowerCase());
  }
  return out;
}

/** An insert's columns and rows: `("a", "b") values ($1, default), ($3, $4) returning ...`. */
function insertedRows(table: string, rest: string, values: readonly unknown[]): WrittenRows | null {
  const [columnsText, after] = group(rest);
  if (columnsText === null) return null;
  const columns = splitTop(columnsText, ',').map((c) => NAME.exec(c.trim())?.[1].toLowerCase() ?? null);
  let tail = after.trimStart();
  if (!/^values\b/i.test(tail)) return null;
  tail = tail.slice(6);
  const rows: string[][] = [];
  for (;;) {
    tail = tail.trimStart();
    if (!tail.startsWith('(')) break;
    const [inner, next] = group(tail);
    if (inner === null) return null;
    rows.push(splitTop(inner, ',').map((v) => v.trim()));
    tail = next.trimStart();
    if (!tail.startsWith(',')) break;
    tail = tail.slice(1);
  }
  // What may follow the rows: `returning`, `on conflict ... do nothing` or `... do update set`.
  if (!rows.length || (tail && !/^(returning|on conflict)\b/i.test(tail))) return null;
  const upsert = UPSERT_UPDATE.test(tail) ? conflictTarget(tail) : undefined;
  if (upsert === null) return null;
  const cells = new Map<string, string[]>();
  columns.forEach((column, i) => {
    // An upsert that updates writes a new row or the row already holding its conflict columns' values:
    // only those columns (and not one its `set` assigns) hold the inserted values in both.
    if (!column || (upsert && !upsert.has(column))) return;
    const vs: string[] = [];
    for (const row of rows) {
      const p = PARAM.exec(row[i] ?? '');
      const v = p ? valueAt(values, p[1]) : null;
      if (v === null) return;
      vs.push(v);
    }
    cells.set(column, vs);
  });
  return { table, cells };
}

/**
 * The columns of `on conflict ("a", "b") do update set ...` that the update leaves as they were: the
 * conflict target minus the columns its `set` assigns. Null when either cannot be read (a constraint's
 * name, an expression).
 */
function conflictTarget(tail: string): Set<string> | null {
  const [target, rest] = group(tail.replace(/^on conflict\s*/i, ''));
  const m = /^\s*do update set /i.exec(rest);
  if (target === null || !m) return null;
  const columns = new Set<string>();
  for (const c of splitTop(target, ',')) {
    const name = NAME.exec(c.trim());
    if (!name) return null;
    columns.add(name[1].toLowerCase());
  }
  const assigned = assignedColumns(
    splitTop(splitTop(rest.slice(m[0].length), ' where ')[0], ' returning ')[0],
  );
  if (!assigned) return null;
  for (const c of assigned) columns.delete(c);
  return columns;
}

/** Each character of `text` outside quotes, with its index and the depth of parentheses before it. */
function* unquoted(text: string): Generator<[number, string, number]> {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else {
      yield [i, c, depth];
      if (c === '(') depth++;
      else if (c === ')') depth--;
    }
  }
}

/** The text inside the parenthesis `text` starts with, and what follows it; null inside when there is none. */
function group(text: string): [string | null, string] {
  if (!text.startsWith('(')) return [null, text];
  for (const [i, c, depth] of unquoted(text))
    if (c === ')' && depth === 1) return [text.slice(1, i), text.slice(i + 1)];
  return [null, ''];
}

/** Splits `text` at the top level (outside parentheses and quotes) on `sep` (a lower-case word with spaces). */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let from = 0;
  const lower = text.toLowerCase();
  for (const [i, c, depth] of unquoted(text)) {
    if (depth !== 0 || i < from || c === '(' || c === ')' || !lower.startsWith(sep, i)) continue;
    parts.push(text.slice(from, i));
    from = i + sep.length;
  }
  parts.push(text.slice(from));
  return parts;
}

/** The conjuncts of a condition, through wrapping parentheses and nested `and`s. */
function conjuncts(cond: string): string[] {
  let c = cond.trim();
  for (let [inner, rest] = group(c); inner !== null && !rest.trim(); [inner, rest] = group(c))
    c = inner.trim();
  // `a or b and c` is `a or (b and c)`: a top-level `or` leaves no conjunct that holds for every row.
  if (splitTop(c, ' or ').length > 1) return [c];
  const parts = splitTop(c, ' and ');
  return parts.length === 1 ? [c] : parts.flatMap(conjuncts);
}

/**
 * What a kept read depends on (decisions 225, 226): the tables its statements read; those whose new rows
 * cannot change it; those it reads one row of, by a unique key (a kept session reads its own row of
 * `sessions` and its user's row of `users`: another sign-in's new session and login count are not it); and
 * those it reads some rows of, by one value of a column (a family's dashboard reads the rows of `players`
 * whose `user_id` is the family's: another family's new or changed player is not it). The keys are given
 * with the read (`lastWriteTo(reads, [rowKey('users', 'id', 5)])`); a scoped table with no key counts whole.
 * Declared beside the read; under `CHECK_KEPT_READS` every statement the read sends is checked against it.
 */
export interface KeptReads {
  readonly tables: readonly string[];
  readonly newRowsIgnored: readonly string[];
  /** Tables it reads one row of, by a column unique on its own: new rows cannot be it. */
  readonly oneRowOf: readonly string[];
  /** Tables it reads the rows of that hold one value in a column: new rows holding it are its. */
  readonly rowsOf: readonly string[];
}

export const keptReads = (
  tables: readonly string[],
  opts: { newRowsIgnored?: readonly string[]; oneRowOf?: readonly string[]; rowsOf?: readonly string[] } = {},
): KeptReads => ({
  tables,
  newRowsIgnored: opts.newRowsIgnored ?? [],
  oneRowOf: opts.oneRowOf ?? [],
  rowsOf: opts.rowsOf ?? [],
});

/**
 * What a write of each kind to each table may write besides it (decision 225): the tables its triggers
 * write and those its foreign keys cascade to (a delete, or an update where a key acts on update),
 * followed to the end; 'all' where a trigger runs SQL it cannot read (`execute`). Read from the catalog
 * once the schema is migrated (`loadWriteEffects`). `alsoWrites.get(table)[kind]`, kind one bit.
 */
export type AlsoWrites = Readonly<Record<number, readonly string[] | 'all'>>;
export interface WriteEffects {
  readonly tables: ReadonlySet<string>;
  readonly alsoWrites: ReadonlyMap<string, AlsoWrites>;
  /** Per table, the columns unique on their own (a primary key, a unique index of one column). */
  readonly unique: ReadonlyMap<string, ReadonlySet<string>>;
}

export class WriteClock {
  #seq = 0;
  #all = 0;
  readonly #rows = new Map<string, number>();
  readonly #changes = new Map<string, number>();
  /** Per table, the columns kept reads scope by (`RowKey`), learnt from the reads as they ask. */
  readonly #scopes = new Map<string, Set<string>>();
  /** Per scope (`players.user_id`), the last update or delete not confined to one value of its column. */
  readonly #loose = new Map<string, number>();
  /** Per scope, the last insert not confined to one value of its column. */
  readonly #looseNew = new Map<string, number>();
  /** Per key (`players.user_id=9`), the last write confined to it (bounded: see #mark). */
  readonly #byKey = new Map<string, number>();
  readonly #own = new Set<number>();
  #effects: WriteEffects | null = null;
  #heard: boolean;
  /** Catching up with other processes' writes before serving from memory (decision 239); null: one process only. */
  #catchUp: CatchUp | null = null;
  readonly #heardChanges = new Set<(heard: boolean, why: string) => void>();

  /** `sameProcessOnly`: no other process can write this database (embedded PGlite), nothing to listen for. */
  constructor(sameProcessOnly: boolean) {
    this.#heard = sameProcessOnly;
  }

  /** Moves with every write this process sends or hears of, to any table. */
  get count() {
    return this.#seq;
  }

  /** False while another process's writes could go unheard: a cache must then read afresh every time. */
  get heard() {
    return this.#heard;
  }

  /** The catalog's tables and what a write to each also writes; until it is set, every write counts as a write to every table. */
  get effects(): WriteEffects | null {
    return this.#effects;
  }

  setEffects(effects: WriteEffects) {
    this.#effects = effects;
  }

  /** A write that may have changed any table. */
  tick() {
    this.#all = ++this.#seq;
  }

  /**
   * A write to these tables (with what their triggers and cascades write besides); `rows`: where the
   * statement's one table is written, the values its rows hold (`rowsWritten`).
   */
  tickWrites(w: Writes, withEffects = true, rows: WrittenRows | null = null) {
    if (w !== 'all' && w.size === 0) return;
    const effects = this.#effects;
    if (w === 'all' || !effects) return this.tick();
    const s = ++this.#seq;
    for (const [table, kind] of w) {
      this.#rows.set(table, s);
      if (kind & (UPDATE | DELETE)) this.#changes.set(table, s);
      this.#scoped(table, kind, rows?.table === table ? rows.cells : undefined, s);
      if (!withEffects) continue;
      const also = effects.alsoWrites.get(table);
      for (const bit of [INSERT, UPDATE, DELETE]) {
        if (!(kind & bit)) continue;
        const tables = also?.[bit];
        if (tables === 'all' || !tables) {
          // A table the catalog did not list (made after it was read) or a trigger it cannot follow.
          this.#all = s;
          return;
        }
        for (const t of tables) {
          this.#rows.set(t, s);
          this.#changes.set(t, s);
          this.#scoped(t, INSERT | UPDATE | DELETE, undefined, s);
        }
      }
    }
  }

  /** A write of `kind` to `table`, for each scope kept reads have asked about: confined to its values, or loose. */
  #scoped(table: string, kind: number, cells: ReadonlyMap<string, readonly string[]> | undefined, s: number) {
    const columns = this.#scopes.get(table);
    if (!columns) return;
    for (const column of columns) {
      const values = cells?.get(column);
      if (values) for (const v of values) this.#mark(`${table}.${column}=${v}`, s);
      else {
        if (kind & (UPDATE | DELETE)) this.#loose.set(`${table}.${column}`, s);
        if (kind & INSERT) this.#looseNew.set(`${table}.${column}`, s);
      }
    }
  }

  #mark(key: string, s: number) {
    // Bounded: past 100,000 keys the map starts again, and every kept read counts as written.
    if (this.#byKey.size >= 100_000 && !this.#byKey.has(key)) {
      this.#byKey.clear();
      this.#all = s;
    }
    this.#byKey.set(key, s);
  }

  /** A scope first asked about: every earlier write to its table counts as loose. */
  #learn(k: RowKey) {
    let columns = this.#scopes.get(k.table);
    if (!columns) this.#scopes.set(k.table, (columns = new Set()));
    columns.add(k.column);
    this.#loose.set(k.scope, this.#changes.get(k.table) ?? 0);
    this.#looseNew.set(k.scope, this.#rows.get(k.table) ?? 0);
  }

  /**
   * Whether a kept copy, read at `kept.count` from `kept.rows`, is still current: never while another
   * process's writes could go unheard (`heard`). Found current once at the clock's count, it stays current
   * until the count moves (every write moves it), so the check of its tables and rows is skipped until then
   * (`kept.seen`, noted here; decision 235).
   */
  stillCurrent(reads: KeptReads, kept: { count: number; rows: readonly RowKey[]; seen: number }): boolean {
    if (!this.#heard) return false;
    if (kept.seen === this.#seq) return true;
    if (this.lastWriteTo(reads, kept.rows) > kept.count) return false;
    kept.seen = this.#seq;
    return true;
  }

  /** The count of the newest write that could change what `reads` read: a kept copy read at a count not below it is current. */
  lastWriteTo(reads: KeptReads, keys: readonly RowKey[] = []): number {
    let last = this.#all;
    for (const t of reads.tables) last = Math.max(last, this.#rows.get(t) ?? 0);
    for (const t of reads.newRowsIgnored) last = Math.max(last, this.#changes.get(t) ?? 0);
    for (const t of reads.oneRowOf)
      if (!keys.some((k) => k.table === t)) last = Math.max(last, this.#rows.get(t) ?? 0);
    for (const t of reads.rowsOf)
      if (!keys.some((k) => k.table === t)) last = Math.max(last, this.#rows.get(t) ?? 0);
    for (const k of keys) {
      if (!this.#scopes.get(k.table)?.has(k.column)) this.#learn(k);
      last = Math.max(last, this.#loose.get(k.scope) ?? 0, this.#byKey.get(k.key) ?? 0);
      // New rows: a one-row read's are never it while its column is unique (the catalog says so).
      const oneRow = reads.oneRowOf.includes(k.table) && this.#effects?.unique.get(k.table)?.has(k.column);
      if (!oneRow) last = Math.max(last, this.#looseNew.get(k.scope) ?? 0);
    }
    return last;
  }

  /**
   * @internal a connection of this process's pool (by its backend's process id): its writes were counted
   * as they were sent, so their notifications are not counted again (decision 225).
   */
  ownBackend(pid: number | undefined, own: boolean) {
    if (pid === undefined) return;
    if (own) this.#own.add(pid);
    else this.#own.delete(pid);
  }

  readonly #notices = new Set<(payload: string | undefined) => void>();

  /**
   * @internal a notification heard on the LISTEN connection (listenForWrites): another process's write.
   * Its payload names the table and the kind of write (migration 0035: `players update`), and for `players`
   * and `users` the one value its rows hold in a column (migration 0037: `players update id=7 user_id=9`);
   * the other tables that write changed notify on their own. Anything else counts as a write to every table.
   */
  notice(payload?: string, pid?: number) {
    const [table, op, ...cells] = (payload ?? '').split(' ');
    if (pid !== undefined && this.#own.has(pid)) {
      // This process's own write, counted when it was sent.
    } else if (table && this.#effects?.tables.has(table)) {
      // 'players update id=7 user_id=9' (migration 0037): the values every row it wrote holds, before and after.
      const held = new Map<string, string[]>();
      for (const cell of cells) {
        const m = /^([a-z_][a-z0-9_]*)=(.+)$/.exec(cell);
        if (m) held.set(m[1], [m[2]]);
      }
      this.tickWrites(
        new Map([[table, op === 'insert' ? INSERT : op === 'update' ? UPDATE : DELETE]]),
        false,
        held.size ? { table, cells: held } : null,
      );
    } else this.tick();
    for (const f of this.#notices) f(payload);
  }

  /**
   * Calls `f` with each notification's payload. Notifications arrive in commit order, so a marker sent
   * after a write is heard after that write's (the tests' `writesSettled`).
   */
  onNotice(f: (payload: string | undefined) => void): () => void {
    this.#notices.add(f);
    return () => this.#notices.delete(f);
  }

  /** @internal the listener's state (listenForWrites); `why` is what the log says when it changes. */
  setHeard(heard: boolean, why = heard ? 'listening' : 'not listening') {
    const was = this.#heard;
    this.#heard = heard;
    if (!heard) this.#catchUp?.fail();
    this.tick();
    if (was !== heard) for (const f of this.#heardChanges) f(heard, why);
  }

  /** Calls `f` whenever the clock starts or stops hearing other processes (the app logs it). */
  onHeardChange(f: (heard: boolean, why: string) => void): () => void {
    this.#heardChanges.add(f);
    return () => this.#heardChanges.delete(f);
  }

  /** @internal set by listenForWrites: from then on a kept copy is served only once caught up (decision 239). */
  attachCatchUp(c: CatchUp) {
    this.#catchUp = c;
  }

  /**
   * Where a request stands in this process's catching up with other processes (decision 239): taken when
   * it arrives, before it serves anything from memory. Every write another process had acknowledged by
   * then was committed before it, so a round trip through the notification queue begun after it (a
   * sync) comes back after that write's notification.
   */
  syncMark(): number {
    return this.#catchUp ? this.#catchUp.started : 0;
  }

  /**
   * Whether this process has heard every write committed before `mark` was taken: a sync begun after it
   * has come back. Always on the embedded PGlite (no other process).
   */
  caughtUp(mark: number): boolean {
    const c = this.#catchUp;
    return !c || (this.#heard && c.done > mark);
  }

  /**
   * `true` once caught up with `mark` (at once when it already is, without a promise); `false` when it
   * cannot be soon (not listening, or the sync is slower than `CATCH_UP_WAIT_MS`): the caller then reads the
   * database. Waiting requests share one sync.
   */
  catchUp(mark: number): boolean | Promise<boolean> {
    if (this.caughtUp(mark)) return true;
    if (!this.#heard || !this.#catchUp) return false;
    return this.#catchUp.after(mark);
  }
}

/** How long a request waits for a sync before it reads the database instead (decision 239). */
export const CATCH_UP_WAIT_MS = 250;
/** A sync not back after this long means the listening connection stopped hearing: it is dropped (decision 239). */
export const SYNC_DEADLINE_MS = 600;
/** An idle process still sends a sync this often, so a listener that stopped hearing is noticed (decision 239). */
export const HEARTBEAT_MS = 250;

interface Waiting {
  promise: Promise<boolean>;
  resolve: (caughtUp: boolean) => void;
  /** Sync number; 0 while not sent yet. */
  n: number;
  at: number;
}

const waiting = (): Waiting => {
  let resolve!: (v: boolean) => void;
  const promise = new Promise<boolean>((r) => (resolve = r));
  return { promise, resolve, n: 0, at: 0 };
};

/**
 * Syncs through the notification queue (decision 239): the listening connection sends a NOTIFY on a
 * channel only it listens to, numbered, and the sync is done when that notification comes back.
 * Notifications arrive in commit order, so by then every write committed before the sync began has been
 * heard. One sync is in flight at a time; the requests that arrive meanwhile wait for the next one
 * together. @internal: made by listenForWrites.
 */
export class CatchUp {
  started = 0;
  done = 0;
  #inFlight: Waiting | null = null;
  #next: Waiting | null = null;
  #lastDoneAt = Date.now();
  constructor(private readonly send: (n: number) => void) {}

  /** A promise for a sync begun after `mark`: the one in flight if it began after it, else the next. */
  after(mark: number): Promise<boolean> {
    const f = this.#inFlight;
    if (f && f.n > mark) return f.promise;
    this.#next ??= waiting();
    const p = this.#next.promise;
    if (!f) this.#start();
    return p;
  }

  #start() {
    const w = this.#next ?? waiting();
    this.#next = null;
    w.n = ++this.started;
    w.at = Date.now();
    this.#inFlight = w;
    this.send(w.n);
  }

  /** Sync `n` came back. */
  echoed(n: number) {
    const f = this.#inFlight;
    if (!f || f.n !== n) return;
    this.done = n;
    this.#inFlight = null;
    this.#lastDoneAt = Date.now();
    f.resolve(true);
    if (this.#next) this.#start();
  }

  /** Not listening any more: every waiting request reads the database. */
  fail() {
    this.#inFlight?.resolve(false);
    this.#next?.resolve(false);
    this.#inFlight = this.#next = null;
  }

  /**
   * Run every 100 ms while listening: lets waiting requests go to the database once a sync is slow, sends a
   * heartbeat sync when none went for `HEARTBEAT_MS`; answers false when a sync is overdue (the listener
   * then counts as lost).
   */
  beat(now = Date.now()): boolean {
    const f = this.#inFlight;
    if (f) {
      if (now - f.at >= CATCH_UP_WAIT_MS) {
        f.resolve(false);
        this.#next?.resolve(false);
        this.#next = null;
      }
      return now - f.at < SYNC_DEADLINE_MS;
    }
    if (now - this.#lastDoneAt >= HEARTBEAT_MS) this.#start();
    return true;
  }

  /** @internal a new connection: numbering goes on, nothing is in flight. */
  reset() {
    this.fail();
    this.#lastDoneAt = Date.now();
  }
}

type AnyFn = (...args: unknown[]) => unknown;

const textOf = (config: unknown): string | undefined =>
  typeof config === 'string'
    ? config
    : config && typeof config === 'object' && typeof (config as { text?: unknown }).text === 'string'
      ? (config as { text: string }).text
      : undefined;

/**
 * Checking kept reads (decision 225; on under `CHECK_KEPT_READS`, which the tests set): while a kept read
 * runs, every statement it sends is noted, and the tables its text names must be among the ones the read
 * declared. Off in production, where nothing is noted and no AsyncLocalStorage is made.
 */
let noting: AsyncLocalStorage<Set<string>> | null = null;

export function checkKeptReads() {
  noting ??= new AsyncLocalStorage();
}

/** Runs `read`, noting the statements it sends, when kept reads are checked; else null. */
export async function statementsOf<T>(
  read: () => Promise<T>,
): Promise<{ value: T; texts: Set<string> } | null> {
  if (!noting) return null;
  const texts = new Set<string>();
  // Awaited inside: a lazy query (a Drizzle builder) runs when awaited, and must run in the noting context.
  const value = await noting.run(texts, async () => await read());
  return { value, texts };
}

const note = (text: string) => noting?.getStore()?.add(text);

/** A statement this process sends: noted for a checked kept read, and what it writes (`'all'` without a text). */
function sent(text: string | undefined): Writes {
  if (text === undefined) return 'all';
  note(text);
  return writesOf(text);
}

/** The catalog's tables that a statement's text names (by word: a column of the same name counts too). */
export function tablesNamed(text: string, tables: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/[a-z_][a-z0-9_]*/gi)) {
    const w = m[0].toLowerCase();
    if (tables.has(w)) out.add(w);
  }
  return out;
}

/** The parameters of a query call: `(text, values)` or `({ text, values })`. */
const valuesOf = (args: unknown[]): readonly unknown[] | undefined =>
  Array.isArray(args[1])
    ? args[1]
    : args[0] && typeof args[0] === 'object'
      ? (args[0] as { values?: unknown[] }).values
      : undefined;

/** The rows a single-table insert (an upsert too), update or delete writes (`rowsWritten`), if it can be told. */
const written = (w: Writes, text: string, values: readonly unknown[] | undefined) => {
  if (w === 'all' || w.size !== 1) return null;
  const kind = w.values().next().value!;
  return kind === INSERT || kind === UPDATE || kind === DELETE || kind === (INSERT | UPDATE)
    ? rowsWritten(text, values)
    : null;
};

/** What a transaction on this connection has written so far (node-postgres: BEGIN and COMMIT are its own statements). */
interface Open {
  writes: Writes | null;
}

const opened = new WeakMap<pg.ClientBase, { open: Open; clock: WriteClock }>();

/**
 * A pooled client handed back to the pool (its 'release' event): a transaction it began and never ended
 * would otherwise gather the writes of its next user unseen, so they count as writes to every table.
 */
export function released(client: pg.ClientBase) {
  const o = opened.get(client);
  if (!o?.open.writes) return;
  o.open.writes = null;
  o.clock.tick();
}

/**
 * Every statement a node-postgres client sends moves the clock for the tables it writes (decision 225),
 * before it is sent and again when it has finished. Inside a transaction (BEGIN ... COMMIT on this
 * connection) the writes are gathered and moved at COMMIT, before and after, when others can first see them.
 */
export function watchPgClient(client: pg.ClientBase, clock: WriteClock) {
  // The class's own method, looked up on each call (so a spy on pg.Client.prototype.query still sees it).
  const proto = Object.getPrototypeOf(client) as { query: AnyFn };
  const query = (...args: unknown[]) => proto.query.apply(client, args);
  const open: Open = { writes: null };
  opened.set(client, { open, clock });
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const text = textOf(args[0]);
    let w: Writes;
    if (text === undefined) w = 'all';
    else if (BEGINS.test(text)) {
      open.writes = NOTHING;
      return query(...args);
    } else if (COMMITS.test(text)) {
      w = open.writes ?? NOTHING;
      open.writes = null;
    } else if (ROLLS_BACK.test(text)) {
      open.writes = null;
      return query(...args);
    } else {
      w = sent(text);
      if (open.writes) {
        open.writes = mergeWrites(open.writes, w);
        return query(...args);
      }
    }
    if (w !== 'all' && w.size === 0) return query(...args);
    const row = text === undefined ? null : written(w, text, valuesOf(args));
    clock.tickWrites(w, true, row);
    const done = () => clock.tickWrites(w, true, row);
    const at = args.findIndex((a) => typeof a === 'function');
    if (at >= 0) {
      const cb = args[at] as AnyFn;
      args[at] = (...r: unknown[]) => {
        done();
        return cb(...r);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(done, done);
    else {
      // A submittable (a cursor, a stream): it reports its end by events.
      const s = args[0] as { on?: (e: string, f: () => void) => void };
      s.on?.('end', done);
      s.on?.('error', done);
    }
    return result;
  };
}

/** Notes a statement sent through the pool (where the caller's context is still known; decision 225). */
export const notePooled = (config: unknown) => {
  const text = noting && textOf(config);
  if (text) note(text);
};

/**
 * The same for the embedded PGlite: `query` and `exec` by their text, and a transaction by the
 * statements sent through its own object, moved when it has ended (PGlite runs nothing else meanwhile).
 */
export function watchPglite(client: PGlite, clock: WriteClock) {
  const around =
    <F extends AnyFn>(fn: F) =>
    async (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : undefined;
      const w = sent(text);
      if (w !== 'all' && w.size === 0) return fn(...args);
      const row = text === undefined ? null : written(w, text, valuesOf(args));
      clock.tickWrites(w, true, row);
      try {
        return await fn(...args);
      } finally {
        clock.tickWrites(w, true, row);
      }
    };
  client.query = around(client.query.bind(client) as AnyFn) as PGlite['query'];
  client.exec = around(client.exec.bind(client) as AnyFn) as PGlite['exec'];
  const transaction = client.transaction.bind(client);
  client.transaction = (async (cb: (tx: Transaction) => Promise<unknown>) => {
    let written: Writes = NOTHING;
    try {
      return await transaction(async (tx) => {
        for (const name of ['query', 'exec'] as const) {
          const fn = tx[name].bind(tx) as AnyFn;
          (tx as unknown as Record<string, AnyFn>)[name] = (...args: unknown[]) => {
            const text = typeof args[0] === 'string' ? args[0] : undefined;
            written = mergeWrites(written, sent(text));
            return fn(...args);
          };
        }
        return cb(tx);
      });
    } finally {
      clock.tickWrites(written);
    }
  }) as PGlite['transaction'];
}

/** The listening connection, as `listenForWrites` runs it. */
export interface Listener {
  stop(): Promise<void>;
  /** Tries to connect again now, when it is waiting to (the health check asks, decision 239). */
  retryNow(): void;
  /**
   * @internal tests only: freezes the connection without closing it (its socket stops being read), and any
   * new one's, as a connection that stops hearing would; `false` thaws it.
   */
  freeze(frozen: boolean): void;
}

type SocketOf = { connection?: { stream?: { pause(): void; resume(): void; destroy(): void } } };
const socketOf = (c: pg.Client) => (c as unknown as SocketOf).connection?.stream;

/**
 * LISTENs for other processes' writes on its own connection, reconnecting after a loss (the clock is
 * not `heard` meanwhile). It also syncs through the notification queue for the clock's `catchUp`
 * (decision 239): a sync not back within `SYNC_DEADLINE_MS` counts as a lost connection (one that stopped
 * hearing without closing), and an idle process sends one every `HEARTBEAT_MS`, so such a loss is noticed
 * within a second.
 */
export async function listenForWrites(
  connectionString: string,
  clock: WriteClock,
  opts: { retryMs?: number; onLost?: (err: Error) => void } = {},
): Promise<Listener> {
  let stopped = false;
  let frozen = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  // Its own channel: only this connection hears its syncs.
  const channel = `va_sync_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const catchUp = new CatchUp((n) => {
    const c = client;
    if (!c || !clock.heard) return;
    c.query(`NOTIFY ${channel}, '${n}'`).catch(() => {});
  });
  clock.attachCatchUp(catchUp);
  const beat = setInterval(() => {
    if (stopped || !client || !clock.heard) return;
    if (!catchUp.beat())
      lost(new Error(`no answer on the listening connection for ${SYNC_DEADLINE_MS} ms`), 'stuck');
  }, 100);
  beat.unref();

  /** `stuck`: it stopped answering (replaced at once); `failed`: it could not connect (tried again in a second). */
  const lost = (err: Error, how: 'ended' | 'stuck' | 'failed' = 'ended') => {
    clock.setHeard(false, `${err.message}: serving nothing from memory until it listens again`);
    const c = client;
    client = null;
    c?.removeAllListeners();
    c?.on('error', () => {});
    // A connection that stopped answering would never end politely: its socket is closed.
    if (how !== 'ended' && c) socketOf(c)?.destroy();
    else void c?.end().catch(() => {});
    if (stopped || retry) return;
    opts.onLost?.(err);
    // A connection that stopped answering is replaced at once; one that was refused or lost, in a second.
    retry = setTimeout(
      () => {
        retry = null;
        void connect();
      },
      how === 'stuck' ? Math.min(100, opts.retryMs ?? 100) : (opts.retryMs ?? 1000),
    );
    retry.unref();
  };

  const connect = async () => {
    // A database that does not answer makes the start wait 5 s at most; the clock stays unheard meanwhile.
    const c = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5000,
      application_name: 'va-listener',
    });
    client = c;
    c.on('error', lost);
    c.on('end', () => lost(new Error('connection ended')));
    c.on('notification', (msg) => {
      if (msg.channel === channel) catchUp.echoed(Number(msg.payload));
      else clock.notice(msg.payload, msg.processId);
    });
    try {
      await c.connect();
      if (frozen) socketOf(c)?.pause();
      // A sync's commit need not wait for the disk: it writes nothing anyone reads again.
      const ready = c.query(`SET synchronous_commit = off; LISTEN ${WRITES_CHANNEL}; LISTEN ${channel}`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        ready,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('LISTEN did not answer in 5 s')), 5000);
          timer.unref();
        }),
      ]).finally(() => clearTimeout(timer));
      if (client === c && !stopped) {
        catchUp.reset();
        clock.setHeard(true, "listening for other processes' writes again");
      }
    } catch (err) {
      if (client === c) lost(err as Error, 'failed');
    }
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      clearInterval(beat);
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      clock.setHeard(false, 'stopped listening');
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        if (frozen) socketOf(c)?.destroy();
        else await c.end().catch(() => {});
      }
    },
    retryNow() {
      if (!retry || stopped) return;
      clearTimeout(retry);
      retry = null;
      void connect();
    },
    freeze(f: boolean) {
      frozen = f;
      const s = client && socketOf(client);
      if (f) s?.pause();
      else s?.resume();
    },
  };
}
