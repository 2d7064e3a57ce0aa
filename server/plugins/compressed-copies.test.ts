import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../test/helpers';
import { playerBody } from '../modules/players/player-fixtures';
import { completedSpeed, sharedPlayerFixture } from '../modules/sharing/sharing.fixtures';
import { encodingFor } from './compressed-copies';

describe('the encoding an answer is sent in', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0', null],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
    [' BR ; q=0.5 ', 'br'],
  ] as const)('%j -> %s', (accept, expected) => {
    expect(encodingFor(accept)).toBe(expected);
  });
});

let t: TestApp;
let parent: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  parent = await createUser(t);
});
afterAll(() => t.close());

const dashboard = (encoding?: string) =>
  as(t, parent, {
    method: 'GET',
    url: '/api/players',
    headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
  });
const decoded = (res: Awaited<ReturnType<typeof dashboard>>) => {
  const enc = res.headers['content-encoding'];
  const raw = res.rawPayload;
  return JSON.parse(
    (enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw).toString(),
  ) as { firstName: string }[];
};

describe('a kept answer travels compressed to a browser that accepts it', () => {
  it('a small answer goes as it is; a larger one as brotli or gzip, the same JSON, until a write changes it', async () => {
    await as(t, parent, {
      method: 'POST',
      url: '/api/players',
      payload: await playerBody(t, { firstName: 'Solo' }),
    });
    const small = await dashboard('gzip, deflate, br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('accept-encoding');

    for (const name of ['Second', 'Third'])
      await as(t, parent, {
        method: 'POST',
        url: '/api/players',
        payload: await playerBody(t, { firstName: name }),
      });
    const plain = await dashboard();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await dashboard('gzip, deflate, br, zstd');
    const gzip = await dashboard('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(decoded(br)).toEqual(plain.json());
    expect(decoded(gzip)).toEqual(plain.json());
    // The same copy for the next request.
    expect((await dashboard('br')).rawPayload.equals(br.rawPayload)).toBe(true);

    const id = plain.json()[0].id as number;
    const edit = await as(t, parent, {
      method: 'PUT',
      url: `/api/players/${id}`,
      payload: await playerBody(t, { firstName: 'Renamed' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = decoded(await dashboard('br'));
    expect(after.map((p) => p.firstName)).toContain('Renamed');
    expect(after).toEqual((await dashboard()).json());
  });

  it('a public profile page too', async () => {
    const owner = await createUser(t);
    const player = await sharedPlayerFixture(t, owner);
    await completedSpeed(t, player.id, 21.3);
    const on = await as(t, owner, {
      method: 'PUT',
      url: `/api/players/${player.id}/share`,
      payload: { enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const path = on.json().path as string;
    const plain = await t.app.inject({ method: 'GET', url: path });
    const gz = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.body).toContain('Casey');
  });
});
