import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, jobs, mailOutbox, sessions, paymentEvents } from '../../db/schema';
import { EnvError, loadEnv } from '../../env';
import { drainJobs } from '../../lib/jobs';
import { createTestApp, type TestApp } from '../../test/helpers';
import { retentionJobHandlers } from './retention.jobs';
import { purgeExpired, RETENTION_JOB, schedulePurge, type RetentionPolicy } from './retention.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RETENTION_BATCH_SIZE: '2' });
});
afterAll(() => t.close());

/** The controlled clock: every age below is measured back from this instant. */
const NOW = new Date('2031-06-01T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 24 * 60 * 60 * 1000);
const policy: RetentionPolicy = {
  analyticsDays: 395,
  mailDays: 30,
  sessionDays: 7,
  jobDays: 14,
  webhookEventDays: 90,
  batchSize: 2,
};

async function seed() {
  await t.db.delete(analyticsEvents);
  await t.db.delete(mailOutbox);
  await t.db.delete(sessions);
  await t.db.delete(jobs);
  await t.db.delete(paymentEvents);
  await t.db
    .insert(analyticsEvents)
    .values([400, 396, 396, 394, 1].map((d) => ({ name: 'page_view', createdAt: daysAgo(d) })));
  await t.db.insert(mailOutbox).values(
    [31, 45, 29].map((d) => ({
      to: 'a@example.com',
      subject: `${d} days`,
      text: 'x',
      createdAt: daysAgo(d),
    })),
  );
  await t.db.insert(sessions).values([
    { sid: 'ended-long-ago', data: { revoked: true }, expiresAt: daysAgo(8) },
    { sid: 'ended-yesterday', data: { revoked: true }, expiresAt: daysAgo(1) },
    { sid: 'live', data: { userId: 1 }, expiresAt: new Date(NOW.getTime() + 86_400_000) },
  ]);
  await t.db.insert(jobs).values([
    { type: 'video.process', payload: {}, status: 'done', createdAt: daysAgo(15) },
    { type: 'video.process', payload: {}, status: 'failed', createdAt: daysAgo(20) },
    {
      type: 'video.process',
      payload: {},
      status: 'queued',
      createdAt: daysAgo(30),
      runAt: new Date('2099-01-01'),
    },
    { type: 'video.process', payload: {}, status: 'done', createdAt: daysAgo(2) },
  ]);
  await t.db.insert(paymentEvents).values([
    { id: 'evt_old', type: 'invoice.paid', createdAt: daysAgo(91) },
    { id: 'evt_recent', type: 'invoice.paid', createdAt: daysAgo(89) },
  ]);
}

async function remaining() {
  return {
    analytics: (await t.db.select().from(analyticsEvents))
      .map((r) => Math.round((NOW.getTime() - r.createdAt.getTime()) / 86_400_000))
      .sort((a, b) => a - b),
    mail: (await t.db.select().from(mailOutbox)).map((r) => r.subject),
    sessions: (await t.db.select().from(sessions)).map((r) => r.sid).sort(),
    jobs: (await t.db.select().from(jobs))
      .filter((j) => j.type !== RETENTION_JOB)
      .map((j) => j.status)
      .sort(),
    events: (await t.db.select().from(paymentEvents)).map((e) => e.id),
  };
}

const KEPT = {
  analytics: [1, 394],
  mail: ['29 days'],
  sessions: ['ended-yesterday', 'live'],
  jobs: ['done', 'queued'],
  events: ['evt_recent'],
};

describe('retention', () => {
  it('purges what is older than each period and keeps the rest (queued jobs and live sessions always stay)', async () => {
    await seed();
    const { deleted, more } = await purgeExpired(t.db, policy, NOW);
    expect(deleted).toEqual({ analytics_events: 3, mail_outbox: 2, sessions: 1, jobs: 2, stripe_events: 1 });
    expect(more).toBe(false);
    expect(await remaining()).toEqual(KEPT);
  });

  it('works in small batches: a pass stops after its batches and says more is left', async () => {
    await seed();
    const first = await purgeExpired(t.db, policy, NOW, 1);
    expect(first.deleted.analytics_events).toBe(2);
    expect(first.more).toBe(true);
    expect((await t.db.select().from(analyticsEvents)).length).toBe(3);
  });

  it('runs from the job queue: a backlog queues the next pass until everything old is gone', async () => {
    await seed();
    expect(await schedulePurge(t.db)).toEqual(expect.any(Number));
    expect(await schedulePurge(t.db)).toBeNull();
    const ran = await drainJobs(
      t.db,
      retentionJobHandlers(t.db, t.app.env, () => NOW, 1),
    );
    expect(ran).toBe(2);
    expect(await remaining()).toEqual(KEPT);
    const purgeJobs = (await t.db.select().from(jobs).where(eq(jobs.type, RETENTION_JOB))).map(
      (j) => j.status,
    );
    expect(purgeJobs.every((s) => s === 'done')).toBe(true);
  });

  it('nothing is purged before its time: two days earlier, rows that were just old enough stay', async () => {
    await seed();
    const earlier = new Date(NOW.getTime() - 2 * 86_400_000);
    const { deleted } = await purgeExpired(t.db, policy, earlier);
    expect(deleted).toEqual({ analytics_events: 1, mail_outbox: 1, sessions: 0, jobs: 1, stripe_events: 0 });
  });

  it('periods come from the environment, and a webhook period under Stripe’s retry window is refused at start', () => {
    const env = loadEnv({ NODE_ENV: 'test', RETENTION_ANALYTICS_DAYS: '30', RETENTION_MAIL_DAYS: '7' });
    expect(env).toMatchObject({
      RETENTION_ANALYTICS_DAYS: 30,
      RETENTION_MAIL_DAYS: 7,
      RETENTION_SESSION_DAYS: 7,
      RETENTION_JOB_DAYS: 14,
      RETENTION_WEBHOOK_EVENT_DAYS: 90,
    });
    expect(() =>
      loadEnv({ NODE_ENV: 'test', RETENTION_WEBHOOK_EVENT_DAYS: '5', RETENTION_JOB_DAYS: '0' }),
    ).toThrow(EnvError);
    try {
      loadEnv({ NODE_ENV: 'test', RETENTION_WEBHOOK_EVENT_DAYS: '5', RETENTION_JOB_DAYS: '0' });
    } catch (err) {
      expect((err as EnvError).problems.join('\n')).toMatch(
        /RETENTION_WEBHOOK_EVENT_DAYS: must be at least 30/,
      );
      expect((err as EnvError).problems.join('\n')).toMatch(/RETENTION_JOB_DAYS/);
    }
  });
});
