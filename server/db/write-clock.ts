import type { PGlite } from '@electric-sql/pglite';
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
 * tokens. A write to them alone does not move the clock, and they have no notify trigger (migration 0034
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
]);

const TARGET = /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?/gi;
/** Forms of the word `update` that change nothing by themselves: an upsert's branch and a row lock. */
const NOT_A_TARGET = /\bdo\s+update\s+set\b|\bfor\s+(?:no\s+key\s+)?update\b/gi;
const OTHER_WRITES = /\b(merge|truncate|copy|lock)\b|\bnextval\s*\(/i;

/**
 * A single statement whose every write goes to `UNWATCHED_TABLES` (an `insert into`, `update` or
 * `delete from` each, an upsert's `do update` and a `for update` lock included): it cannot change what a
 * kept read returned. Anything else that is not a plain read moves the clock.
 */
export function writesOnlyUnwatched(sql: string): boolean {
  if (sql.includes(';')) return false;
  const text = sql.replace(NOT_A_TARGET, ' ');
  if (OTHER_WRITES.test(text)) return false;
  let targets = 0;
  for (const m of text.matchAll(TARGET)) {
    if (!UNWATCHED_TABLES.has(m[1].toLowerCase())) return false;
    targets += 1;
  }
  return targets > 0;
}

/** Whether a statement leaves the clock as it is: a plain read, or a write to unwatched tables only. */
export const leavesClock = (sql: string) => isPlainRead(sql) || writesOnlyUnwatched(sql);

export class WriteClock {
  #count = 0;
  #heard: boolean;

  /** `sameProcessOnly`: no other process can write this database (embedded PGlite), nothing to listen for. */
  constructor(sameProcessOnly: boolean) {
    this.#heard = sameProcessOnly;
  }

  get count() {
    return this.#count;
  }

  /** False while another process's writes could go unheard: a cache must then read afresh every time. */
  get heard() {
    return this.#heard;
  }

  tick() {
    this.#count += 1;
  }

  readonly #notices = new Set<(payload: string | undefined) => void>();

  /** @internal a notification heard on the LISTEN connection (listenForWrites): another process's write. */
  notice(payload?: string) {
    this.tick();
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

  /** @internal the listener's state (listenForWrites). */
  setHeard(heard: boolean) {
    this.#heard = heard;
    this.tick();
  }
}

type AnyFn = (...args: unknown[]) => unknown;

const textOf = (config: unknown): string | undefined =>
  typeof config === 'string'
    ? config
    : config && typeof config === 'object' && typeof (config as { text?: unknown }).text === 'string'
      ? (config as { text: string }).text
      : undefined;

/** Every statement a node-postgres client sends that is not a plain read ticks the clock before and after. */
export function watchPgClient(client: pg.ClientBase, clock: WriteClock) {
  // The class's own method, looked up on each call (so a spy on pg.Client.prototype.query still sees it).
  const proto = Object.getPrototypeOf(client) as { query: AnyFn };
  const query = (...args: unknown[]) => proto.query.apply(client, args);
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const text = textOf(args[0]);
    if (text !== undefined && leavesClock(text)) return query(...args);
    clock.tick();
    const done = () => clock.tick();
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

/**
 * The same for the embedded PGlite: `query` and `exec` by their text, and a transaction always (its
 * statements go through the transaction's own object).
 */
export function watchPglite(client: PGlite, clock: WriteClock) {
  const around =
    <F extends AnyFn>(fn: F, isRead: (args: unknown[]) => boolean) =>
    async (...args: unknown[]) => {
      if (isRead(args)) return fn(...args);
      clock.tick();
      try {
        return await fn(...args);
      } finally {
        clock.tick();
      }
    };
  const byText = (args: unknown[]) => typeof args[0] === 'string' && leavesClock(args[0]);
  client.query = around(client.query.bind(client) as AnyFn, byText) as PGlite['query'];
  client.exec = around(client.exec.bind(client) as AnyFn, byText) as PGlite['exec'];
  client.transaction = around(client.transaction.bind(client) as AnyFn, () => false) as PGlite['transaction'];
}

/**
 * LISTENs for other processes' writes on its own connection, reconnecting after a loss (the clock is
 * not `heard` meanwhile). Returns the function that stops it.
 */
export async function listenForWrites(
  connectionString: string,
  clock: WriteClock,
  opts: { retryMs?: number; onLost?: (err: Error) => void } = {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const lost = (err: Error) => {
    clock.setHeard(false);
    const c = client;
    client = null;
    c?.removeAllListeners();
    c?.on('error', () => {});
    void c?.end().catch(() => {});
    if (stopped || retry) return;
    opts.onLost?.(err);
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, opts.retryMs ?? 1000);
    retry.unref();
  };

  const connect = async () => {
    // A database that does not answer makes the start wait 5 s at most; the clock stays unheard meanwhile.
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    client = c;
    c.on('error', lost);
    c.on('end', () => lost(new Error('connection ended')));
    c.on('notification', (msg) => clock.notice(msg.payload));
    try {
      await c.connect();
      await c.query(`LISTEN ${WRITES_CHANNEL}`);
      if (client === c && !stopped) clock.setHeard(true);
    } catch (err) {
      if (client === c) lost(err as Error);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    clock.setHeard(false);
    if (c) {
      c.removeAllListeners();
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  };
}
