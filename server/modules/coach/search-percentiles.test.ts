import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { pagePercentiles, playerPercentiles } from '../sharing';
import { completedIga, population } from '../sharing/sharing.fixtures';
import { leaderboard } from '../../db/schema';

let t: TestApp;
let league: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  league = await createUser(t);
  // Groups of every width: a full class group (25 WR 2027), a class too small (5 WR 2028: widened to
  // the position), a position too small (3 LB: widened to the level).
  await population(t, league, 25, { base: 15 });
  await population(t, league, 5, { base: 16, graduationYear: 2028 });
  await population(t, league, 3, { base: 17, positionKey: 'LB' });
});
afterAll(() => t.close());

describe("a search page's percentiles in one statement", () => {
  it('equal each player’s own percentile (decision 113) for every group width, and skip players without one', async () => {
    const rows = await t.db.select({ playerId: leaderboard.playerId }).from(leaderboard);
    const ids = [...new Set(rows.map((r) => r.playerId))];
    expect(ids.length).toBe(33);
    await completedIga(t, ids[0], 70);
    const page = await pagePercentiles(t.db, [
      ...ids.map((playerId) => ({ playerId, metric: 'max_speed' as const })),
      { playerId: 999_999, metric: 'max_speed' },
    ]);
    const scopes = new Set<string>();
    for (const id of ids) {
      const own = (await playerPercentiles(t.db, id)).find((p) => p.metric === 'max_speed');
      expect(page.get(id), `player ${id}`).toEqual(own);
      if (own) scopes.add(own.scope);
    }
    expect([...scopes].sort()).toEqual(['level', 'position_level', 'position_level_class']);
    expect(page.has(999_999)).toBe(false);
    expect(await pagePercentiles(t.db, [])).toEqual(new Map());
  });
});
