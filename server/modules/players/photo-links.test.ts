import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_URL_STEP_SECONDS } from '../../lib/storage';
import { videos } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer as insertPlayer } from '../analysis/analysis.fixtures';
import { playerBody, uploadPhoto } from './player-fixtures';

// Decision 197: a minor's photos and video thumbnails are served like the videos, through signed,
// expiring links, never to whoever has the bare path.
let t: TestApp;
let family: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  family = await createUser(t);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const bare = (url: string) => url.split('?')[0];
const expiresOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('expires'));
/** The same link with a signature that is wrong in one character. */
const tampered = (url: string) => {
  const u = new URL(url, 'http://x');
  const sig = u.searchParams.get('sig')!;
  u.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
  return `${u.pathname}${u.search}`;
};

async function playerWithPhoto(owner = family) {
  const upload = await uploadPhoto(t, owner);
  const res = await as(t, owner, {
    method: 'POST',
    url: '/api/players',
    payload: await playerBody(t, { photoUrl: upload }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; photoUrl: string }>();
}

describe("a player's photo", () => {
  it('is answered as a signed link that works for an hour or more, the same link all hour', async () => {
    const p = await playerWithPhoto();
    expect(p.photoUrl).toMatch(/^\/files\/photos\/[0-9a-f-]{36}\.webp\?expires=\d+&sig=[\w-]{43}$/);
    const now = Date.now() / 1000;
    expect(expiresOf(p.photoUrl) % IMAGE_URL_STEP_SECONDS).toBe(0);
    expect(expiresOf(p.photoUrl) - now).toBeGreaterThanOrEqual(3600 - 5);
    expect(expiresOf(p.photoUrl) - now).toBeLessThanOrEqual(7200);
    const again = (await as(t, family, { method: 'GET', url: `/api/players/${p.id}` })).json();
    // Two answers a moment apart give the same link, so the browser's cache keeps the picture
    // (unless the hour turned between them).
    if (expiresOf(again.photoUrl) === expiresOf(p.photoUrl)) expect(again.photoUrl).toBe(p.photoUrl);

    const file = await get(p.photoUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(file.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(3000);
    expect(maxAge).toBeLessThanOrEqual(7200);
  });

  it('is refused (403) without a signature, with a wrong one and with an expired one, signed in or not', async () => {
    const p = await playerWithPhoto();
    const key = bare(p.photoUrl).replace('/files/', '');
    for (const url of [bare(p.photoUrl), tampered(p.photoUrl), t.app.storage.url(key, -2 * 3600)]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('This link has expired. Reload the page to get a new one.');
      expect((await as(t, family, { method: 'GET', url })).statusCode, url).toBe(403);
    }
    expect(expiresOf(t.app.storage.url(key, -2 * 3600))).toBeLessThan(Date.now() / 1000);
  });

  it('is signed for an analyst and an admin too (they read the card), never for another family (404)', async () => {
    const p = await playerWithPhoto();
    for (const role of ['analyst', 'admin'] as const) {
      const staff = await createUser(t, { role });
      const seen = (await as(t, staff, { method: 'GET', url: `/api/players/${p.id}` })).json();
      expect((await get(seen.photoUrl)).statusCode).toBe(200);
    }
    const other = await createUser(t);
    expect((await as(t, other, { method: 'GET', url: `/api/players/${p.id}` })).statusCode).toBe(404);
  });

  it('cannot be claimed by its path alone: a new photo must carry the signature its upload answered', async () => {
    const theirs = await playerWithPhoto();
    const stranger = await createUser(t);
    for (const photoUrl of [bare(theirs.photoUrl), tampered(theirs.photoUrl)]) {
      const res = await as(t, stranger, {
        method: 'POST',
        url: '/api/players',
        payload: await playerBody(t, { photoUrl }),
      });
      expect(res.statusCode, photoUrl).toBe(400);
      expect(res.json().errors).toEqual({ photoUrl: 'Please upload the photo again' });
    }
    const mine = await uploadPhoto(t, stranger);
    const made = await as(t, stranger, {
      method: 'POST',
      url: '/api/players',
      payload: await playerBody(t, { photoUrl: mine }),
    });
    expect(made.statusCode).toBe(201);
    expect(bare(made.json().photoUrl)).toBe(bare(mine));
  });

  it("an edit keeps the player's own photo as the form holds it, signed (even expired) or bare", async () => {
    const p = await playerWithPhoto();
    const key = bare(p.photoUrl).replace('/files/', '');
    for (const photoUrl of [p.photoUrl, t.app.storage.url(key, -2 * 3600), bare(p.photoUrl)]) {
      const res = await as(t, family, {
        method: 'PUT',
        url: `/api/players/${p.id}`,
        payload: await playerBody(t, { photoUrl, firstName: 'Kept' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(bare(res.json().photoUrl)).toBe(bare(p.photoUrl));
    }
  });
});

describe("a video's thumbnail", () => {
  async function videoWithThumbnail(owner: TestUser) {
    const player = await insertPlayer(t, owner);
    const thumbnail = `thumbnails/${randomUUID()}.jpg`;
    await t.app.storage.put(thumbnail, Buffer.from('not really a jpeg'), 'image/jpeg');
    await t.db.insert(videos).values({
      playerId: player.id,
      url: `videos/${randomUUID()}.mp4`,
      status: 'ready',
      thumbnail,
      maxSpeed: 20.1,
    });
    return { player, thumbnail };
  }

  it('is listed as a signed link; without a valid, unexpired signature it is refused (403)', async () => {
    const { player, thumbnail } = await videoWithThumbnail(family);
    const list = (await as(t, family, { method: 'GET', url: `/api/videos/${player.id}` })).json();
    const link = list.videos[0].thumbnail as string;
    expect(bare(link)).toBe(`/files/${thumbnail}`);
    expect(link).toMatch(/\?expires=\d+&sig=[\w-]{43}$/);
    expect((await get(link)).statusCode).toBe(200);
    expect((await get(link)).headers['content-type']).toBe('image/jpeg');

    for (const url of [`/files/${thumbnail}`, tampered(link), t.app.storage.url(thumbnail, -2 * 3600)]) {
      expect((await get(url)).statusCode, url).toBe(403);
      expect((await as(t, family, { method: 'GET', url })).statusCode, url).toBe(403);
    }
  });
});
