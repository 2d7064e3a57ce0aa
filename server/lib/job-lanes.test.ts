import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECHECK_JOB } from '../modules/admin/admin-recheck.service';
import { FORTY_PROPOSAL_JOB } from '../modules/forty/forty-proposal.service';
import { TRACK_JOB, TRACK_LINES_JOB } from '../modules/measurements/tracking/track.service';
import { READINESS_JOB } from '../modules/videos/video-readiness';
import { createTestApp, type TestApp } from '../test/helpers';
import { enqueueJob, LONG_JOB_TYPES, runNextJob, startJobWorker, YIELDING_JOB_TYPES } from './jobs';
import { MAIL_JOB } from './mail-jobs';

/** The job queue's lanes (issue 50, finding 5): mail and short jobs never wait behind long ones. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the job queue in two lanes', () => {
  it('names the long job types as the modules do', () => {
    expect(LONG_JOB_TYPES).toEqual(
      expect.arrayContaining([TRACK_JOB, FORTY_PROPOSAL_JOB, RECHECK_JOB, READINESS_JOB, TRACK_LINES_JOB]),
    );
    expect(LONG_JOB_TYPES).not.toContain(MAIL_JOB);
    expect(YIELDING_JOB_TYPES).toEqual([TRACK_LINES_JOB]);
  });

  it('each lane claims only its own jobs', async () => {
    const ran: string[] = [];
    const handlers = {
      [TRACK_JOB]: async () => void ran.push('track'),
      [MAIL_JOB]: async () => void ran.push('mail'),
    };
    await enqueueJob(t.db, TRACK_JOB, { userId: 1 });
    await enqueueJob(t.db, MAIL_JOB, { to: 'a@example.com' });
    expect(await runNextJob(t.db, handlers, undefined, [], 'short')).toBe(true);
    expect(ran).toEqual(['mail']);
    expect(await runNextJob(t.db, handlers, undefined, [], 'short')).toBe(false);
    expect(await runNextJob(t.db, handlers, undefined, [], 'long')).toBe(true);
    expect(await runNextJob(t.db, handlers, undefined, [], 'long')).toBe(false);
    expect(ran).toEqual(['mail', 'track']);
  });

  it("takes a clip's lines found at upload after every other due long job (decision 344)", async () => {
    const ran: string[] = [];
    const handlers = {
      [TRACK_LINES_JOB]: async () => void ran.push('lines'),
      [TRACK_JOB]: async () => void ran.push('track'),
    };
    await enqueueJob(t.db, TRACK_LINES_JOB, { videoId: 1 });
    await enqueueJob(t.db, TRACK_LINES_JOB, { videoId: 2 });
    await enqueueJob(t.db, TRACK_JOB, { userId: 1 });
    while (await runNextJob(t.db, handlers, undefined, [], 'long'));
    expect(ran).toEqual(['track', 'lines', 'lines']);
  });

  it('a mail queued behind many long jobs is sent while the first of them still runs', async () => {
    let release = () => {};
    const blocked = new Promise<void>((r) => (release = r));
    let tracksStarted = 0;
    let mailedAt = 0;
    const handlers = {
      [TRACK_JOB]: async () => {
        tracksStarted++;
        await blocked;
      },
      [MAIL_JOB]: async () => void (mailedAt = Date.now()),
    };
    for (let i = 0; i < 20; i++) await enqueueJob(t.db, TRACK_JOB, { userId: 100 + i });
    const workers = (['short', 'long'] as const).map((lane) =>
      startJobWorker(t.db, handlers, { lane, pollMs: 50 }),
    );
    try {
      await new Promise((r) => setTimeout(r, 100));
      const queuedAt = Date.now();
      await enqueueJob(t.db, MAIL_JOB, { to: 'reset@example.com' });
      workers.forEach((w) => w.kick());
      for (let ms = 0; !mailedAt && ms < 5000; ms += 20) await new Promise((r) => setTimeout(r, 20));
      expect(mailedAt, 'the mail was sent').toBeGreaterThan(0);
      expect(mailedAt - queuedAt).toBeLessThan(1000);
      expect(tracksStarted, 'the first track still runs').toBe(1);
    } finally {
      release();
      await Promise.all(workers.map((w) => w.stop()));
    }
  });
});
