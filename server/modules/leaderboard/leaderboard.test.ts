import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { leaderboard, players } from '../../db/schema';
import { as, createTestApp, createUser, isRealPostgres, type TestApp, type TestUser } from '../../test/helpers';
import { insertCompletedRequest, insertPlayer, positionId, record } from './leaderboard.fixtures';
import { rebuildLeaderboard, refreshPlayerDetails } from './leaderboard.service';

let t: TestApp;
let family: TestUser;
const Y = new Date().getFullYear();
const url = (q: string) => `/api/leaderboard?${q}`;
const page = (user: TestUser | null, q: string) => as(t, user, { method: 'GET', url: url(q) });
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

async function playersWithSpeeds(speeds: number[], season = Y, over: Parameters<typeof insertPlayer>[2] = {}) {
  const made = [];
  for (const [i, value] of speeds.entries()) {
    const p = await insertPlayer(t.db, family.id, { firstName: `Runner${i + 1}`, ...over });
    await record(t.db, { playerId: p.id, metricType: 'max_speed', value, season });
    made.push(p);
  }
  return made;
}

describe('reading the leaderboard', () => {
  it('a signed-out visitor is refused with 401', async () => {
    expect((await page(null, `${hs}&season=${Y}`)).statusCode).toBe(401);
  });

  it('ranks ties together and skips the next rank (competition ranking)', async () => {
    await playersWithSpeeds([20.0, 21.5, 19.3, 20.0, 18.1]);
    const res = await page(family, `${hs}&season=${Y}`);
    expect(res.statusCode).toBe(200);
    const { entries, hasMore } = res.json();
    expect(hasMore).toBe(false);
    expect(entries.map((e: any) => [e.rank, e.metricValue])).toEqual([[1, 21.5], [2, 20], [2, 20], [4, 19.3], [5, 18.1]]);
  });

  it('shows only rank, class, position, name, value and place: no address, phone, email or birth date', async () => {
    await playersWithSpeeds([20.4], Y, { firstName: 'Jordan', lastName: 'Miles', graduationYear: 2026 });
    const res = await page(family, `${hs}&season=${Y}`);
    const [entry] = res.json().entries;
    expect(entry).toEqual({
      rank: 1, graduationYear: 2026, position: null, playerName: 'Jordan Miles', metricValue: 20.4,
      city: 'Austin', county: 'Travis', state: 'TX',
    });
    expect(res.body).not.toMatch(/Secret Lane|5125550199|family\.test|2009-01-01|78701/);
  });

  it('keeps each player\'s best per season and all time, with the position of that best', async () => {
    const [p] = await playersWithSpeeds([19.0], Y - 1);
    const wr = await positionId(t.db, 'WR');
    const cb = await positionId(t.db, 'CB');
    await record(t.db, { playerId: p!.id, metricType: 'max_speed', value: 20.5, season: Y, positionId: cb });
    await record(t.db, { playerId: p!.id, metricType: 'max_speed', value: 20.1, season: Y, positionId: wr });
    await record(t.db, { playerId: p!.id, metricType: 'max_speed', value: 20.5, season: Y, positionId: wr });

    const season = (await page(family, `${hs}&season=${Y}`)).json().entries;
    expect(season).toHaveLength(1);
    expect(season[0]).toMatchObject({ metricValue: 20.5, position: 'CB' });
    expect((await page(family, `${hs}&season=${Y - 1}`)).json().entries[0].metricValue).toBe(19);
    const allTime = (await page(family, `${hs}&all_time=true`)).json().entries;
    expect(allTime).toHaveLength(1);
    expect(allTime[0]).toMatchObject({ metricValue: 20.5, position: 'CB' });
    expect(await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, p!.id))).toHaveLength(3);
  });

  it('filters by level, metric and season', async () => {
    const [college] = await playersWithSpeeds([22.2], Y, { level: 'College', firstName: 'Col' });
    await playersWithSpeeds([18.8], Y - 2);
    await record(t.db, { playerId: college!.id, metricType: 'iga_score', value: 88.5, season: Y });

    expect((await page(family, `${hs}&season=${Y}`)).json().entries).toEqual([]);
    expect((await page(family, `${hs}&season=${Y - 2}`)).json().entries.map((e: any) => e.metricValue)).toEqual([18.8]);
    const col = (await page(family, `metric=max_speed&level=College&season=${Y}`)).json().entries;
    expect(col.map((e: any) => e.playerName)).toEqual(['Col Test']);
    const iga = (await page(family, `metric=iga_score&level=College&all_time=true`)).json().entries;
    expect(iga.map((e: any) => e.metricValue)).toEqual([88.5]);
  });

  it('pages 25 at a time with hasMore, and ranks ties across a page boundary', async () => {
    // 30 players: values 30..1, but the 25th and 26th share a value.
    const speeds = Array.from({ length: 30 }, (_, i) => 30 - i);
    speeds[25] = speeds[24]!;
    await playersWithSpeeds(speeds);
    const first = (await page(family, `${hs}&season=${Y}&offset=0&limit=25`)).json();
    expect(first.entries).toHaveLength(25);
    expect(first.hasMore).toBe(true);
    expect(first.entries[24]).toMatchObject({ rank: 25, metricValue: 6 });
    const second = (await page(family, `${hs}&season=${Y}&offset=25&limit=25`)).json();
    expect(second.hasMore).toBe(false);
    expect(second.entries.map((e: any) => e.rank)).toEqual([25, 27, 28, 29, 30]);
  });

  it('says hasMore is false when the last page is exactly full', async () => {
    await playersWithSpeeds(Array.from({ length: 25 }, (_, i) => 10 + i / 10));
    const res = (await page(family, `${hs}&season=${Y}`)).json();
    expect(res.entries).toHaveLength(25);
    expect(res.hasMore).toBe(false);
  });

  it.each([
    ['level=High%20School&season=2025', 'metric'],
    ['metric=speed&level=High%20School&season=2025', 'metric'],
    ['metric=max_speed&level=Pro&season=2025', 'level'],
    [`${hs}`, 'season'],
    [`${hs}&season=2025&all_time=true`, 'season'],
    [`${hs}&season=1999`, 'season'],
    [`${hs}&season=abc`, 'season'],
    [`${hs}&season=2025&limit=0`, 'limit'],
    [`${hs}&season=2025&limit=101`, 'limit'],
    [`${hs}&season=2025&offset=-1`, 'offset'],
    [`${hs}&season=2025&offset=1.5`, 'offset'],
    [`${hs}&all_time=yes`, 'all_time'],
  ])('answers 400 for bad parameters (%s)', async (q, field) => {
    const res = await page(family, q);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors ?? {})).toContain(field);
  });
});

describe('keeping the leaderboard true', () => {
  it('the rebuild command recomputes it from completed analyses only, ties keeping the earlier result', async () => {
    const a = await insertPlayer(t.db, family.id, { firstName: 'Ann' });
    const b = await insertPlayer(t.db, family.id, { firstName: 'Ben', level: 'College' });
    const rb = await positionId(t.db, 'RB');
    const cb = await positionId(t.db, 'CB');
    const day = (d: number) => new Date(Date.UTC(Y, 0, d));
    await insertCompletedRequest(t.db, { playerId: a.id, userId: family.id, season: Y, maxSpeed: 20.1, positionId: rb, completedAt: day(1) });
    await insertCompletedRequest(t.db, { playerId: a.id, userId: family.id, season: Y, maxSpeed: 20.1, positionId: cb, completedAt: day(2) });
    await insertCompletedRequest(t.db, { playerId: a.id, userId: family.id, season: Y - 1, maxSpeed: 19.2 });
    await insertCompletedRequest(t.db, { playerId: a.id, userId: family.id, season: Y, maxSpeed: 25, status: 'pending' });
    await insertCompletedRequest(t.db, { playerId: a.id, userId: family.id, season: Y, maxSpeed: 24, status: 'rejected' });
    await insertCompletedRequest(t.db, { playerId: b.id, userId: family.id, season: Y, igaScore: 81.5 });
    await record(t.db, { playerId: a.id, metricType: 'max_speed', value: 99, season: 2001 }); // stale row the rebuild drops

    const { rows } = await rebuildLeaderboard(t.db);
    expect(rows).toBe(5);
    const season = (await page(family, `${hs}&season=${Y}`)).json().entries;
    expect(season).toEqual([expect.objectContaining({ playerName: 'Ann Test', metricValue: 20.1, position: 'RB' })]);
    const allTime = (await page(family, `${hs}&all_time=true`)).json().entries;
    expect(allTime.map((e: any) => e.metricValue)).toEqual([20.1]);
    expect((await page(family, `${hs}&season=2001`)).json().entries).toEqual([]);
    const iga = (await page(family, `metric=iga_score&level=College&season=${Y}`)).json().entries;
    expect(iga.map((e: any) => e.metricValue)).toEqual([81.5]);
  });

  it('follows a player who moves up to college once their details are refreshed', async () => {
    const [p] = await playersWithSpeeds([21]);
    await t.db.update(players).set({ level: 'College', lastName: 'Moved' }).where(eq(players.id, p!.id));
    await refreshPlayerDetails(t.db, p!.id);
    expect((await page(family, `${hs}&season=${Y}`)).json().entries).toEqual([]);
    const col = (await page(family, `metric=max_speed&level=College&all_time=true`)).json().entries;
    expect(col[0].playerName).toBe('Runner1 Moved');
  });

  it('moves a player to the college board when the family edits the player\'s level', async () => {
    const { playerBody } = await import('../players/player-fixtures');
    const created = await as(t, family, { method: 'POST', url: '/api/players', payload: await playerBody(t) });
    expect(created.statusCode).toBe(201);
    await record(t.db, { playerId: created.json().id, metricType: 'max_speed', value: 21.3, season: Y });
    const edit = await as(t, family, {
      method: 'PUT', url: `/api/players/${created.json().id}`, payload: await playerBody(t, { level: 'College', school: 'Rice University' }),
    });
    expect(edit.statusCode).toBe(200);
    expect((await page(family, `${hs}&season=${Y}`)).json().entries).toEqual([]);
    expect((await page(family, `metric=max_speed&level=College&season=${Y}`)).json().entries.map((e: any) => e.metricValue)).toEqual([21.3]);
  });

  it('drops a player\'s rows when the player is deleted', async () => {
    const [p] = await playersWithSpeeds([21]);
    await t.db.delete(players).where(eq(players.id, p!.id));
    expect(await t.db.select().from(leaderboard)).toEqual([]);
  });

  it.runIf(isRealPostgres())('concurrent completions for one player keep the best value (PostgreSQL)', async () => {
    const p = await insertPlayer(t.db, family.id);
    const values = [18.2, 21.7, 19.9, 21.1, 20.4, 17.5, 21.6, 20.0];
    await Promise.all(values.map((value) => record(t.db, { playerId: p.id, metricType: 'max_speed', value, season: Y })));
    const rows = await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, p.id));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.metricValue)).toEqual([21.7, 21.7]);
  });
});

describe('limits', () => {
  it('refuses a client that reads more than 120 pages a minute', async () => {
    const limited = await createTestApp({ DISABLE_RATE_LIMIT: 'false' });
    try {
      const u = await createUser(limited);
      const get = () => as(limited, u, { method: 'GET', url: url(`${hs}&season=${Y}`) });
      for (let i = 0; i < 120; i++) expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
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
  const { seedDemoLeaderboard } = await import('./leaderboard.demo');
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
