import type { CatchUp } from './catch-up';
import type { Catalog, KeptReads, RowKey } from './kept-reads';

/** The kinds of write a notification names, as bits: an insert adds rows; an update or a delete changes rows a read may hold. */
const INSERT = 1;
const UPDATE = 2;
const DELETE = 4;
const KINDS: Record<string, number> = { insert: INSERT, update: UPDATE, delete: DELETE };

/**
 * What lets a process cache database reads safely (decisions 215, 260): a count of the writes the database
 * has told it of. A cache keeps the count it read a row under and serves the row only while no write to
 * what it read has been told since, so the row is never older than the last write this process knows of.
 *
 * - Every write is told by the database itself: a statement trigger on every watched table sends
 *   `pg_notify('va_writes', 'players update id=7 user_id=9')` (migrations 0031-0038, 0044), whoever sent
 *   the statement (this process, another one, a trigger's own write, a cascade). Nothing here reads SQL.
 * - Embedded PGlite: `listen` calls back before the statement's promise resolves, so a write is known
 *   before anything after it runs (decision 260).
 * - PostgreSQL: a dedicated connection LISTENs (`listenForWrites`). While it is down `heard` is false and
 *   caches serve nothing. Before serving anything cached, a request waits until this process has received
 *   the notifications of every write committed before it arrived, its own included (decision 239): a sync
 *   through the notification queue begun after its mark has come back (`syncMark`, `catchUp`).
 */
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
  #catalog: Catalog | null = null;
  #heard: boolean;
  /** Catching up with other processes' writes before serving from memory (decision 239); null: one process only. */
  #catchUp: CatchUp | null = null;
  readonly #heardChanges = new Set<(heard: boolean, why: string) => void>();

  /** `sameProcessOnly`: no other process can write this database (embedded PGlite): heard from the start. */
  constructor(sameProcessOnly: boolean) {
    this.#heard = sameProcessOnly;
  }

  /** Moves with every write this process is told of, to any table. */
  get count() {
    return this.#seq;
  }

  /** False while a write could go untold: a cache must then read afresh every time. */
  get heard() {
    return this.#heard;
  }

  /** The database's tables and unique columns; until it is set, every write counts as a write to every table. */
  get catalog(): Catalog | null {
    return this.#catalog;
  }

  setCatalog(catalog: Catalog) {
    this.#catalog = catalog;
  }

  /** A write that may have changed any table. */
  tick() {
    this.#all = ++this.#seq;
  }

  /** A write of `kind` to `table`; `cells`: per column, the one value every row it wrote holds there. */
  #written(table: string, kind: number, cells: ReadonlyMap<string, string>) {
    const s = ++this.#seq;
    this.#rows.set(table, s);
    if (kind & (UPDATE | DELETE)) this.#changes.set(table, s);
    this.#scoped(table, kind, cells, s);
  }

  /** A write of `kind` to `table`, for each scope kept reads have asked about: confined to its values, or loose. */
  #scoped(table: string, kind: number, cells: ReadonlyMap<string, string>, s: number) {
    const columns = this.#scopes.get(table);
    if (!columns) return;
    for (const column of columns) {
      const value = cells.get(column);
      if (value !== undefined) this.#mark(`${table}.${column}=${value}`, s);
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
      const oneRow = reads.oneRowOf.includes(k.table) && this.#catalog?.unique.get(k.table)?.has(k.column);
      if (!oneRow) last = Math.max(last, this.#looseNew.get(k.scope) ?? 0);
    }
    return last;
  }

  readonly #notices = new Set<(payload: string | undefined) => void>();

  /**
   * A notification on `va_writes`: a write the database has committed, by any process. Its payload names
   * the table and the kind of write (migration 0035: `players update`), and for the tables kept reads scope
   * by, the one value its rows hold in a column, before and after (migrations 0037, 0038, 0044:
   * `players update id=7 user_id=9`). A write's triggers and cascades notify for their own tables. Any
   * other payload counts as a write to every table.
   */
  notice(payload?: string) {
    const [table, op, ...rest] = (payload ?? '').split(' ');
    if (table && this.#catalog?.tables.has(table)) {
      const cells = new Map<string, string>();
      for (const cell of rest) {
        const m = /^([a-z_][a-z0-9_]*)=(.+)$/.exec(cell);
        if (m) cells.set(m[1], m[2]);
      }
      // A truncate (or a kind it does not know) may have changed any row.
      this.#written(table, KINDS[op] ?? UPDATE | DELETE, cells);
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
