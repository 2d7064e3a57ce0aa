import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../db/schema';
import { LONG_JOBS_PER_USER, longJobsMessage, runNextJob } from '../lib/jobs';
import { mailJobHandlers } from '../lib/mail-jobs';
import { createPlayer, multipart, requestSpeed } from '../modules/analysis/analysis.fixtures';
import { makeFieldClip } from '../modules/measurements/tracking/field-clip.fixtures';
import { as, createTestApp, createUser, type TestApp, type TestUser } from './helpers';

/**
 * Issue 50, finding 5: at most 3 long jobs (tracks, 40 proposals) queued or running per user; the next
 * start is a 429 that says so, another user's is accepted, and mail does not wait behind them.
 */
let t: TestApp;
let family: TestUser;
let videoId: number;
const dir = mkdtempSync(path.join(tmpdir(), 'va-job-cap-'));

beforeAll(async () => {
  t = await createTestApp();
  const analyst = await createUser(t, { role: 'analyst' });
  family = await createUser(t, { credits: 3 });
  const player = await createPlayer(t, family);
  const req = (await requestSpeed(t, family, player.id, player.primaryPositionId)).json();
  const clip = await makeFieldClip(path.join(dir, 'run.mp4'), { fps: '30000/1001', seconds: 2.5 });
  const body = multipart(
    {},
    { field: 'file', name: 'run.mp4', type: 'video/mp4', data: readFileSync(clip.file) },
  );
  const res = await as(t, analyst, {
    method: 'POST',
    url: `/api/analysis-requests/${req.id}/source-video`,
    ...body,
  });
  expect(res.statusCode).toBe(201);
  videoId = res.json().video.id;
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const point = (frameIndex: number) => ({ frameIndex, x: 100, y: 200 });
const track = (who: TestUser) =>
  as(t, who, { method: 'POST', url: '/api/measurements/tracks', payload: { videoId, seeds: [point(10)] } });
const propose = (who: TestUser) =>
  as(t, who, {
    method: 'POST',
    url: '/api/measurements/forty/proposals',
    payload: { videoId, startLine: point(5), finishLine: point(60) },
  });
const longJobsOf = async (who: TestUser) =>
  (
    await t.db
      .select()
      .from(jobs)
      .where(inArray(jobs.status, ['queued', 'running']))
  ).filter((j) => (j.payload as { userId?: number }).userId === who.id);

describe('each user may have 3 long jobs queued or running (issue 50)', () => {
  it('the 4th track or proposal of one analyst is a 429 that says so; another analyst’s is accepted', async () => {
    const one = await createUser(t, { role: 'analyst' });
    const other = await createUser(t, { role: 'analyst' });
    expect((await track(one)).statusCode).toBe(202);
    expect((await propose(one)).statusCode).toBe(202);
    expect((await track(one)).statusCode).toBe(202);
    for (const fourth of [await track(one), await propose(one)]) {
      expect(fourth.statusCode, fourth.body).toBe(429);
      expect(fourth.json()).toEqual({ code: 'RATE_LIMITED', message: longJobsMessage() });
      expect(fourth.headers['retry-after']).toBe('30');
    }
    expect(longJobsMessage()).toContain(String(LONG_JOBS_PER_USER));
    expect(await longJobsOf(one)).toHaveLength(3);

    expect((await track(other)).statusCode).toBe(202);
    expect((await propose(other)).statusCode).toBe(202);

    // One of them finished (or failed): there is room for one more, and only one.
    const [first] = await longJobsOf(one);
    await t.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, first.id));
    expect((await track(one)).statusCode).toBe(202);
    expect((await track(one)).statusCode).toBe(429);
  });

  it('starts sent at once take 3 places, no more', async () => {
    const busy = await createUser(t, { role: 'analyst' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => track(busy)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 202, 202, 429, 429, 429]);
    expect(await longJobsOf(busy)).toHaveLength(3);
  });

  it('a password-reset mail is sent while long jobs are queued: the short lane takes it first', async () => {
    const queuedLong = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), inArray(jobs.type, ['track', 'forty-proposal'])));
    expect(queuedLong.length).toBeGreaterThanOrEqual(6);
    const res = await as(t, null, {
      method: 'POST',
      url: '/api/reset-password',
      payload: { email: family.email },
    });
    expect(res.statusCode).toBe(200);
    expect(await runNextJob(t.db, mailJobHandlers(t.app.mailer), undefined, [], 'short')).toBe(true);
    const sent = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, family.email));
    expect(sent.map((m) => m.subject).join()).toMatch(/reset/i);
    const stillQueued = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), inArray(jobs.type, ['track', 'forty-proposal'])));
    expect(stillQueued).toHaveLength(queuedLong.length);
  });
});
