import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { formatResultDate } from '../../contract/result-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, kindReceipts, players, referenceData, users } from '../db/schema';
import { createDemoApp, login, type TestApp } from '../test/helpers';
import { recomputePlayerSpeed } from '../modules/measurements';
import { seedDemoLeaderboard } from './demo-leaderboard';
import { ensureDemoMeasurements } from './demo-measurements';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoApp();
});
afterAll(() => t.close());

describe('demo data a newcomer can check', () => {
  it("measures each demo player's latest speed with a receipt, gives the pending request a source clip, once", async () => {
    await ensureDemoMeasurements(t.app);
    const [parent] = await t.db.select().from(users).where(eq(users.username, 'parent@demo.test'));
    const family = await t.db.select().from(players).where(eq(players.userId, parent.id));
    const reqs = await t.db
      .select()
      .from(analysisRequests)
      .where(
        inArray(
          analysisRequests.playerId,
          family.map((p) => p.id),
        ),
      );
    const receiptsOfFamily = () =>
      t.db
        .select()
        .from(kindReceipts)
        .where(
          inArray(
            kindReceipts.requestId,
            reqs.map((r) => r.id),
          ),
        );
    const receipts = await receiptsOfFamily();
    expect(receipts.length).toBe(family.length);
    const measured = reqs.filter((r) => r.maxSpeedPlusMinus !== null);
    expect(measured).toHaveLength(family.length);
    for (const r of measured) expect(r.methodLabel).toBe('video 59.94 fps, yard-line crossings');
    const pending = reqs.find((r) => r.status === 'pending')!;
    expect(pending.sourceVideoId).not.toBeNull();

    const cookie = await login(t, 'parent@demo.test', 'demo1234');
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/analysis-requests/${measured[0].id}/receipt`,
      headers: { cookie },
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().stills).toHaveLength(5);

    await ensureDemoMeasurements(t.app);
    const again = await receiptsOfFamily();
    expect(again).toHaveLength(receipts.length);
  }, 120_000);

  it('dates a demo result by its completion on the receipt, the public receipt and the public profile (issue 27 item 7)', async () => {
    const cookie = await login(t, 'parent@demo.test', 'demo1234');
    const [parent] = await t.db.select().from(users).where(eq(users.username, 'parent@demo.test'));
    const [jordan] = await t.db.select().from(players).where(eq(players.userId, parent.id));
    const [measured] = await t.db
      .select()
      .from(analysisRequests)
      .where(and(eq(analysisRequests.playerId, jordan.id), isNotNull(analysisRequests.maxSpeedPlusMinus)));
    const day = formatResultDate(measured.completedAt);
    expect(measured.completedAt!.getUTCFullYear()).toBe(new Date().getFullYear());
    expect(day).not.toBe(formatResultDate(new Date()));

    const receipt = (
      await t.app.inject({
        method: 'GET',
        url: `/api/analysis-requests/${measured.id}/receipt`,
        headers: { cookie },
      })
    ).json();
    expect(formatResultDate(receipt.completedAt)).toBe(day);
    expect(receipt.revisions.map((r: { createdAt: string }) => formatResultDate(r.createdAt))).toEqual([day]);

    const share = await t.app.inject({
      method: 'PUT',
      url: `/api/players/${jordan.id}/share`,
      headers: { cookie },
      payload: { enabled: true },
    });
    const path = share.json().path as string;
    const page = (await t.app.inject({ method: 'GET', url: path })).body;
    expect(page).toContain(`Verified ${day}`);
    const publicReceipt = (await t.app.inject({ method: 'GET', url: `${path}/receipts/${measured.id}` }))
      .body;
    expect(publicReceipt).toContain(`verified ${day}`);
    expect(publicReceipt).not.toMatch(/measured \d{4}-\d{2}-\d{2}/);
  });

  const leagueSpeeds = async (level: string) => {
    const cookie = await login(t, 'parent@demo.test', 'demo1234');
    const out: number[] = [];
    for (let offset = 0; ; offset += 25) {
      const q = `metric=max_speed&level=${encodeURIComponent(level)}&season=${new Date().getFullYear()}&offset=${offset}`;
      const page = (
        await t.app.inject({ method: 'GET', url: `/api/leaderboard?${q}`, headers: { cookie } })
      ).json();
      out.push(...page.entries.map((e: { metricValue: number }) => e.metricValue));
      if (!page.hasMore) return out;
    }
  };
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

  it('has college players faster than high-school ones on average, all within 12-24 mph (issue 27 item 9)', async () => {
    const highSchool = await leagueSpeeds('High School');
    const college = await leagueSpeeds('College');
    expect(highSchool.length).toBeGreaterThan(30);
    expect(college.length).toBeGreaterThan(10);
    expect(mean(college)).toBeGreaterThan(mean(highSchool) + 1);
    for (const v of [...highSchool, ...college]) {
      expect(v).toBeGreaterThanOrEqual(12);
      expect(v).toBeLessThanOrEqual(24);
    }
  });

  it("gives every demo player its school's state, so a coach's State filter finds them (issue 29)", async () => {
    const all = await t.db.select({ state: players.schoolState }).from(players);
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter((p) => !p.state)).toEqual([]);
  });

  it('gives a league seeded with the old numbers the new ones, once', async () => {
    const [league] = await t.db.select().from(users).where(eq(users.username, 'league@demo.test'));
    const members = await t.db.select({ id: players.id }).from(players).where(eq(players.userId, league.id));
    // As seeded before: every league speed 20.5 mph, on the board too.
    const ids = members.map((m) => m.id);
    await t.db.transaction(async (tx) => {
      await tx
        .update(analysisRequests)
        .set({ maxSpeed: 20.5 })
        .where(and(inArray(analysisRequests.playerId, ids), eq(analysisRequests.requestType, 'max_speed')));
      for (const id of ids) await recomputePlayerSpeed(tx, id);
    });
    expect(new Set(await leagueSpeeds('College'))).toEqual(new Set([20.5]));
    await t.db.update(referenceData).set({ version: 'before' }).where(eq(referenceData.name, 'demo-league'));
    await seedDemoLeaderboard(t.db);
    const college = await leagueSpeeds('College');
    expect(mean(college)).toBeGreaterThan(mean(await leagueSpeeds('High School')) + 1);
    expect(Math.max(...college)).toBe(23.1);

    // Once: a later start leaves the league as it is.
    const [one] = await t.db
      .update(analysisRequests)
      .set({ maxSpeed: 20.5 })
      .where(and(eq(analysisRequests.playerId, ids[0]), eq(analysisRequests.requestType, 'max_speed')))
      .returning();
    await seedDemoLeaderboard(t.db);
    const [after] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, one.id));
    expect(after.maxSpeed).toBe(20.5);
  });
});
