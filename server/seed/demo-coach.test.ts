import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coaches, playerDiscovery, players, users } from '../db/schema';
import { as, createDemoApp, seedDemoData, login, type TestApp, type TestUser } from '../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoApp();
});
afterAll(() => t.close());

describe('the demo coach (decision 229)', () => {
  it("signs in as an approved coach and finds the league's shared players, not the demo family's", async () => {
    const coach = { cookie: await login(t, 'coach@demo.test', 'demo1234') } as TestUser;
    const me = await as(t, coach, { method: 'GET', url: '/api/user' });
    expect(me.json()).toMatchObject({ role: 'coach', firstName: 'Cam' });
    const res = await as(t, coach, { method: 'GET', url: '/api/coach/search?sort=speed&limit=50' });
    expect(res.statusCode).toBe(200);
    const found = res.json<{ items: { playerId: number; maxSpeed: { mph: number } | null }[] }>().items;
    expect(found.length).toBeGreaterThan(10);
    expect(found.every((p) => p.maxSpeed !== null)).toBe(true);
    const [parent] = await t.db.select().from(users).where(eq(users.username, 'parent@demo.test'));
    const family = await t.db.select({ id: players.id }).from(players).where(eq(players.userId, parent.id));
    expect(family.length).toBeGreaterThan(0);
    expect(found.map((p) => p.playerId)).not.toEqual(expect.arrayContaining([family[0].id]));
    // The family's switch is off, so it can try it.
    const off = await t.db
      .select()
      .from(playerDiscovery)
      .where(
        inArray(
          playerDiscovery.playerId,
          family.map((p) => p.id),
        ),
      );
    expect(off).toEqual([]);
    // A coach's profile view of a found player works, as the search's link leads there.
    const opened = await as(t, coach, { method: 'GET', url: `/api/coach/players/${found[0].playerId}` });
    expect(opened.statusCode).toBe(200);
  });

  it('is made once: a second start adds no coach and no discovery row', async () => {
    const before = await t.db.select().from(playerDiscovery);
    await seedDemoData(t.db);
    const held = await t.db.select().from(users).where(eq(users.username, 'coach@demo.test'));
    expect(held).toHaveLength(1);
    expect(await t.db.select().from(coaches).where(eq(coaches.userId, held[0].id))).toHaveLength(1);
    expect(await t.db.select().from(playerDiscovery)).toHaveLength(before.length);
  });
});
