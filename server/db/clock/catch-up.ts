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
