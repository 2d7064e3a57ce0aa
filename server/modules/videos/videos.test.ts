import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, videos } from '../../db/schema';
import { drainJobs } from '../../lib/jobs';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import {
  complete,
  createPlayer,
  multipart,
  positionId,
  requestSpeed,
  sampleVideo,
} from '../analysis/analysis.fixtures';
import { measuredFields } from '../measurements/measurement.fixtures';
import { readinessJobHandlers } from '../analysis/readiness/readiness.service';
import { videoJobHandlers } from './video-processing';
import { VIDEO_JOB } from './videos.service';

let t: TestApp;
let owner: TestUser;
let player: Awaited<ReturnType<typeof createPlayer>>;
const LIMIT = 200_000;
beforeAll(async () => {
  t = await createTestApp({ VIDEO_MAX_BYTES: String(LIMIT) });
  owner = await createUser(t, { credits: 1 });
  player = await createPlayer(t, owner);
});
afterAll(() => t.close());

const storedVideos = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'uploads', 'videos'));
  } catch {
    return [];
  }
};
const upload = (
  user: TestUser | null,
  fields: Record<string, string | number>,
  data: Buffer,
  name = 'clip.mp4',
) =>
  as(t, user, {
    method: 'POST',
    url: '/api/videos/upload',
    ...multipart(fields, { field: 'file', name, type: 'video/mp4', data }),
  });
// Processing, and the readiness check it queues for each clip kind (decision 247).
const runJobs = () =>
  drainJobs(t.db, { ...videoJobHandlers(t.db, t.app.storage), ...readinessJobHandlers(t.db, t.app.storage) });

describe('uploading a video', () => {
  it('streams it to storage as pending; the job makes a thumbnail, reads the duration and marks it ready', async () => {
    const res = await upload(
      owner,
      { playerId: player.id, positionId: player.primaryPositionId },
      await sampleVideo(),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'pending',
      playerId: player.id,
      positionKey: 'WR',
      url: null,
      season: new Date().getFullYear(),
    });
    expect(await runJobs()).toBe(2);
    const list = (await as(t, owner, { method: 'GET', url: `/api/videos/${player.id}` })).json();
    const v = list.videos.find((x: { id: number }) => x.id === res.json().id);
    expect(v).toMatchObject({
      status: 'ready',
      thumbnail: expect.stringMatching(/^\/files\/thumbnails\/.+\.jpg\?expires=\d+&sig=/),
    });
    expect(v.durationSeconds).toBeCloseTo(2, 0);
    expect(v.url).toMatch(/^\/files\/videos\/.+\.mp4\?expires=\d+&sig=/);
    const file = await t.app.inject({ method: 'GET', url: v.url, headers: { range: 'bytes=0-99' } });
    expect(file.statusCode).toBe(206);
    expect(file.headers['content-range']).toMatch(/^bytes 0-99\//);
    const thumb = await t.app.inject({ method: 'GET', url: v.thumbnail });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  });

  it('accepts the file before the fields, as the specification orders them', async () => {
    const body = multipart(
      {},
      { field: 'file', name: 'a.mp4', type: 'video/mp4', data: await sampleVideo() },
    );
    const tail = multipart({ playerId: player.id });
    // Re-assemble: file part first, then the playerId field, under one boundary.
    const boundary = body.headers['content-type'].split('boundary=')[1];
    const fieldPart = tail.payload
      .toString()
      .split('\r\n')
      .slice(0, 4)
      .join('\r\n')
      .replace(/^--[^\r]+/, `--${boundary}`);
    const payload = Buffer.concat([
      body.payload.subarray(0, body.payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(`${fieldPart}\r\n--${boundary}--\r\n`),
    ]);
    const res = await as(t, owner, {
      method: 'POST',
      url: '/api/videos/upload',
      payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().positionId).toBeNull();
  });

  it('refuses content that is not a video (415), leaving nothing behind', async () => {
    const before = storedVideos().length;
    const res = await upload(
      owner,
      { playerId: player.id },
      Buffer.from('%PDF-1.7 definitely not a video'),
      'clip.mp4',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Please upload a video file (MP4, MOV or WebM)');
    expect(storedVideos()).toHaveLength(before);
  });

  it('refuses a file over the size limit (413), leaving nothing behind', async () => {
    const before = storedVideos().length;
    const rows = (await t.db.select().from(videos)).length;
    const big = Buffer.concat([await sampleVideo(), Buffer.alloc(LIMIT)]);
    const res = await upload(owner, { playerId: player.id }, big);
    expect(res.statusCode).toBe(413);
    expect(storedVideos()).toHaveLength(before);
    expect(await t.db.select().from(videos)).toHaveLength(rows);
  });

  it('marks an unreadable file failed after processing', async () => {
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(500, 1)]);
    const res = await upload(owner, { playerId: player.id }, fake);
    expect(res.statusCode).toBe(201);
    await runJobs();
    const [row] = await t.db.select().from(videos).where(eq(videos.id, res.json().id));
    expect(row.status).toBe('failed');
    expect(row.error).toBe('The file could not be read as a video');
    // Unreadable is an answer, not a crash: this video's job finished once, with no error to retry.
    const mine = (await t.db.select().from(jobs).where(eq(jobs.type, VIDEO_JOB)))
      .filter((j) => (j.payload as { videoId?: number }).videoId === row.id)
      .map((j) => ({ status: j.status, attempts: j.attempts, lastError: j.lastError }));
    expect(mine).toEqual([{ status: 'done', attempts: 1, lastError: null }]);
  });

  it("cannot upload to another user's player (404), to a foreign position (400) or signed out (401)", async () => {
    const stranger = await createUser(t);
    const before = storedVideos().length;
    expect((await upload(stranger, { playerId: player.id }, await sampleVideo())).statusCode).toBe(404);
    const qb = await positionId(t, 'QB');
    expect(
      (await upload(owner, { playerId: player.id, positionId: qb }, await sampleVideo())).statusCode,
    ).toBe(400);
    expect((await upload(null, { playerId: player.id }, await sampleVideo())).statusCode).toBe(401);
    expect(storedVideos()).toHaveLength(before);
  });

  it("an analyst, who may watch a family's videos, cannot add to their library (403)", async () => {
    const analyst = await createUser(t, { role: 'analyst' });
    const before = storedVideos().length;
    const res = await upload(analyst, { playerId: player.id }, await sampleVideo());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/family/);
    expect(storedVideos()).toHaveLength(before);
  });
});

describe('watching and downloading', () => {
  it('lists videos with the highest speed and IGA score for the owner and staff, 404 for others', async () => {
    const analyst = await createUser(t, { role: 'analyst' });
    const req = (await requestSpeed(t, owner, player.id, player.primaryPositionId)).json();
    const done = await complete(
      t,
      analyst,
      req.id,
      await measuredFields(t, analyst, req.id, { maxSpeed_percentile: '60' }),
    );
    expect(done.statusCode).toBe(200);
    const list = await as(t, owner, { method: 'GET', url: `/api/videos/${player.id}` });
    expect(list.json().stats).toMatchObject({
      highestSpeed: done.json().request.maxSpeed,
      highestIgaScore: null,
    });
    expect(list.body).not.toContain('storageKey');
    expect((await as(t, analyst, { method: 'GET', url: `/api/videos/${player.id}` })).statusCode).toBe(200);
    const stranger = await createUser(t);
    expect((await as(t, stranger, { method: 'GET', url: `/api/videos/${player.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/videos/${player.id}` })).statusCode).toBe(401);
  });

  it('gives a fresh signed URL and a download named video_{id}.mp4', async () => {
    const list = (await as(t, owner, { method: 'GET', url: `/api/videos/${player.id}` })).json();
    const v = list.videos.find((x: { status: string }) => x.status === 'ready');
    const fresh = await as(t, owner, {
      method: 'POST',
      url: '/api/videos/refresh-url',
      payload: { videoId: v.id },
    });
    expect(fresh.json()).toMatchObject({ url: expect.stringMatching(/sig=/), expiresIn: 600 });
    const byPath = await as(t, owner, {
      method: 'POST',
      url: '/api/videos/refresh-url',
      payload: { filePath: v.url },
    });
    expect(byPath.statusCode).toBe(200);
    const dl = await as(t, owner, { method: 'GET', url: `/api/video-download/${v.id}` });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="video_${v.id}.mp4"`);
    expect(dl.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const stranger = await createUser(t);
    expect((await as(t, stranger, { method: 'GET', url: `/api/video-download/${v.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await as(t, stranger, { method: 'POST', url: '/api/videos/refresh-url', payload: { videoId: v.id } }))
        .statusCode,
    ).toBe(404);
    // One character of the signature changed (to one it is not: 'sig=X...' once in 64 runs stayed the same).
    const url: string = fresh.json().url;
    const tamperedUrl = url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect(tamperedUrl).not.toBe(url);
    const tampered = await t.app.inject({ method: 'GET', url: tamperedUrl });
    expect(tampered.statusCode).toBe(403);
  });
});

describe('a clip has a name (decision 259)', () => {
  const named = (n: number) => 'x'.repeat(n);
  const rename = (user: TestUser | null, id: number, payload: unknown) =>
    as(t, user, { method: 'PATCH', url: `/api/videos/${id}`, payload: payload as Record<string, unknown> });
  const listed = async (id: number) =>
    (await as(t, owner, { method: 'GET', url: `/api/videos/${player.id}` }))
      .json()
      .videos.find((v: { id: number }) => v.id === id);

  it("is the file's name without its extension, trimmed and cut at 120 characters", async () => {
    const res = await upload(
      owner,
      { playerId: player.id },
      await sampleVideo(),
      '  Week 3 – 40 vs Allen .mp4',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('Week 3 – 40 vs Allen');
    expect((await listed(res.json().id)).name).toBe('Week 3 – 40 vs Allen');
    const long = await upload(owner, { playerId: player.id }, await sampleVideo(), `${named(200)}.mov`);
    expect(long.json().name).toBe(named(120));
  });

  it('is the name field when the upload sends one; a blank one leaves the file name', async () => {
    const typed = await upload(
      owner,
      { playerId: player.id, name: '  Senior year 40  ' },
      await sampleVideo(),
      'IMG_2041.mp4',
    );
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().name).toBe('Senior year 40');
    const blank = await upload(
      owner,
      { playerId: player.id, name: '   ' },
      await sampleVideo(),
      'IMG_2042.mp4',
    );
    expect(blank.json().name).toBe('IMG_2042');
  });

  it('refuses a name field over 120 characters before storing the file (400)', async () => {
    const before = storedVideos().length;
    const res = await upload(owner, { playerId: player.id, name: named(121) }, await sampleVideo());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("A clip's name is at most 120 characters");
    expect(storedVideos()).toHaveLength(before);
  });

  it('is null for a clip stored before names were kept', async () => {
    const [old] = await t.db
      .insert(videos)
      .values({ playerId: player.id, url: '/files/videos/old.mp4', status: 'ready' })
      .returning();
    expect((await listed(old.id)).name).toBeNull();
  });

  it("is changed by the player's family or an admin; the library shows the new name", async () => {
    const id = (await upload(owner, { playerId: player.id }, await sampleVideo(), 'IMG_1.mp4')).json().id;
    await listed(id); // the library's answer is kept until a write (decision 216): the rename must end it
    const res = await rename(owner, id, { name: '  Junior day 40  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Junior day 40', playerId: player.id });
    expect((await listed(id)).name).toBe('Junior day 40');
    const admin = await createUser(t, { role: 'admin' });
    const byAdmin = await rename(admin, id, { name: named(120) });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await listed(id)).name).toBe(named(120));
  });

  it('refuses a blank, missing or too long name with a clear message (400)', async () => {
    const id = (await upload(owner, { playerId: player.id }, await sampleVideo(), 'IMG_2.mp4')).json().id;
    const blank = await rename(owner, id, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please give the clip a name');
    const missing = await rename(owner, id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please give the clip a name');
    const long = await rename(owner, id, { name: named(121) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("A clip's name is at most 120 characters");
    expect((await listed(id)).name).toBe('IMG_2');
  });

  it('is not changed signed out (401), by another family or for a missing clip (404), or by an analyst (403)', async () => {
    const id = (await upload(owner, { playerId: player.id }, await sampleVideo(), 'IMG_3.mp4')).json().id;
    expect((await rename(null, id, { name: 'Mine' })).statusCode).toBe(401);
    const stranger = await createUser(t);
    const foreign = await rename(stranger, id, { name: 'Mine' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Video not found');
    expect((await rename(owner, 2_000_000, { name: 'Mine' })).statusCode).toBe(404);
    const analyst = await createUser(t, { role: 'analyst' });
    expect((await rename(analyst, id, { name: 'Mine' })).statusCode).toBe(403);
    expect((await listed(id)).name).toBe('IMG_3');
  });
});
