import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { pagePercentiles, playerPercentiles } from '../sharing';
import { completedIga, completedSpeed, population } from '../sharing/sharing.fixtures';
import { leaderboard, players } from '../../db/schema';
import { createPlayer } from '../analysis/analysis.fixtures';
import { rebuildLeaderboard, refreshPlayerDetails } from '../leaderboard/leaderboard.service';
import { record } from '../leaderboard/leaderboard.fixtures';

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

/** The counts the triggers keep (decision 211) equal a count over the all-time rows, at both grains. */
async function expectValueCountsKept() {
  const rowsOf = (r: unknown) =>
    (r as { rows: Record<string, unknown>[] }).rows.map((x) => Object.values(x).map(String).join('/'));
  const key = `metric_type, level, coalesce(position_id, 0) pos, coalesce(graduation_year, 0) class`;
  const kept = await t.db.execute(
    sql.raw(
      `select ${key}, whole, metric_value, rows from leaderboard_value_counts order by 1, 2, 3, 4, 5, 6`,
    ),
  );
  const counted = await t.db.execute(
    sql.raw(`select ${key}, g.whole, (case when g.whole then floor(metric_value) else metric_value end)::numeric(10, 2) v,
        count(*)::int from leaderboard cross join (values (false), (true)) g(whole)
      where is_all_time group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`),
  );
  expect(rowsOf(kept)).toEqual(rowsOf(counted));
  expect(rowsOf(kept).length).toBeGreaterThan(0);
}

async function expectPageEqualsOwn(metric: 'max_speed' | 'iga_score') {
  const rows = await t.db.select({ playerId: leaderboard.playerId }).from(leaderboard);
  const ids = [...new Set(rows.map((r) => r.playerId))];
  const page = await pagePercentiles(
    t.db,
    ids.map((playerId) => ({ playerId, metric })),
  );
  for (const id of ids) {
    const own = (await playerPercentiles(t.db, id)).find((p) => p.metric === metric);
    expect(page.get(id), `player ${id}`).toEqual(own);
  }
}

describe('the value counts the page percentiles read', () => {
  it('follow every way the leaderboard changes, and the page stays equal to each own percentile', async () => {
    await expectValueCountsKept();
    // Ties on a whole number and values on both sides of it, in a group of their own (class of 2029).
    const made = [];
    for (const mph of [18, 18, 18.0, 17.99, 18.01, 18.5, 19, 17, 18, 18.25]) {
      const p = await createPlayer(t, league, { graduationYear: 2029 });
      await completedSpeed(t, p.id, mph);
      made.push(p);
    }
    for (let i = 0; i < 12; i++) {
      const p = await createPlayer(t, league, { graduationYear: 2029 });
      await completedSpeed(t, p.id, 16 + i * 0.37);
    }
    await rebuildLeaderboard(t.db);
    await expectValueCountsKept();
    await expectPageEqualsOwn('max_speed');
    // A better result (an upsert that updates the all-time row), a lesser one (no change).
    await record(t.db, { playerId: made[0].id, metricType: 'max_speed', value: 21.5, season: 2026 });
    await record(t.db, { playerId: made[1].id, metricType: 'max_speed', value: 10, season: 2026 });
    await expectValueCountsKept();
    // A player moved to another class: the row moves group.
    await t.db.update(players).set({ graduationYear: 2027 }).where(eq(players.id, made[2].id));
    await refreshPlayerDetails(t.db, made[2].id);
    await expectValueCountsKept();
    await expectPageEqualsOwn('max_speed');
    // A player deleted (the rows go with it); a value nobody holds any more leaves no row behind.
    await t.db.delete(players).where(eq(players.id, made[3].id));
    await expectValueCountsKept();
    const left = await t.db.execute(
      sql`select count(*)::int n from leaderboard_value_counts where metric_value = 17.99 or rows <= 0`,
    );
    expect(Number((left as unknown as { rows: { n: number }[] }).rows[0].n)).toBe(0);
    await expectPageEqualsOwn('max_speed');
    await completedIga(t, made[4].id, 77.5);
    await rebuildLeaderboard(t.db);
    await expectValueCountsKept();
    await expectPageEqualsOwn('iga_score');
  });
});
