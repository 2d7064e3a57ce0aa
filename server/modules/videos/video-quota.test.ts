import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plans, players, subscriptions, videos } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer, multipart, sampleVideo } from '../analysis/analysis.fixtures';
import { GB } from './video-quota';

let t: TestApp;
let clip: Buffer;
let base: number;
beforeAll(async () => {
  clip = await sampleVideo();
  // Room for two sample clips and a half: the third upload of a family does not fit.
  base = Math.floor(clip.length * 2.5);
  t = await createTestApp({ VIDEO_STORAGE_BASE_BYTES: String(base) });
});
afterAll(() => t.close());

const storedVideos = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'uploads', 'videos')).length;
  } catch {
    return 0;
  }
};
const upload = (user: TestUser, playerId: number) =>
  as(t, user, {
    method: 'POST',
    url: '/api/videos/upload',
    ...multipart({ playerId }, { field: 'file', name: 'clip.mp4', type: 'video/mp4', data: clip }),
  });
/** The file part first and the fields after it, so the family is known only once the file is stored. */
const uploadFileFirst = (user: TestUser, playerId: number) => {
  const b = 'filefirst';
  const payload = Buffer.concat([
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
    clip,
    Buffer.from(
      `\r\n--${b}\r\nContent-Disposition: form-data; name="playerId"\r\n\r\n${playerId}\r\n--${b}--\r\n`,
    ),
  ]);
  return as(t, user, {
    method: 'POST',
    url: '/api/videos/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  });
};
const familyVideos = async (playerId: number) =>
  (await t.db.select().from(videos).where(eq(videos.playerId, playerId))).length;

let family: TestUser;
let playerId: number;
beforeEach(async () => {
  family = await createUser(t);
  playerId = (await createPlayer(t, family)).id;
});

describe('a family without a plan has the base video storage', () => {
  it('uploads under the limit are stored with their size counted', async () => {
    const res = await upload(family, playerId);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(videos).where(eq(videos.id, res.json().id));
    expect(row.sizeBytes).toBe(clip.length);
    expect((await upload(family, playerId)).statusCode).toBe(201);
  });

  it('an upload that would pass the limit is refused with STORAGE_QUOTA_EXCEEDED, nothing stored', async () => {
    expect((await upload(family, playerId)).statusCode).toBe(201);
    expect((await upload(family, playerId)).statusCode).toBe(201);
    const files = storedVideos();
    const res = await upload(family, playerId);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
      message: expect.stringMatching(/does not fit in your video storage.*Upgrade your plan/),
    });
    expect(storedVideos()).toBe(files);
    expect(await familyVideos(playerId)).toBe(2);
  });

  it('the same refusal when the fields come after the file: the stored file is removed again', async () => {
    expect((await uploadFileFirst(family, playerId)).statusCode).toBe(201);
    expect((await uploadFileFirst(family, playerId)).statusCode).toBe(201);
    const files = storedVideos();
    const res = await uploadFileFirst(family, playerId);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(storedVideos()).toBe(files);
    expect(await familyVideos(playerId)).toBe(2);
  });

  it('a family at its limit is refused before any byte is stored; counting spans all its players', async () => {
    const second = await createPlayer(t, family, { firstName: 'Sib' });
    await t.db.insert(videos).values({ playerId: second.id, url: '/files/x', sizeBytes: base });
    const files = storedVideos();
    const res = await upload(family, playerId);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^Your video storage is full/);
    expect(storedVideos()).toBe(files);
  });

  it("another family is not affected by a full family's storage", async () => {
    await t.db.insert(videos).values({ playerId, url: '/files/x', sizeBytes: base });
    expect((await upload(family, playerId)).statusCode).toBe(413);
    const other = await createUser(t);
    const otherPlayer = await createPlayer(t, other);
    expect((await upload(other, otherPlayer.id)).statusCode).toBe(201);
  });

  it('two uploads at once when only one fits: exactly one is stored, the other refused and its file removed', async () => {
    await t.db
      .insert(videos)
      .values({ playerId, url: '/files/x', sizeBytes: base - Math.floor(clip.length * 1.5) });
    const files = storedVideos();
    const results = await Promise.all([
      upload(family, playerId),
      uploadFileFirst(family, playerId),
      upload(family, playerId),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 413, 413]);
    expect(storedVideos()).toBe(files + 1);
    expect(await familyVideos(playerId)).toBe(2);
  });
});

describe("a family with a plan has the plan's videoStorageLimit", () => {
  it('a running Economy subscription (5 GB) raises the limit; the same family is refused past 5 GB', async () => {
    const [economy] = await t.db.select().from(plans).where(eq(plans.key, 'economy'));
    expect(economy.videoStorageLimit).toBe(5);
    await t.db.insert(subscriptions).values({ userId: family.id, planId: economy.id, status: 'active' });
    const [filler] = await t.db
      .insert(videos)
      .values({ playerId, url: '/files/x', sizeBytes: 5 * GB - 2 * clip.length })
      .returning();
    expect((await upload(family, playerId)).statusCode).toBe(201);
    expect((await upload(family, playerId)).statusCode).toBe(201);
    expect((await upload(family, playerId)).statusCode).toBe(413);
    // A cancelled subscription no longer counts: back to the base allowance, far below what is stored.
    await t.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, family.id));
    await t.db.update(videos).set({ sizeBytes: 0 }).where(eq(videos.id, filler.id));
    expect((await upload(family, playerId)).statusCode).toBe(413);
    expect((await t.db.select().from(players).where(eq(players.userId, family.id))).length).toBe(1);
  });
});
