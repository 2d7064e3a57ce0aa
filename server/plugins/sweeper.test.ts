import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { VIDEO_PURGE_JOB } from '../modules/videos/video-unreadable';
import { createTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DISABLE_JOBS: 'false' });
});
afterAll(() => t.close());

describe('housekeeping at start', () => {
  it('queues the purge of unreadable videos, and the job worker runs it', async () => {
    let rows: (typeof jobs.$inferSelect)[] = [];
    for (let i = 0; i < 240 && !rows.some((j) => j.status === 'done'); i++) {
      rows = await t.db.select().from(jobs).where(eq(jobs.type, VIDEO_PURGE_JOB));
      if (!rows.some((j) => j.status === 'done')) await new Promise((r) => setTimeout(r, 250));
    }
    expect(rows).toEqual([expect.objectContaining({ status: 'done', attempts: 1, lastError: null })]);
  });
});
