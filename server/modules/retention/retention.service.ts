import { and, asc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { analyticsEvents, jobs, mailOutbox, sessions, paymentEvents } from '../../db/schema';
import type { Env } from '../../env';

export interface RetentionPolicy {
  analyticsDays: number;
  mailDays: number;
  sessionDays: number;
  jobDays: number;
  webhookEventDays: number;
  batchSize: number;
}

export const retentionPolicy = (env: Env): RetentionPolicy => ({
  analyticsDays: env.RETENTION_ANALYTICS_DAYS,
  mailDays: env.RETENTION_MAIL_DAYS,
  sessionDays: env.RETENTION_SESSION_DAYS,
  jobDays: env.RETENTION_JOB_DAYS,
  webhookEventDays: env.RETENTION_WEBHOOK_EVENT_DAYS,
  batchSize: env.RETENTION_BATCH_SIZE,
});

interface Target {
  name: string;
  table: PgTable;
  key: PgColumn;
  days: (p: RetentionPolicy) => number;
  /** Rows old enough to go, given the cutoff. */
  expired: (cutoff: Date) => SQL | undefined;
}

/** What is purged and from when (decision 062). Jobs still queued or running are never touched. */
const TARGETS: Target[] = [
  {
    name: 'analytics_events',
    table: analyticsEvents,
    key: analyticsEvents.id,
    days: (p) => p.analyticsDays,
    expired: (c) => lt(analyticsEvents.createdAt, c),
  },
  {
    name: 'mail_outbox',
    table: mailOutbox,
    key: mailOutbox.id,
    days: (p) => p.mailDays,
    expired: (c) => lt(mailOutbox.createdAt, c),
  },
  {
    name: 'sessions',
    table: sessions,
    key: sessions.sid,
    days: (p) => p.sessionDays,
    expired: (c) => lt(sessions.expiresAt, c),
  },
  {
    name: 'jobs',
    table: jobs,
    key: jobs.id,
    days: (p) => p.jobDays,
    expired: (c) => and(inArray(jobs.status, ['done', 'failed']), lt(jobs.createdAt, c)),
  },
  {
    name: 'stripe_events',
    table: paymentEvents,
    key: paymentEvents.id,
    days: (p) => p.webhookEventDays,
    expired: (c) => lt(paymentEvents.createdAt, c),
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** One small batch from one table: short transactions, no long locks, whatever the backlog. */
async function purgeBatch(db: Db, t: Target, cutoff: Date, size: number) {
  const doomed = db
    .select({ key: t.key })
    .from(t.table)
    .where(t.expired(cutoff))
    .orderBy(asc(t.key))
    .limit(size);
  const res = await db.delete(t.table).where(inArray(t.key, doomed)).returning({ key: t.key });
  return res.length;
}

/**
 * Purges every table by up to `maxBatches` batches, with cutoffs taken from `now` (tests pass a
 * controlled clock). `more` says a table still had a full batch left: the caller schedules another pass.
 */
export async function purgeExpired(db: Db, policy: RetentionPolicy, now: Date, maxBatches = 10) {
  const deleted: Record<string, number> = {};
  let more = false;
  for (const t of TARGETS) {
    const cutoff = new Date(now.getTime() - t.days(policy) * DAY_MS);
    deleted[t.name] = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n = await purgeBatch(db, t, cutoff, policy.batchSize);
      deleted[t.name] += n;
      if (n < policy.batchSize) break;
      if (i === maxBatches - 1) more = true;
    }
  }
  return { deleted, more };
}

export const RETENTION_JOB = 'retention.purge';

/** Queues a purge unless one is already waiting or running (instances share the queue). */
export async function schedulePurge(db: Db) {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, RETENTION_JOB), inArray(jobs.status, ['queued', 'running'])))
    .limit(1);
  if (pending) return null;
  const [row] = await db.insert(jobs).values({ type: RETENTION_JOB, payload: {} }).returning({ id: jobs.id });
  return row.id;
}
