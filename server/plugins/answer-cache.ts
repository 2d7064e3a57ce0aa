import type { FastifyReply } from 'fastify';
import { NEXT_CURSOR_HEADER } from '../../contract/pagination';
import { statementsOf, tablesNamed, type KeptReads, type RowKey, type WriteClock } from '../db/write-clock';
import { sendBytes } from './compressed-copies';
import { deepFreeze, keepBounded } from '../lib/kept-in-memory';

/**
 * Answers of the hot reads kept in memory (decision 216), on the rule sessions follow (decision 215): an
 * answer is served only while the database has told the process of no write to what it read since the
 * read that made it began (`WriteClock`), while the clock hears other processes, and for at most `ttlMs`
 * (which also bounds anything an answer takes from the clock on the wall: signed links, ages).
 *
 * The key must name everything the answer depends on besides the database: the route, the signed-in user
 * (whose role and rights are rows too) and the query. A read that fails is never kept. Reads of one key
 * that begin at the same clock count share one statement (a burst after a write reads once). Kept answers
 * are frozen: a handler that changed one would change the next request's.
 */
export interface AnswerCache {
  /**
   * `reads`: the tables the read reads (decision 225): a write to any other leaves the answer kept; `rows`:
   * the keys of the rows it reads of its scoped tables (decision 226), or a function giving them from what
   * it read (decision 227: a public page found by its slug reads its player's link).
   */
  get<T>(
    key: string,
    reads: KeptReads,
    read: () => Promise<T>,
    rows?: KeptRows<T>,
    mark?: number | null,
  ): Promise<T>;
}

/**
 * The keys of the rows a kept read reads: known before it reads, or told by what it read. Keys told by
 * the answer must name every row of a scoped table that a write could change the answer through: the rows
 * it found (a write to them), and none it did not find could join them, unless by a write the read's other
 * tables or the scope's loose writes count (a new row holding a unique value it found is not possible).
 */
export type KeptRows<T> = readonly RowKey[] | ((value: T) => readonly RowKey[]);

export interface AnswerCacheOptions {
  ttlMs: number;
  maxEntries?: number;
}

interface Entry {
  value: unknown;
  count: number;
  at: number;
  rows: readonly RowKey[];
  /** The clock's count when the entry was last found current (`WriteClock.stillCurrent`). */
  seen: number;
}

/**
 * Under `CHECK_KEPT_READS` (the tests): runs `read` noting its statements, and fails it when one names a
 * table its declared `reads` leave out, so a kept answer cannot outlive a write it did not declare.
 */
export async function checkedRead<T>(
  clock: WriteClock,
  what: string,
  reads: KeptReads,
  read: () => Promise<T>,
): Promise<T> {
  const noted = await statementsOf(read);
  if (!noted) return read();
  const tables = clock.catalog?.tables;
  if (!tables) return noted.value;
  const declared = new Set([...reads.tables, ...reads.newRowsIgnored, ...reads.oneRowOf, ...reads.rowsOf]);
  const unknown = [...declared].filter((t) => !tables.has(t));
  if (unknown.length)
    throw new Error(`${what} declares tables the database does not have: ${unknown.join(', ')}`);
  for (const text of noted.texts) {
    const missing = [...tablesNamed(text, tables)].filter((t) => !declared.has(t));
    if (missing.length)
      throw new Error(`${what} reads ${missing.join(', ')} without declaring it (decision 225): ${text}`);
  }
  return noted.value;
}

export function answerCache(clock: WriteClock, opts: AnswerCacheOptions): AnswerCache {
  const { ttlMs } = opts;
  if (ttlMs <= 0) return { get: (key, reads, read) => checkedRead(clock, key, reads, read) };
  const max = opts.maxEntries ?? 1000;
  const entries = new Map<string, Entry>();
  const reading = new Map<string, { count: number; promise: Promise<unknown> }>();

  return {
    async get<T>(
      key: string,
      reads: KeptReads,
      read: () => Promise<T>,
      rows: KeptRows<T> = [],
      mark: number | null = null,
    ): Promise<T> {
      // Where the request stands in catching up with other processes' writes (decision 239): what is
      // kept is served only once every write acknowledged elsewhere before it arrived has been heard.
      const since = mark ?? clock.syncMark();
      const now = Date.now();
      const hit = entries.get(key);
      let caughtUp = clock.caughtUp(since);
      // Waits (with the other requests of the moment, one sync) only when there is something to serve.
      if (!caughtUp && ((hit && now - hit.at < ttlMs) || reading.has(key)))
        caughtUp = await clock.catchUp(since);
      const count = clock.count;
      if (caughtUp && hit && now - hit.at < ttlMs && clock.stillCurrent(reads, hit)) return hit.value as T;
      if (hit && entries.get(key) === hit) entries.delete(key);
      // Keys told by the answer are not known yet: a read in flight counts its scoped tables whole.
      const known = typeof rows === 'function' ? [] : rows;
      const flying = reading.get(key);
      if (flying && caughtUp && clock.heard && clock.lastWriteTo(reads, known) <= flying.count)
        return flying.promise as Promise<T>;
      const promise = checkedRead(clock, key, reads, read).then((value) => {
        const frozen = deepFreeze(value);
        const keys = typeof rows === 'function' ? rows(frozen) : rows;
        // Kept only when no write to what it read began or ended while it was read (else it may predate one).
        if (clock.heard && clock.lastWriteTo(reads, keys) <= count)
          keepBounded(entries, key, { value: frozen, count, at: now, rows: keys, seen: count }, max);
        return frozen;
      });
      reading.set(key, { count, promise });
      try {
        return await promise;
      } finally {
        if (reading.get(key)?.promise === promise) reading.delete(key);
      }
    },
  };
}

/**
 * Sends a route's answer kept as the bytes it is sent as: on a miss, `read` gives the answer (and a
 * list's next-page cursor), the route's own serializer writes it once (`reply.serialize`, the compiled
 * one, with the tests' zod check), and every later request sends that JSON as is, until a write.
 *
 * The key is made here, of everything such an answer depends on besides the tables it reads: the route,
 * the signed-in user and their role (which the route's checks read from the session) and the URL with its
 * query. A route cannot forget
 * one of them and hand one family's answer to another.
 */
export async function sendKept(
  reply: FastifyReply,
  answers: AnswerCache,
  reads: KeptReads,
  read: () => Promise<{ body: unknown; next?: string | null; rows?: readonly RowKey[] }>,
  rows?: readonly RowKey[],
): Promise<FastifyReply> {
  const req = reply.request;
  const key = `${req.routeOptions.config.url} ${req.user ? `${req.user.id}:${req.user.role}` : '-'} ${req.url}`;
  const kept = await answers.get(
    key,
    reads,
    async () => {
      const { body, next = null, rows: found = [] } = await read();
      // Kept as bytes: sent as they are, with no length to count or text to encode on each request.
      return { json: Buffer.from(reply.serialize(body) as string), next, rows: found };
    },
    // The rows told before the read, or (decision 227) by what the read found.
    rows ?? ((k) => k.rows),
    req.writesMark,
  );
  if (kept.next) reply.header(NEXT_CURSOR_HEADER, kept.next);
  return sendBytes(reply.type('application/json; charset=utf-8'), kept.json);
}
