import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leaderboard, players } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { insertPlayer, positionId, record } from './leaderboard.fixtures';

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

async function playersWithSpeeds(
  speeds: number[],
  season = Y,
  over: Parameters<typeof insertPlayer>[2] = {},
) {
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
    expect(entries.map((e: any) => [e.rank, e.metricValue])).toEqual([
      [1, 21.5],
      [2, 20],
      [2, 20],
      [4, 19.3],
      [5, 18.1],
    ]);
  });

  it('shows only rank, class, position, name, value and place: no address, phone, email or birth date', async () => {
    await playersWithSpeeds([20.4], Y, { firstName: 'Jordan', lastName: 'Miles', graduationYear: 2026 });
    const res = await page(family, `${hs}&season=${Y}`);
    const [entry] = res.json().entries;
    expect(entry).toEqual({
      rank: 1,
      graduationYear: 2026,
      position: null,
      playerName: 'Jordan Miles',
      metricValue: 20.4,
      plusMinus: null,
      methodLabel: null,
      city: 'Austin',
      county: 'Travis',
      state: 'TX',
      percentile: null,
    });
    expect(res.body).not.toMatch(/Secret Lane|5125550199|family\.test|2009-01-01|78701/);
  });

  it("keeps each player's best per season and all time, with the position of that best", async () => {
    const [p] = await playersWithSpeeds([19.0], Y - 1);
    const wr = await positionId(t.db, 'WR');
    const cb = await positionId(t.db, 'CB');
    await record(t.db, { playerId: p.id, metricType: 'max_speed', value: 20.5, season: Y, positionId: cb });
    await record(t.db, { playerId: p.id, metricType: 'max_speed', value: 20.1, season: Y, positionId: wr });
    await record(t.db, { playerId: p.id, metricType: 'max_speed', value: 20.5, season: Y, positionId: wr });

    const season = (await page(family, `${hs}&season=${Y}`)).json().entries;
    expect(season).toHaveLength(1);
    expect(season[0]).toMatchObject({ metricValue: 20.5, position: 'CB' });
    expect((await page(family, `${hs}&season=${Y - 1}`)).json().entries[0].metricValue).toBe(19);
    const allTime = (await page(family, `${hs}&all_time=true`)).json().entries;
    expect(allTime).toHaveLength(1);
    expect(allTime[0]).toMatchObject({ metricValue: 20.5, position: 'CB' });
    expect(await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, p.id))).toHaveLength(3);
  });

  it('filters by level, metric and season', async () => {
    const [college] = await playersWithSpeeds([22.2], Y, { level: 'College', firstName: 'Col' });
    await playersWithSpeeds([18.8], Y - 2);
    await record(t.db, { playerId: college.id, metricType: 'iga_score', value: 88.5, season: Y });

    expect((await page(family, `${hs}&season=${Y}`)).json().entries).toEqual([]);
    expect(
      (await page(family, `${hs}&season=${Y - 2}`)).json().entries.map((e: any) => e.metricValue),
    ).toEqual([18.8]);
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

  it('gives every row its competition rank on any page, when a tie runs across page boundaries', async () => {
    // 12 players; a run of five tied at 20 spans pages of 3 at every offset, a pair ties at 18.
    await playersWithSpeeds([22, 21, 20, 20, 20, 20, 20, 19, 18, 18, 17, 16]);
    const expected = [1, 2, 3, 3, 3, 3, 3, 8, 9, 9, 11, 12];
    for (const all of [`season=${Y}`, 'all_time=true']) {
      const whole = (await page(family, `${hs}&${all}&offset=0&limit=25`)).json().entries;
      expect(whole.map((e: any) => e.rank)).toEqual(expected);
      for (let offset = 0; offset < 12; offset++) {
        const res = (await page(family, `${hs}&${all}&offset=${offset}&limit=3`)).json();
        expect(
          res.entries.map((e: any) => [e.rank, e.playerName]),
          `${all} offset ${offset}`,
        ).toEqual(whole.slice(offset, offset + 3).map((e: any) => [e.rank, e.playerName]));
        expect(res.hasMore).toBe(offset + 3 < 12);
      }
    }
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
