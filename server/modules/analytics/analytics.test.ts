import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { analyticsEvents } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    payload: payload as any,
    headers: cookie ? { cookie } : {},
  });
const last = async () =>
  (await t.db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id)).limit(1))[0];
const count = async () => (await t.db.select().from(analyticsEvents)).length;

describe('analytics events', () => {
  it('stores a page view of a signed-in user, with the user', async () => {
    const u = await createUser(t);
    const res = await as(t, u, {
      method: 'POST',
      url: '/api/analytics/events',
      payload: { name: 'page_view', path: '/leaderboard' },
    });
    expect(res.statusCode).toBe(204);
    expect(await last()).toMatchObject({ name: 'page_view', path: '/leaderboard', userId: u.id });
  });

  it('stores a signed-out page view without a user, and a video play with its properties', async () => {
    expect((await post({ name: 'page_view', path: '/auth-page' })).statusCode).toBe(204);
    expect(await last()).toMatchObject({ userId: null, path: '/auth-page' });
    expect(
      (await post({ name: 'video_played', path: '/players/3', properties: { videoId: 12, playerId: 3 } }))
        .statusCode,
    ).toBe(204);
    expect(await last()).toMatchObject({ name: 'video_played', properties: { videoId: 12, playerId: 3 } });
  });

  it.each([
    [{ name: 'purchase' }, 'name'],
    [{}, 'name'],
    [{ name: 'page_view', path: '/verify-email?token=abc&email=a@b.c' }, 'path'],
    [{ name: 'page_view', path: 'https://evil.example/' }, 'path'],
    [{ name: 'page_view', path: `/${'x'.repeat(2048)}` }, 'path'],
    [{ name: 'video_played', properties: { nested: { a: 1 } } }, 'properties.nested'],
    [
      {
        name: 'video_played',
        properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
      },
      'properties',
    ],
  ])('refuses a bad event with 400 and stores nothing (%#)', async (payload, field) => {
    const before = await count();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await count()).toBe(before);
  });

  it('refuses another site posting events', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { name: 'page_view', path: '/' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('limits one address to 120 events a minute', async () => {
    const limited = await createTestApp({ DISABLE_RATE_LIMIT: 'false' });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/analytics/events',
          payload: { name: 'page_view', path: '/' },
        });
      for (let i = 0; i < 120; i++) expect((await send()).statusCode).toBe(204);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
