import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Db } from '../db/client';
import { jobs } from '../db/schema';

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

/**
 * Claims the oldest due job. SKIP LOCKED lets several instances poll one table without two of them
 * taking the same job (PGlite runs one query at a time, where it is simply a no-op).
 */
async function claim(db: Db, skip: readonly string[] = []): Promise<JobRow | null> {
  // A type this process leaves to other workers (env SKIP_JOB_TYPES); '' matches no type.
  const skipped = skip.length ? skip : [''];
  const res = await db.execute(sql`
    update ${jobs} set status = 'running', locked_at = now(), attempts = attempts + 1
    where id = (
      select id from ${jobs}
      where ((status = 'queued' and run_at <= now())
         or (status = 'running' and locked_at < now() - ${STALE_AFTER}::interval))
        and type not in (${sql.join(
          skipped.map((t) => sql`${t}`),
          sql`, `,
        )})
      order by run_at, id
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
): Promise<boolean> {
  const job = await claim(db, skip);
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

/** Polls for due jobs one at a time; kick() wakes it at once after an enqueue. */
export function startJobWorker(
  db: Db,
  handlers: JobHandlers,
  opts: { pollMs?: number; log?: Log; skipTypes?: readonly string[] } = {},
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
        while (!stopped && (await runNextJob(db, handlers, opts.log, opts.skipTypes)));
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
