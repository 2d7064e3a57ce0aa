import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, jobs, kindReceipts, mailOutbox, videos } from '../../db/schema';
import { insertReceiptRevision } from '../measurements';
import { drainJobs } from '../../lib/jobs';
import { mailJobHandlers } from '../../lib/mail-jobs';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer, multipart, requestSpeed } from '../analysis/analysis.fixtures';
import { videoJobHandlers } from './video-processing';
import { purgeUnreadable, schedulePurgeUnreadable, VIDEO_PURGE_JOB } from './video-unreadable';

let t: TestApp;
let family: TestUser;
let player: Awaited<ReturnType<typeof createPlayer>>;
beforeAll(async () => {
  t = await createTestApp();
  family = await createUser(t, { credits: 3 });
  player = await createPlayer(t, family, { firstName: 'Avery', lastName: 'Stone' });
});
afterAll(() => t.close());

/** The controlled clock: processing happens at T0; removal is due 30 days later. */
const T0 = new Date('2031-03-01T10:00:00Z');
const daysAfter = (d: number) => new Date(T0.getTime() + d * 86_400_000);
const handlers = (now: Date) => ({
  ...videoJobHandlers(t.db, t.app.storage, {
    clock: () => now,
    retentionDays: 30,
    appUrl: 'https://va.example',
  }),
  ...mailJobHandlers(t.app.mailer),
});

// Starts like an MP4 (so the upload is accepted), but ffmpeg cannot read it.
const unreadable = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.alloc(500, 1),
]);
async function uploadUnreadable() {
  const res = await upload();
  expect(res.statusCode, res.body).toBe(201);
  await drainJobs(t.db, handlers(T0));
  const [row] = await t.db.select().from(videos).where(eq(videos.id, res.json().id));
  return row;
}
function upload() {
  return as(t, family, {
    method: 'POST',
    url: '/api/videos/upload',
    ...multipart(
      { playerId: player.id },
      { field: 'file', name: 'c.mp4', type: 'video/mp4', data: unreadable },
    ),
  });
}
const storedVideoFiles = () => readdirSync(path.join(t.dataDir, 'uploads', 'videos'));
const exists = async (id: number) => (await t.db.select().from(videos).where(eq(videos.id, id))).length === 1;

describe('an unreadable video', () => {
  it('is deleted at once: only its row stays, the family is mailed once with the date and the library says so', async () => {
    const before = (await t.db.select().from(mailOutbox)).length;
    const res = await upload();
    const [stored] = await t.db.select().from(videos).where(eq(videos.id, res.json().id));
    expect(storedVideoFiles()).toContain(path.basename(stored.storageKey!));
    await drainJobs(t.db, handlers(T0));
    const [row] = await t.db.select().from(videos).where(eq(videos.id, res.json().id));
    expect(row.status).toBe('failed');
    expect(row.unreadableAt).toEqual(T0);
    expect(row.removeAfter).toEqual(daysAfter(30));
    // Decision 196: the file is gone now, not in 30 days; the row names no file and counts no bytes.
    expect(await t.app.storage.size(stored.storageKey!)).toBeNull();
    expect(storedVideoFiles()).not.toContain(path.basename(stored.storageKey!));
    expect(row).toMatchObject({ storageKey: null, url: '', sizeBytes: 0 });
    const mails = (await t.db.select().from(mailOutbox)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: family.email, subject: 'A video of Avery Stone could not be read' });
    expect(mails[0].text).toContain(
      'The file has been deleted; the library shows this notice until Mar 31, 2031.',
    );
    expect(mails[0].text).toContain(`https://va.example/players/${player.id}/videos`);
    const list = (await as(t, family, { method: 'GET', url: `/api/videos/${player.id}` })).json();
    expect(list.videos.find((v: { id: number }) => v.id === row.id)).toMatchObject({
      status: 'failed',
      removeOn: daysAfter(30).toISOString(),
    });
  });

  it('its row stays until the removal date, then the queued purge job removes it', async () => {
    const row = await uploadUnreadable();
    expect((await purgeUnreadable(t.db, t.app.storage, daysAfter(29))).removed).not.toContain(row.id);
    expect(await exists(row.id)).toBe(true);

    expect(await schedulePurgeUnreadable(t.db)).toEqual(expect.any(Number));
    expect(await schedulePurgeUnreadable(t.db)).toBeNull();
    await drainJobs(t.db, handlers(daysAfter(31)));
    expect(await exists(row.id)).toBe(false);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.type, VIDEO_PURGE_JOB));
    expect(job.status).toBe('done');
  });

  it('is never removed while an analysis request, a result or a receipt refers to it', async () => {
    const source = await uploadUnreadable();
    const result = await uploadUnreadable();
    const measured = await uploadUnreadable();
    const req = (await requestSpeed(t, family, player.id, player.primaryPositionId)).json();
    await t.db
      .update(analysisRequests)
      .set({ sourceVideoId: source.id })
      .where(eq(analysisRequests.id, req.id));
    await t.db.update(videos).set({ analysisRequestId: req.id }).where(eq(videos.id, result.id));
    await insertReceiptRevision(t.db, {
      requestId: req.id,
      videoId: measured.id,
      analystName: 'A',
      maxSpeed: 20,
      plusMinus: 0.3,
      methodLabel: 'm',
      data: {},
      stillKeys: [],
    });
    // A 40's or a jump's receipt (kind_receipts) names the video it was measured on, too.
    const timed = await uploadUnreadable();
    const kindReq = (await requestSpeed(t, family, player.id, player.primaryPositionId)).json();
    await t.db.insert(kindReceipts).values({
      requestId: kindReq.id,
      kind: 'forty',
      direction: 'lower',
      videoId: timed.id,
      analystName: 'A',
      value: 4.62,
      plusMinus: 0.02,
      methodLabel: 'm',
      data: {},
      stillKeys: [],
    });
    const { removed } = await purgeUnreadable(t.db, t.app.storage, daysAfter(365));
    expect(removed).not.toContain(source.id);
    expect(removed).not.toContain(result.id);
    expect(removed).not.toContain(measured.id);
    expect(removed).not.toContain(timed.id);
    expect(await exists(source.id)).toBe(true);
    expect(await exists(measured.id)).toBe(true);
    expect(await exists(timed.id)).toBe(true);
  });

  it('a readable video is never marked nor removed', async () => {
    const readable = await t.db
      .insert(videos)
      .values({ playerId: player.id, url: '/files/x', status: 'ready' })
      .returning();
    await purgeUnreadable(t.db, t.app.storage, daysAfter(10_000));
    expect(await exists(readable[0].id)).toBe(true);
  });
});
