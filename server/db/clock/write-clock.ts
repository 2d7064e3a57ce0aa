import type { CatchUp } from './catch-up';
import type { KeptReads, WriteEffects } from './kept-reads';
import { DELETE, INSERT, UPDATE, type Writes } from './sql-writes';
import type { RowKey, WrittenRows } from './written-rows';

/**
 * What lets a process cache database reads safely (decision 215): a count of the writes it has sent or
 * been notified of. A cache keeps the count it read a row under and serves the row only while the count
 * is unchanged, so the row is never older than the last write this process knows about.
 *
 * - This process's writes: every statement that is not a plain read moves the count when it is sent and
 *   again when it has finished (a statement's commit, or a transaction's COMMIT, is a statement too), so
 *   a read that started before a write committed is never cached past it.
 * - Other processes' writes (replicas, `npm run cli`): triggers on the watched tables send
 *   `pg_notify('va_writes')` at commit (migration 0031) and a dedicated connection LISTENs; each
 *   notification moves the count. While that connection is down `heard` is false (notifications may be
 *   missed) and caches serve nothing.
 * - Before serving anything cached, a request waits until this process has received the notifications of
 *   every write committed before it arrived (decision 239): a sync through the notification queue begun
 *   after its mark has come back (`syncMark`, `catchUp`). A sync overdue by 600 ms means the connection
 *   stopped receiving: it is dropped and replaced.
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
