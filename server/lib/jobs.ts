import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Db } from '../db/client';
import { jobs } from '../db/schema';
import { AppError } from './app-error';

type JobRow = typeof jobs.$inferSelect;
export type JobHandler = (payload: any, job: JobRow) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;
interface Log {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

const MAX_ATTEMPTS = 3;
// A running job's worker stamps locked_at every HEARTBEAT; a job whose stamp is older than STALE_AFTER
// belongs to a worker that died (kill -9, lost host) and may be claimed again (issue 13: within a minute).
const STALE_AFTER = '1 minute';
let heartbeatMs = 15_000;
/** Tests watch the heartbeat without waiting 15 seconds. */
export function setJobHeartbeat(ms: number) {
  heartbeatMs = ms;
}

/** Queues work in the caller's transaction, so it exists exactly when the data it refers to does. */
export async function enqueueJob(db: DbOrTx, type: string, payload: Record<string, unknown>) {
  const [row] = await db.insert(jobs).values({ type, payload }).returning({ id: jobs.id });
  return row.id;
}

/** The newest job of `type` about one video (its payload's `videoId`): a check's or a preparation's result. */
export async function newestVideoJob(db: DbOrTx, type: string, videoId: number) {
  const [row] = await db
    .select({ id: jobs.id, status: jobs.status, payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.type, type), sql`${jobs.payload}->>'videoId' = ${String(videoId)}`))
    .orderBy(desc(jobs.id))
    .limit(1);
  return row;
}

/**
 * The long jobs (issue 50, decision 239): minutes of CPU each (a track, a 40's proposal, the readiness
 * check of an uploaded clip). They run in a lane of their own, so mail and the other short jobs never wait
 * behind them, and each user may have `LONG_JOBS_PER_USER` of them queued or running at once. Spelled
 * here, as the modules name them (`TRACK_JOB`, `FORTY_PROPOSAL_JOB`, `READINESS_JOB`, `RECHECK_JOB`,
 * `TRACK_LINES_JOB`; a test checks they match): `lib` imports no module.
 */
export const LONG_JOB_TYPES: readonly string[] = [
  'track',
  'forty-proposal',
  'readiness-check',
  // A clip's yard lines found at upload (decision 344): a decode of the clip.
  'track-lines',
  // An admin's re-check of stored results (decision 241): minutes of decoding, never before a mail.
  'recheck-measurements',
];
/**
 * Long jobs nobody waits for (a clip's lines found at upload, decision 344): their lane takes every other due
 * job first, so an analyst's track never waits behind a batch of uploads.
 */
export const YIELDING_JOB_TYPES: readonly string[] = ['track-lines'];
export const LONG_JOBS_PER_USER = 3;
/** The lanes of the queue: each process runs one worker per lane (`plugins/jobs.ts`). */
export type JobLane = 'short' | 'long';
export const longJobsMessage = (max = LONG_JOBS_PER_USER) =>
  `You already have ${max} tracking or proposal jobs queued or running. Start another once one of them has finished.`;

/** An advisory lock's first key: one user's long jobs are counted and added one request at a time. */
const LONG_JOBS_LOCK = 0x7661_6a62; // 'vajb'

/**
 * Queues a long job for `userId` (its payload's `userId`), unless the user already has
 * `LONG_JOBS_PER_USER` long jobs queued or running: then a 429 (`RATE_LIMITED`) that says so. The count
 * and the insert hold a per-user advisory lock, so two requests at once cannot both take the last place.
 */
export async function enqueueLongJob(
  db: Db,
  type: string,
  userId: number,
  payload: Record<string, unknown>,
): Promise<number> {
  if (!LONG_JOB_TYPES.includes(type)) throw new Error(`${type} is not a long job type`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LONG_JOBS_LOCK}, ${userId})`);
    const res = await tx.execute(sql`
      select count(*)::int as n from ${jobs}
      where status in ('queued', 'running')
        and type in (${sql.join(
          LONG_JOB_TYPES.map((t) => sql`${t}`),
          sql`, `,
        )})
        and payload->>'userId' = ${String(userId)}`);
    const n = (res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    if (n >= LONG_JOBS_PER_USER) {
      const err = new AppError('RATE_LIMITED', longJobsMessage());
      err.retryAfter = 30;
      throw err;
    }
    return enqueueJob(tx, type, { ...payload, userId });
  });
}

/** The queue as admins see it (the health check's details): per lane, what waits, what runs, the oldest waiting. */
export async function queueDepth(db: Db) {
  const res = await db.execute(sql`
    select type in (${sql.join(
      LONG_JOB_TYPES.map((t) => sql`${t}`),
      sql`, `,
    )}) as long,
      count(*) filter (where status = 'queued')::int as queued,
      count(*) filter (where status = 'running')::int as running,
      min(created_at) filter (where status = 'queued') as oldest
    from ${jobs}
    where status in ('queued', 'running')
    group by 1`);
  const rows = (
    res as unknown as { rows: { long: boolean; queued: number; running: number; oldest: unknown }[] }
  ).rows;
  const lane = (long: boolean) => {
    const r = rows.find((x) => x.long === long);
    const oldest = r?.oldest ? new Date(r.oldest as string) : null;
    return {
      queued: r?.queued ?? 0,
      running: r?.running ?? 0,
      oldestQueuedAt: oldest ? oldest.toISOString() : null,
    };
  };
  return { short: lane(false), long: lane(true) };
}

/**
 * Claims the oldest due job of its lane (both when none is given). SKIP LOCKED lets several instances poll
 * one table without two of them taking the same job (PGlite runs one query at a time, where it is simply a
 * no-op).
 */
async function claim(db: Db, skip: readonly string[] = [], lane?: JobLane): Promise<JobRow | null> {
  // A type this process leaves to other workers (env SKIP_JOB_TYPES); '' matches no type.
  const skipped = [...skip, ...(lane === 'short' ? LONG_JOB_TYPES : [])];
  if (!skipped.length) skipped.push('');
  const only =
    lane === 'long'
      ? sql`and type in (${sql.join(
          LONG_JOB_TYPES.map((t) => sql`${t}`),
          sql`, `,
        )})`
      : sql``;
  const res = await db.execute(sql`
    update ${jobs} set status = 'running', locked_at = now(), attempts = attempts + 1
    where id = (
      select id from ${jobs}
      where ((status = 'queued' and run_at <= now())
         or (status = 'running' and locked_at < now() - ${STALE_AFTER}::interval))
        and type not in (${sql.join(
          skipped.map((t) => sql`${t}`),
          sql`, `,
        )}) ${only}
      order by type in (${sql.join(
        YIELDING_JOB_TYPES.map((t) => sql`${t}`),
        sql`, `,
      )}), run_at, id
      for update skip locked
      limit 1
    )
    returning id`);
  const id = (res as unknown as { rows: { id: number }[] }).rows[0]?.id;
  if (id === undefined) return null;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job ?? null;
}

/** Runs one due job; false when there was none. A throwing handler is retried with backoff, then failed. */
export async function runNextJob(
  db: Db,
  handlers: JobHandlers,
  log?: Log,
  skip: readonly string[] = [],
  lane?: JobLane,
): Promise<boolean> {
  const job = await claim(db, skip, lane);
  if (!job) return false;
  const handler = handlers[job.type];
  const beat = setInterval(() => {
    db.update(jobs)
      .set({ lockedAt: sql`now()` })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')))
      .catch((err) => log?.warn({ err, jobId: job.id }, 'job heartbeat failed'));
  }, heartbeatMs);
  beat.unref();
  try {
    if (!handler) throw new Error(`No handler for job type ${job.type}`);
    await handler(job.payload, job);
    clearInterval(beat);
    await db.update(jobs).set({ status: 'done', lockedAt: null, lastError: null }).where(eq(jobs.id, job.id));
  } catch (err) {
    clearInterval(beat);
    const message = err instanceof Error ? err.message : String(err);
    const final = job.attempts >= MAX_ATTEMPTS || !handler;
    log?.error({ err, jobId: job.id, type: job.type }, final ? 'job failed' : 'job will be retried');
    await db
      .update(jobs)
      .set({
        status: final ? 'failed' : 'queued',
        lockedAt: null,
        lastError: message.slice(0, 2000),
        runAt: sql`now() + ${`${job.attempts * 30} seconds`}::interval`,
      })
      .where(eq(jobs.id, job.id));
  }
  return true;
}

/** Runs every due job now (tests, CLI). */
export async function drainJobs(db: Db, handlers: JobHandlers, log?: Log, max = 100) {
  let n = 0;
  while (n < max && (await runNextJob(db, handlers, log))) n += 1;
  return n;
}

const workers = new Set<() => void>();
/** Wakes this process's job workers at once (after an enqueue outside a transaction). */
export function notifyJobWorkers() {
  for (const kick of workers) kick();
}

/**
 * Polls for due jobs one at a time; kick() wakes it at once after an enqueue. `lane`: only the short or
 * only the long jobs (a process runs one worker of each, so mail never waits behind a track).
 */
export function startJobWorker(
  db: Db,
  handlers: JobHandlers,
  opts: { pollMs?: number; log?: Log; skipTypes?: readonly string[]; lane?: JobLane } = {},
) {
  const pollMs = opts.pollMs ?? 2000;
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const tick = () => {
    if (stopped || running) return;
    if (timer) clearTimeout(timer);
    running = (async () => {
      try {
        while (!stopped && (await runNextJob(db, handlers, opts.log, opts.skipTypes, opts.lane)));
      } catch (err) {
        opts.log?.warn({ err }, 'job worker poll failed');
      }
    })().finally(() => {
      running = null;
      if (!stopped) timer = setTimeout(tick, pollMs);
    });
  };
  timer = setTimeout(tick, 0);
  const kick = () => setImmediate(tick);
  workers.add(kick);
  return {
    kick,
    async stop() {
      stopped = true;
      workers.delete(kick);
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/**
 * A long job's progress (0-1) written into its payload as it goes, at most once per `step`. Writes run one
 * after another; await `settled()` before writing the result, so no progress write can overwrite it.
 */
export function progressWriter(db: Db, jobId: number, payload: Record<string, unknown>, step: number) {
  let written = 0;
  let writes = Promise.resolve();
  return {
    onProgress(share: number) {
      if (share - written < step) return;
      written = share;
      const progress = Math.round(share * 100) / 100;
      writes = writes
        .then(() =>
          db
            .update(jobs)
            .set({ payload: { ...payload, progress } })
            .where(eq(jobs.id, jobId)),
        )
        .then(
          () => undefined,
          () => undefined,
        );
    },
    settled: () => writes,
  };
}
