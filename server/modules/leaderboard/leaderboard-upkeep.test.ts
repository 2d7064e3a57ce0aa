import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { leaderboard, players } from '../../db/schema';
import {
  as,
  createTestApp,
  createUser,
  isRealPostgres,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { insertCompletedRequest, insertPlayer, positionId, record } from './leaderboard.fixtures';
import { rebuildLeaderboard, refreshPlayerDetails } from './leaderboard.service';

let t: TestApp;
let family: TestUser;
const Y = new Date().getFullYear();
const page = (user: TestUser | null, q: string) =>
  as(t, user, { method: 'GET', url: `/api/leaderboard?${q}` });
const hs = 'metric=max_speed&level=High%20School';

beforeAll(async () => {
  t = await createTestApp();
  family = await createUser(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(leaderboard);
  await t.db.delete(players);
});

/** The counts the triggers keep (decision 182) equal a count over each slice: nothing missing, nothing extra. */
async function expectSliceCountsKept() {
  const key = "metric_type || '/' || level || '/' || is_all_time || '/' || coalesce(season::text, '-')";
  const kept = await t.db.execute(
    sql.raw(`select ${key} as k, rows as n from leaderboard_slice_counts where rows <> 0 order by 1`),
  );
  const counted = await t.db.execute(
    sql.raw(`select ${key} as k, count(*)::int as n from leaderboard group by 1 order by 1`),
  );
  const rowsOf = (r: unknown) =>
    (r as { rows: { k: string; n: unknown }[] }).rows.map((x) => `${x.k}=${Number(x.n)}`);
  expect(rowsOf(kept)).toEqual(rowsOf(counted));
  return rowsOf(kept);
}

async function playersWithSpeeds(speeds: number[], season = Y) {
  const made = [];
  for (const [i, value] of speeds.entries()) {
    const p = await insertPlayer(t.db, family.id, { firstName: `Runner${i + 1}` });
    await record(t.db, { playerId: p.id, metricType: 'max_speed', value, season });
    made.push(p);
  }
  return made;
}

describe('keeping the leaderboard true', () => {
  it('the rebuild command recomputes it from completed analyses only, ties keeping the earlier result', async () => {
    const a = await insertPlayer(t.db, family.id, { firstName: 'Ann' });
    const b = await insertPlayer(t.db, family.id, { firstName: 'Ben', level: 'College' });
    const rb = await positionId(t.db, 'RB');
    const cb = await positionId(t.db, 'CB');
    const day = (d: number) => new Date(Date.UTC(Y, 0, d));
    await insertCompletedRequest(t.db, {
      playerId: a.id,
      userId: family.id,
      season: Y,
      maxSpeed: 20.1,
      positionId: rb,
      completedAt: day(1),
    });
    await insertCompletedRequest(t.db, {
      playerId: a.id,
      userId: family.id,
      season: Y,
      maxSpeed: 20.1,
      positionId: cb,
      completedAt: day(2),
    });
    await insertCompletedRequest(t.db, { playerId: a.id, userId: family.id, season: Y - 1, maxSpeed: 19.2 });
    await insertCompletedRequest(t.db, {
      playerId: a.id,
      userId: family.id,
      season: Y,
      maxSpeed: 25,
      status: 'pending',
    });
    await insertCompletedRequest(t.db, {
      playerId: a.id,
      userId: family.id,
      season: Y,
      maxSpeed: 24,
      status: 'rejected',
    });
    await insertCompletedRequest(t.db, { playerId: b.id, userId: family.id, season: Y, igaScore: 81.5 });
    await record(t.db, { playerId: a.id, metricType: 'max_speed', value: 99, season: 2001 }); // stale row the rebuild drops

    const { rows } = await rebuildLeaderboard(t.db);
    expect(rows).toBe(5);
    const season = (await page(family, `${hs}&season=${Y}`)).json().entries;
    expect(season).toEqual([
      expect.objectContaining({ playerName: 'Ann Test', metricValue: 20.1, position: 'RB' }),
    ]);
    const allTime = (await page(family, `${hs}&all_time=true`)).json().entries;
    expect(allTime.map((e: any) => e.metricValue)).toEqual([20.1]);
    expect((await page(family, `${hs}&season=2001`)).json().entries).toEqual([]);
    const iga = (await page(family, `metric=iga_score&level=College&season=${Y}`)).json().entries;
    expect(iga.map((e: any) => e.metricValue)).toEqual([81.5]);
    await expectSliceCountsKept();
  });

  it("keeps each slice's count through inserts, better results, level moves, deletions and a rebuild", async () => {
    const [a, b, c] = await playersWithSpeeds([21, 20, 19]);
    expect(await expectSliceCountsKept()).toEqual([
      `max_speed/High School/false/${Y}=3`,
      'max_speed/High School/true/-=3',
    ]);
    await record(t.db, { playerId: a.id, metricType: 'max_speed', value: 22, season: Y }); // an update, no new row
    await record(t.db, { playerId: b.id, metricType: 'max_speed', value: 18, season: Y - 1 });
    await t.db.update(players).set({ level: 'College' }).where(eq(players.id, c.id));
    await refreshPlayerDetails(t.db, c.id);
    expect(await expectSliceCountsKept()).toEqual([
      `max_speed/College/false/${Y}=1`,
      'max_speed/College/true/-=1',
      `max_speed/High School/false/${Y - 1}=1`,
      `max_speed/High School/false/${Y}=2`,
      'max_speed/High School/true/-=2',
    ]);
    await t.db.delete(players).where(eq(players.id, b.id)); // the rows go by the foreign key's cascade
    await expectSliceCountsKept();
    const { pageQuery, percentileCounts } = await import('./leaderboard.sql');
    const q = pageQuery({ metric: 'max_speed', level: 'High School', season: Y, offset: 0, limit: 26 });
    const res = (await t.db.execute(q)) as unknown as { rows: Record<string, unknown>[] };
    expect(percentileCounts(res.rows).size).toBe(1);
    await rebuildLeaderboard(t.db); // no completed analyses here: every slice empties
    expect(await expectSliceCountsKept()).toEqual([]);
  });

  it('follows a player who moves up to college once their details are refreshed', async () => {
    const [p] = await playersWithSpeeds([21]);
    await t.db.update(players).set({ level: 'College', lastName: 'Moved' }).where(eq(players.id, p.id));
    await refreshPlayerDetails(t.db, p.id);
    expect((await page(family, `${hs}&season=${Y}`)).json().entries).toEqual([]);
    const col = (await page(family, `metric=max_speed&level=College&all_time=true`)).json().entries;
    expect(col[0].playerName).toBe('Runner1 Moved');
  });

  it("moves a player to the college board when the family edits the player's level", async () => {
    const { playerBody } = await import('../players/player-fixtures');
    const created = await as(t, family, {
      method: 'POST',
      url: '/api/players',
      payload: await playerBody(t),
    });
    expect(created.statusCode).toBe(201);
    await record(t.db, { playerId: created.json().id, metricType: 'max_speed', value: 21.3, season: Y });
    const edit = await as(t, family, {
      method: 'PUT',
      url: `/api/players/${created.json().id}`,
      payload: await playerBody(t, { level: 'College', school: 'Rice University' }),
    });
    expect(edit.statusCode).toBe(200);
    expect((await page(family, `${hs}&season=${Y}`)).json().entries).toEqual([]);
    expect(
      (await page(family, `metric=max_speed&level=College&season=${Y}`))
        .json()
        .entries.map((e: any) => e.metricValue),
    ).toEqual([21.3]);
  });

  it("drops a player's rows when the player is deleted", async () => {
    const [p] = await playersWithSpeeds([21]);
    await t.db.delete(players).where(eq(players.id, p.id));
    expect(await t.db.select().from(leaderboard)).toEqual([]);
  });

  it.runIf(isRealPostgres())(
    'concurrent completions for one player keep the best value (PostgreSQL)',
    async () => {
      const p = await insertPlayer(t.db, family.id);
      const values = [18.2, 21.7, 19.9, 21.1, 20.4, 17.5, 21.6, 20.0];
      await Promise.all(
        values.map((value) => record(t.db, { playerId: p.id, metricType: 'max_speed', value, season: Y })),
      );
      const rows = await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, p.id));
      expect(rows).toHaveLength(2);
      expect(rows.map((r) => r.metricValue)).toEqual([21.7, 21.7]);
      await expectSliceCountsKept();
    },
  );
});

it('uses no sort for a page (the plan reads leaderboard_page_idx)', async () => {
  const { pageQuery } = await import('./leaderboard.sql');
  for (const season of [Y, null]) {
    const q = pageQuery({ metric: 'max_speed', level: 'High School', season, offset: 0, limit: 26 });
    // With sorting priced out, the planner still sorts if the index cannot give the order.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return tx.execute(sql`explain ${q}`);
    });
    const text = (plan as any).rows.map((r: any) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('leaderboard_page_idx');
    expect(text).not.toMatch(/Sort/);
  }
});

it('the demo league fills more than one page, with ties, and is seeded once', async () => {
  const { seedDemoLeaderboard } = await import('../../seed/demo-leaderboard');
  await seedDemoLeaderboard(t.db);
  await seedDemoLeaderboard(t.db);
  const first = (await page(family, `${hs}&season=${Y}`)).json();
  expect(first.hasMore).toBe(true);
  const second = (await page(family, `${hs}&season=${Y}&offset=25`)).json();
  expect(first.entries.length + second.entries.length).toBe(36);
  const ranks = first.entries.map((e: any) => e.rank);
  expect(new Set(ranks).size).toBeLessThan(ranks.length);
  expect((await page(family, `metric=iga_score&level=College&season=${Y}`)).json().entries).toHaveLength(6);
});
