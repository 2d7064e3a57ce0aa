import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, creditTransactions, plans } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { insertPlayer } from '../leaderboard/leaderboard.fixtures';

// Issue 52 item 8: revenue, plan and pack sales, the share completed within 72 hours, the funnel.
let t: TestApp;
let admin: TestUser;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const PERIODS = ['last24Hours', 'last7Days', 'last30Days', 'last90Days'] as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const report = async () => {
  const res = await as(t, admin, { method: 'GET', url: '/api/admin/reporting' });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const delta = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(PERIODS.map((p) => [p, after[p] - before[p]]));

describe('reporting: money, turnaround and the funnel', () => {
  it('sums revenue and counts each plan and package sold in each period; spends and old sales do not count', async () => {
    const all = await t.db.select().from(plans);
    const pack = all.find((p) => p.type === 'one_time')!;
    const plan = all.find((p) => p.type === 'subscription')!;
    const family = await createUser(t);
    const before = await report();
    const row = (o: Partial<typeof creditTransactions.$inferInsert>) =>
      t.db
        .insert(creditTransactions)
        .values({ userId: family.id, amounts: { max_speed: 1 }, type: 'purchase', ...o });
    await row({ planId: pack.id, metadata: { amountTotal: 1999 }, createdAt: ago(HOUR) });
    await row({ planId: pack.id, metadata: { amountTotal: 1999 }, createdAt: ago(100 * DAY) });
    await row({
      planId: plan.id,
      type: 'subscription_grant',
      metadata: { amountPaid: 8900 },
      createdAt: ago(10 * DAY),
    });
    await row({ planId: pack.id, type: 'spend', amounts: { max_speed: -1 }, createdAt: ago(HOUR) });
    const after = await report();

    expect(delta(after.revenueCents, before.revenueCents)).toEqual({
      last24Hours: 1999,
      last7Days: 1999,
      last30Days: 1999 + 8900,
      last90Days: 1999 + 8900,
    });
    const sold = (r: typeof after, id: number) => r.sales.find((s: { planId: number }) => s.planId === id);
    expect(sold(after, pack.id)).toMatchObject({ name: pack.name, type: 'one_time' });
    expect(delta(sold(after, pack.id).count, sold(before, pack.id).count)).toEqual({
      last24Hours: 1,
      last7Days: 1,
      last30Days: 1,
      last90Days: 1,
    });
    expect(delta(sold(after, plan.id).revenueCents, sold(before, plan.id).revenueCents)).toEqual({
      last24Hours: 0,
      last7Days: 0,
      last30Days: 8900,
      last90Days: 8900,
    });
  });

  it('gives the share of requests completed within 72 hours of being asked for', async () => {
    const before = await report();
    const player = await insertPlayer(t.db, admin.id);
    const base = { playerId: player.id, userId: admin.id, hudlUrl: 'https://hudl.com/v', season: 2025 };
    const completed = (askedHoursBefore: number, completedAgo: number) =>
      t.db.insert(analysisRequests).values({
        ...base,
        status: 'completed',
        maxSpeed: 20,
        createdAt: ago(completedAgo + askedHoursBefore * HOUR),
        completedAt: ago(completedAgo),
      });
    await completed(10, HOUR);
    await completed(71, HOUR);
    await completed(100, HOUR);
    await completed(5, 20 * DAY);
    // Rejected and pending requests are not completions.
    await t.db.insert(analysisRequests).values({ ...base, status: 'rejected', completedAt: ago(HOUR) });
    await t.db.insert(analysisRequests).values({ ...base, status: 'pending' });
    const after = await report();
    const day = after.completedWithin72Hours.last24Hours;
    const b = before.completedWithin72Hours.last24Hours;
    expect(day.completed - b.completed).toBe(3);
    expect(day.within72Hours - b.within72Hours).toBe(2);
    expect(
      after.completedWithin72Hours.last30Days.completed - before.completedWithin72Hours.last30Days.completed,
    ).toBe(4);
    if (b.completed === 0) expect(day.share).toBe(66.7);
  });

  it('follows the families who registered: player added, paid, requested, verified', async () => {
    const before = await report();
    await createUser(t);
    const withPlayer = await createUser(t);
    await insertPlayer(t.db, withPlayer.id);
    const verified = await createUser(t);
    const p = await insertPlayer(t.db, verified.id);
    await t.db.insert(creditTransactions).values({
      userId: verified.id,
      amounts: { max_speed: 1 },
      type: 'purchase',
      metadata: { amountTotal: 1999 },
    });
    await t.db.insert(analysisRequests).values({
      playerId: p.id,
      userId: verified.id,
      hudlUrl: 'https://hudl.com/v',
      season: 2025,
      status: 'completed',
      maxSpeed: 20,
      completedAt: new Date(),
    });
    await createUser(t, { role: 'analyst' }); // staff are not families
    const after = await report();
    const steps = ['registered', 'playerAdded', 'paid', 'requested', 'verified'] as const;
    const d = Object.fromEntries(
      steps.map((s) => [s, after.funnel.last24Hours[s] - before.funnel.last24Hours[s]]),
    );
    expect(d).toEqual({ registered: 3, playerAdded: 2, paid: 1, requested: 1, verified: 1 });
    expect(after.funnel.last90Days.registered - before.funnel.last90Days.registered).toBe(3);
  });

  it('documents the new fields in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/admin/reporting'].get;
    expect(op.description).toContain('`funnel`');
    const props = op.responses['200'].content['application/json'].schema.properties;
    for (const field of ['revenueCents', 'sales', 'completedWithin72Hours', 'funnel'])
      expect(props[field].description, field).toMatch(/\w/);
    expect(Object.keys(props.funnel.properties.last30Days.properties)).toEqual([
      'registered',
      'playerAdded',
      'paid',
      'requested',
      'verified',
    ]);
  });

  it('is for admins only: 401 signed out, 403 for a family and an analyst', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reporting' })).statusCode).toBe(401);
    for (const role of ['user', 'analyst'] as const) {
      const u = await createUser(t, { role });
      expect((await as(t, u, { method: 'GET', url: '/api/admin/reporting' })).statusCode).toBe(403);
    }
  });
});
