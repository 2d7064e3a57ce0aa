import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatResultDate } from '../../contract/result-date';
import { analysisRequests, kindReceipts, players, users } from '../db/schema';
import { createDemoApp, login, type TestApp } from '../test/helpers';
import { ensureDemoForty } from './demo-forty';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createDemoApp();
  await ensureDemoForty(t.app);
  cookie = await login(t, 'parent@demo.test', 'demo1234');
}, 120_000);
afterAll(() => t.close());

const get = (url: string, auth = true) =>
  t.app.inject({ method: 'GET', url, headers: auth ? { cookie } : {} });
async function demoPlayer(first: string) {
  const [parent] = await t.db.select().from(users).where(eq(users.username, 'parent@demo.test'));
  const family = await t.db.select().from(players).where(eq(players.userId, parent.id));
  return family.find((p) => p.firstName === first)!;
}

describe('the demo verified 40 (brief 28b item 4)', () => {
  it("shows Casey's 40 on the card with its receipt and stills, timed on the clip", async () => {
    const casey = await demoPlayer('Casey');
    const [forty, more] = (await get(`/api/players/${casey.id}/forty`)).json();
    expect(forty).toMatchObject({
      seconds: 4.87,
      plusMinusSeconds: 0.02,
      method: 'verified 40, video 240 fps',
    });
    expect(more).toBeUndefined();
    expect(forty.splits.map((s: { yardLine: number }) => s.yardLine)).toEqual([10, 20, 30]);
    const receipt = await get(`/api/analysis-requests/${forty.requestId}/forty-receipt`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().stills.length).toBeGreaterThanOrEqual(4);
    const jordan = await demoPlayer('Jordan');
    expect((await get(`/api/players/${jordan.id}/forty`)).json()).toEqual([]);
  });

  it("dates the 40 and its receipt by the completion, before today, and lists it on the leaderboard's 40-yard dash", async () => {
    const casey = await demoPlayer('Casey');
    const [request] = await t.db
      .select()
      .from(analysisRequests)
      .where(and(eq(analysisRequests.playerId, casey.id), eq(analysisRequests.requestType, 'forty')));
    const [receipt] = await t.db.select().from(kindReceipts).where(eq(kindReceipts.requestId, request.id));
    expect(request.status).toBe('completed');
    expect(formatResultDate(receipt.createdAt)).toBe(formatResultDate(request.completedAt));
    expect(request.completedAt!.getTime()).toBeLessThan(Date.now() - 12 * 3600_000);

    const season = request.season;
    const board = (await get(`/api/leaderboard?metric=forty&level=High%20School&season=${season}`)).json();
    const names = board.entries.map((e: { playerName: string }) => e.playerName);
    expect(names).toContain(`${casey.firstName} ${casey.lastName}`);
    const values = board.entries.map((e: { metricValue: number }) => e.metricValue);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values).toContain(4.87);
  });

  it('shows the 40 on the public profile with its receipt, and is not timed twice', async () => {
    const casey = await demoPlayer('Casey');
    const share = await t.app.inject({
      method: 'PUT',
      url: `/api/players/${casey.id}/share`,
      headers: { cookie },
      payload: { enabled: true },
    });
    expect(share.statusCode, share.body).toBe(200);
    const path = share.json().path as string;
    const profile = (await get(`${path}/profile.json`, false)).json();
    expect(profile.forty.text).toBe('4.87 s ± 0.02 (verified 40, video 240 fps)');
    const receipt = await get(profile.forty.receiptPath, false);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Receipt · Verified 40');

    await ensureDemoForty(t.app);
    expect(await t.db.select().from(kindReceipts).where(eq(kindReceipts.kind, 'forty'))).toHaveLength(1);
  });
});
