import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, videoMedia, videos } from '../../db/schema';
import { FfmpegError } from '../../lib/ffmpeg';
import { drainJobs } from '../../lib/jobs';
import { MAIL_JOB } from '../../lib/mail-jobs';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer, multipart, sampleVideo } from '../analysis/analysis.fixtures';
import { videoJobHandlers } from './video-processing';

// ffmpeg plays the clip and makes its thumbnail, but the frame-by-frame probe cannot read it.
vi.mock('../../lib/media-probe', async (real) => ({
  ...(await real<typeof import('../../lib/media-probe')>()),
  probeMedia: async () => {
    throw new FfmpegError('no frame times');
  },
}));

let t: TestApp;
let family: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  family = await createUser(t);
});
afterAll(() => t.close());

describe('a video that plays but that the probe cannot read', () => {
  it('stays playable, is marked unreadable with a removal date, and its family is told', async () => {
    const player = await createPlayer(t, family);
    const res = await as(t, family, {
      method: 'POST',
      url: '/api/videos/upload',
      ...multipart(
        { playerId: player.id },
        { field: 'file', name: 'c.mp4', type: 'video/mp4', data: await sampleVideo() },
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    const now = new Date('2031-05-01T00:00:00Z');
    await drainJobs(t.db, videoJobHandlers(t.db, t.app.storage, { clock: () => now, retentionDays: 10 }));
    const [row] = await t.db.select().from(videos).where(eq(videos.id, res.json().id));
    expect(row).toMatchObject({
      status: 'ready',
      unreadableAt: now,
      removeAfter: new Date('2031-05-11T00:00:00Z'),
    });
    const [media] = await t.db.select().from(videoMedia).where(eq(videoMedia.videoId, row.id));
    expect(media).toMatchObject({ status: 'failed', error: 'no frame times' });
    const mail = (await t.db.select().from(jobs).where(eq(jobs.type, MAIL_JOB))).map(
      (j) => j.payload as { to: string; text: string },
    );
    expect(mail).toEqual([
      expect.objectContaining({
        to: family.email,
        text: expect.stringContaining('It will be removed on May 11, 2031'),
      }),
    ]);
  });
});
