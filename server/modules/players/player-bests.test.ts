import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp } from '../../test/helpers';
import { createPlayer } from '../analysis/analysis.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the dashboard cards', () => {
  it("carry each player's best verified Max Speed (with its ±) and IGA score, only the family's own", async () => {
    const parent = await createUser(t);
    const fast = await createPlayer(t, parent);
    const fresh = await createPlayer(t, parent);
    const other = await createPlayer(t, await createUser(t));
    const base = { hudlUrl: 'https://www.hudl.com/video/1', season: 2025, userId: parent.id };
    await t.db.insert(analysisRequests).values([
      {
        ...base,
        playerId: fast.id,
        requestType: 'max_speed',
        status: 'completed',
        maxSpeed: 19.4,
        maxSpeedPlusMinus: 0.3,
      },
      {
        ...base,
        playerId: fast.id,
        requestType: 'max_speed',
        status: 'completed',
        maxSpeed: 20.6,
        maxSpeedPlusMinus: 0.4,
      },
      { ...base, playerId: fast.id, requestType: 'max_speed', status: 'pending', maxSpeed: 25 },
      { ...base, playerId: fast.id, requestType: 'iga', status: 'completed', igaScore: 81.5 },
      { ...base, playerId: fast.id, requestType: 'iga', status: 'rejected', igaScore: 99 },
      { ...base, playerId: other.id, requestType: 'iga', status: 'completed', igaScore: 70 },
    ]);
    const res = await as(t, parent, { method: 'GET', url: '/api/players/bests' });
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(res.json().map((b: any) => [b.playerId, b]));
    expect(byId[fast.id]).toEqual({
      playerId: fast.id,
      maxSpeed: 20.6,
      maxSpeedPlusMinus: 0.4,
      igaScore: 81.5,
    });
    expect(byId[fresh.id]).toEqual({
      playerId: fresh.id,
      maxSpeed: null,
      maxSpeedPlusMinus: null,
      igaScore: null,
    });
    expect(byId[other.id]).toBeUndefined();
    expect((await as(t, null, { method: 'GET', url: '/api/players/bests' })).statusCode).toBe(401);
  });
});
