import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, users } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { insertPlayer } from '../leaderboard/leaderboard.fixtures';

let t: TestApp;
let admin: TestUser;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const PERIODS = [DAY, 7 * DAY, 30 * DAY, 90 * DAY];
/** For each period: one row a minute inside its edge and one a minute outside it. */
const EDGES = PERIODS.flatMap((p) => [p - MIN, p + MIN]);
const ago = (ms: number) => new Date(Date.now() - ms);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' }); // created and logged in just now
});
afterAll(() => t.close());

const report = async () => {
  const res = await as(t, admin, { method: 'GET', url: '/api/admin/reporting' });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('the reporting dashboard', () => {
  it('counts each period to the row: rows a minute inside each edge count, a minute outside do not', async () => {
    const before = await report();
    let n = 0;
    for (const age of EDGES) {
      n += 1;
      await t.db.insert(users).values({
        username: `edge${n}@r.test`,
        email: `edge${n}@r.test`,
        password: 'x',
        createdAt: ago(age),
        firstLoginAt: ago(age),
        lastLoginAt: ago(age),
        loginCount: 3,
      });
    }
    // Never logged in, created long ago: counts nowhere.
    await t.db
      .insert(users)
      .values({ username: 'old@r.test', email: 'old@r.test', password: 'x', createdAt: ago(400 * DAY) });
    const after = await report();
    // Inside 24h: 1 row; inside 7d: the 24h pair and one more; 30d: 5; 90d: 7.
    const delta = { last24Hours: 1, last7Days: 3, last30Days: 5, last90Days: 7 };
    for (const key of ['newUsers', 'activeUsers', 'firstTimeLogins'] as const) {
      for (const [period, d] of Object.entries(delta)) {
        expect(after[key][period] - before[key][period], `${key}.${period}`).toBe(d);
      }
    }
    expect(after.totalLogins - before.totalLogins).toBe(EDGES.length * 3);
  });

  it('counts requests processed (completed or rejected) in each period, not pending ones', async () => {
    const before = await report();
    const player = await insertPlayer(t.db, admin.id);
    const base = { playerId: player.id, userId: admin.id, hudlUrl: 'https://hudl.com/v', season: 2025 };
    for (const age of EDGES) {
      await t.db
        .insert(analysisRequests)
        .values({ ...base, status: 'completed', maxSpeed: 20, completedAt: ago(age), updatedAt: ago(age) });
      // A rejection without completedAt is timed by its last update.
      await t.db
        .insert(analysisRequests)
        .values({ ...base, status: 'rejected', rejectionReason: 'Other', updatedAt: ago(age) });
    }
    // Completed long ago but touched today: still timed by completion.
    await t.db
      .insert(analysisRequests)
      .values({ ...base, status: 'completed', completedAt: ago(100 * DAY), updatedAt: new Date() });
    await t.db.insert(analysisRequests).values({ ...base, status: 'pending', createdAt: ago(HOUR) });
    const after = await report();
    const delta = { last24Hours: 2, last7Days: 6, last30Days: 10, last90Days: 14 };
    for (const [period, d] of Object.entries(delta)) {
      expect(after.analystRequests[period] - before.analystRequests[period], period).toBe(d);
    }
  });

  it('averages the age in hours of the pending requests only', async () => {
    const fresh = await createTestApp();
    try {
      const boss = await createUser(fresh, { role: 'admin' });
      const get = async () => (await as(fresh, boss, { method: 'GET', url: '/api/admin/reporting' })).json();
      expect((await get()).averageRequestAge).toBeNull();
      const player = await insertPlayer(fresh.db, boss.id);
      const base = { playerId: player.id, userId: boss.id, hudlUrl: 'https://hudl.com/v', season: 2025 };
      await fresh.db.insert(analysisRequests).values([
        { ...base, status: 'pending', createdAt: ago(10 * HOUR) },
        { ...base, status: 'pending', createdAt: ago(20 * HOUR) },
        { ...base, status: 'completed', createdAt: ago(500 * HOUR), completedAt: new Date() },
      ]);
      expect((await get()).averageRequestAge).toBe(15);
    } finally {
      await fresh.close();
    }
  });

  it('has the shape of the specification', async () => {
    const r = await report();
    const periods = {
      last24Hours: expect.any(Number),
      last7Days: expect.any(Number),
      last30Days: expect.any(Number),
      last90Days: expect.any(Number),
    };
    expect(r).toEqual({
      newUsers: periods,
      analystRequests: periods,
      activeUsers: periods,
      firstTimeLogins: periods,
      totalLogins: expect.any(Number),
      averageRequestAge: expect.any(Number),
      // Issue 52 item 8 (admin-reporting-sales.test.ts checks their numbers).
      revenueCents: periods,
      sales: expect.any(Array),
      completedWithin72Hours: expect.any(Object),
      funnel: expect.any(Object),
    });
  });
});
