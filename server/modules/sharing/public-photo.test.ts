import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { players } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { uploadPhoto } from '../players/player-fixtures';
import { sharedPlayerFixture } from './sharing.fixtures';

// Decision 197: the public profile has its own link to the photo, bound to the share: it stops
// working the moment the family turns sharing off, replaces the link or unticks the photo.
let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const share = (playerId: number, payload: object) =>
  as(t, owner, { method: 'PUT', url: `/api/players/${playerId}/share`, payload });

async function sharedWithPhoto() {
  const upload = await uploadPhoto(t, owner);
  const player = await sharedPlayerFixture(t, owner);
  await t.db
    .update(players)
    .set({ photoUrl: upload.split('?')[0] })
    .where(eq(players.id, player.id));
  const on = await share(player.id, { enabled: true });
  expect(on.statusCode).toBe(200);
  const profile = (await get(`${on.json().path}/profile.json`)).json();
  return { player, path: on.json().path as string, photo: profile.photoUrl as string, upload };
}

describe("the public profile's photo", () => {
  it('is a link of the page itself, not the stored file, and anyone with the page can open it', async () => {
    const { path, photo, upload } = await sharedWithPhoto();
    expect(photo).toMatch(new RegExp(`^${path}/photo/[\\w-]{16}\\.webp$`));
    const key = upload.split('?')[0].replace('/files/photos/', '').replace('.webp', '');
    expect(photo).not.toContain(key);
    expect((await get(path)).body).toContain(`<img src="${photo}"`);

    const res = await get(photo);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    // A browser asks again on each view; while nothing changed the answer is a small 304.
    const again = await get(photo, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    // The share image still shows the photo.
    expect((await get(`${path}/share.png`)).statusCode).toBe(200);
  });

  it('stops working the moment sharing is turned off, and works again when it is turned on', async () => {
    const { player, photo } = await sharedWithPhoto();
    expect((await get(photo)).statusCode).toBe(200);
    expect((await share(player.id, { enabled: false })).statusCode).toBe(200);
    expect((await get(photo)).statusCode).toBe(404);
    const cached = await get(photo, { 'if-none-match': '"anything"' });
    expect(cached.statusCode).toBe(404);
    expect((await share(player.id, { enabled: true })).statusCode).toBe(200);
    expect((await get(photo)).statusCode).toBe(200);
  });

  it('stops working when the family unticks the photo or replaces the link', async () => {
    const { player, path, photo } = await sharedWithPhoto();
    expect((await share(player.id, { show: { photo: false } })).statusCode).toBe(200);
    expect((await get(photo)).statusCode).toBe(404);
    expect((await get(`${path}/profile.json`)).json().photoUrl).toBeNull();
    expect((await share(player.id, { show: { photo: true } })).statusCode).toBe(200);
    expect((await get(photo)).statusCode).toBe(200);

    const renewed = await as(t, owner, { method: 'POST', url: `/api/players/${player.id}/share/new-link` });
    expect(renewed.statusCode).toBe(200);
    expect((await get(photo)).statusCode).toBe(404);
  });

  it('answers 404 for any other name under the page, and the stored file still needs a signature', async () => {
    const { path, upload } = await sharedWithPhoto();
    expect((await get(`${path}/photo/AAAAAAAAAAAAAAAA.webp`)).statusCode).toBe(404);
    expect((await get(`/p/not-a-slug/photo/AAAAAAAAAAAAAAAA.webp`)).statusCode).toBe(404);
    expect((await get(upload.split('?')[0])).statusCode).toBe(403);
  });
});
