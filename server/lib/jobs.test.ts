import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { createTestApp, isRealPostgres, type TestApp } from '../test/helpers';
import { drainJobs, enqueueJob, runNextJob } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const row = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const makeDue = (id: number) =>
  t.db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(eq(jobs.id, id));

describe('the database job runner', () => {
  it('runs a queued job once and marks it done', async () => {
    const seen: unknown[] = [];
    const id = await enqueueJob(t.db, 'test.ok', { n: 1 });
    expect(await drainJobs(t.db, { 'test.ok': async (p) => void seen.push(p) })).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await runNextJob(t.db, { 'test.ok': async () => undefined })).toBe(false);
  });

  it('retries a failing job later, then marks it failed after three attempts', async () => {
    const id = await enqueueJob(t.db, 'test.flaky', {});
    const handlers = {
      'test.flaky': async () => {
        throw new Error('storage down');
      },
    };
    await runNextJob(t.db, handlers);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'storage down' });
    expect(await runNextJob(t.db, handlers)).toBe(false);
    for (let i = 0; i < 2; i += 1) {
      await makeDue(id);
      await runNextJob(t.db, handlers);
    }
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it.skipIf(!isRealPostgres())('two workers never take the same job (SKIP LOCKED)', async () => {
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, i) => enqueueJob(t.db, 'test.count', { i })),
    );
    const runs: number[] = [];
    const handlers = {
      'test.count': async (p: { i: number }) => {
        runs.push(p.i);
        await new Promise((r) => setTimeout(r, 20));
      },
    };
    await Promise.all([drainJobs(t.db, handlers), drainJobs(t.db, handlers), drainJobs(t.db, handlers)]);
    expect(runs.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const id of ids) expect((await row(id)).status).toBe('done');
  });
});
