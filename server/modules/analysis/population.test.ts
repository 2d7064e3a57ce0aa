import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentileFromQuantiles } from '../../../contract/analysis';
import { analysisRequests, igaSubmetrics, submetrics } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer, positionId, requestSpeed } from './analysis.fixtures';

let t: TestApp;
let analyst: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  analyst = await createUser(t, { role: 'analyst' });
});
afterAll(() => t.close());

/** Verified speeds straight into the tables: n players at a position and level. */
async function verifiedSpeeds(values: number[], level: string, posKey: string) {
  const owner = await createUser(t);
  const [ms] = (await t.db.select().from(submetrics)).filter((s) => s.key === 'MS');
  for (const v of values) {
    const p = await createPlayer(t, owner, { level, primaryPositionId: await positionId(t, posKey) });
    const [r] = await t.db
      .insert(analysisRequests)
      .values({
        playerId: p.id,
        userId: owner.id,
        hudlUrl: 'https://hudl.com/x',
        season: 2025,
        status: 'completed',
        requestType: 'max_speed',
        positionId: p.primaryPositionId,
        maxSpeed: v,
      })
      .returning();
    await t.db
      .insert(igaSubmetrics)
      .values({ analysisRequestId: r.id, submetricId: ms.id, value: v, percentile: 50, isFromIga: false });
  }
}

describe('percentile pre-fill from the verified population', () => {
  it('gives quantiles only from 20 verified values at the same position and level', async () => {
    const owner = await createUser(t, { credits: 1 });
    const player = await createPlayer(t, owner, { level: 'College' });
    const req = (await requestSpeed(t, owner, player.id, player.primaryPositionId)).json();
    const url = `/api/analysis-requests/${req.id}/population`;

    await verifiedSpeeds(
      Array.from({ length: 19 }, (_, i) => 15 + i * 0.5),
      'College',
      'WR',
    );
    await verifiedSpeeds(
      Array.from({ length: 30 }, () => 25),
      'High School',
      'WR',
    );
    await verifiedSpeeds(
      Array.from({ length: 30 }, () => 25),
      'College',
      'QB',
    );
    const under = (await as(t, analyst, { method: 'GET', url })).json();
    expect(under).toEqual({
      minimum: 20,
      metrics: [{ key: 'MS', count: 19, lowerIsBetter: false, quantiles: null }],
    });

    await verifiedSpeeds([24.5], 'College', 'WR');
    const enough = (await as(t, analyst, { method: 'GET', url })).json();
    const ms = enough.metrics[0];
    expect(ms.count).toBe(20);
    expect(ms.quantiles).toHaveLength(101);
    expect(ms.quantiles[0]).toBe(15);
    expect(ms.quantiles[100]).toBe(24.5);
    expect(percentileFromQuantiles(20, ms.quantiles, false)).toBeGreaterThan(40);
    expect(percentileFromQuantiles(20, ms.quantiles, false)).toBeLessThan(60);
    expect(percentileFromQuantiles(30, ms.quantiles, false)).toBe(100);
    expect(percentileFromQuantiles(30, ms.quantiles, true)).toBe(0);

    expect((await as(t, owner, { method: 'GET', url })).statusCode).toBe(403);
  });
});
