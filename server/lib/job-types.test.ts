import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/helpers';
import { enqueueJob, runNextJob } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statusOf = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0].status;

describe('job types left to other workers (SKIP_JOB_TYPES, decision 210)', () => {
  it('a web replica skipping tracking runs other jobs and leaves the track queued for a worker', async () => {
    const track = await enqueueJob(t.db, 'test.track', {});
    const mail = await enqueueJob(t.db, 'test.mail', {});
    const ran: string[] = [];
    const handlers = {
      'test.track': async () => void ran.push('track'),
      'test.mail': async () => void ran.push('mail'),
    };
    expect(await runNextJob(t.db, handlers, undefined, ['test.track'])).toBe(true);
    expect(await runNextJob(t.db, handlers, undefined, ['test.track'])).toBe(false);
    expect(ran).toEqual(['mail']);
    expect(await statusOf(track)).toBe('queued');
    expect(await statusOf(mail)).toBe('done');
    // The worker service skips nothing.
    expect(await runNextJob(t.db, handlers)).toBe(true);
    expect(ran).toEqual(['mail', 'track']);
    expect(await statusOf(track)).toBe('done');
  });
});
