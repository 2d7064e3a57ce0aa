import { Socket } from 'node:net';
import pg from 'pg';
import { CatchUp, SYNC_DEADLINE_MS } from './catch-up';
import type { WriteClock } from './write-clock';

export const WRITES_CHANNEL = 'va_writes';

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

/**
 * LISTENs for the writes the database tells of (this process's own and others') on its own connection,
 * reconnecting after a loss (the clock is not `heard` meanwhile). It also syncs through the notification queue for the clock's `catchUp`
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
  // The listening connection's socket, made here (pg's public `stream` option) so that a connection that
  // stopped answering can be closed at once, and the tests can freeze it.
  const sockets = new WeakMap<pg.Client, Socket>();
  const socketOf = (c: pg.Client) => sockets.get(c);
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
    const socket = new Socket();
    const c = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5000,
      application_name: 'va-listener',
      stream: () => socket,
    });
    sockets.set(c, socket);
    client = c;
    c.on('error', lost);
    c.on('end', () => lost(new Error('connection ended')));
    c.on('notification', (msg) => {
      if (msg.channel === channel) catchUp.echoed(Number(msg.payload));
      else clock.notice(msg.payload);
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
