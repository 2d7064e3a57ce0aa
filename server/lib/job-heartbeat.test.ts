import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/helpers';
import { enqueueJob, runNextJob, setJobHeartbeat } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => {
  setJobHeartbeat(15_000);
  return t.close();
});

const row = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0];
/** As if a worker claimed the job and was killed `seconds` ago. */
const orphan = (id: number, seconds: number) =>
  t.db
    .update(jobs)
    .set({ status: 'running', attempts: 1, lockedAt: sql`now() - ${`${seconds} seconds`}::interval` })
    .where(eq(jobs.id, id));

describe('jobs whose worker died', () => {
  it('are reclaimed once their heartbeat is more than a minute old, not before', async () => {
    const fresh = await enqueueJob(t.db, 'test.orphan', { n: 'fresh' });
    await orphan(fresh, 30);
    const ran: unknown[] = [];
    const handlers = { 'test.orphan': async (p: any) => void ran.push(p.n) };
    expect(await runNextJob(t.db, handlers)).toBe(false);

    const dead = await enqueueJob(t.db, 'test.orphan', { n: 'dead' });
    await orphan(dead, 75);
    expect(await runNextJob(t.db, handlers)).toBe(true);
    expect(ran).toEqual(['dead']);
    expect(await row(dead)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await row(fresh)).toMatchObject({ status: 'running' });
  });

  it('a long job keeps beating, so it is never taken from a live worker', async () => {
    setJobHeartbeat(20);
    const id = await enqueueJob(t.db, 'test.long', {});
    let release!: () => void;
    const running = runNextJob(t.db, { 'test.long': () => new Promise<void>((r) => (release = r)) });
    await expect.poll(async () => (await row(id)).status).toBe('running');
    await t.db
      .update(jobs)
      .set({ lockedAt: sql`now() - interval '5 minutes'` })
      .where(eq(jobs.id, id));
    await expect.poll(async () => Date.now() - (await row(id)).lockedAt!.getTime()).toBeLessThan(60_000);
    expect(await runNextJob(t.db, { 'test.long': async () => undefined })).toBe(false);
    release();
    await running;
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});
