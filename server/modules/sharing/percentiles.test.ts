import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer, positionId } from '../analysis/analysis.fixtures';
import { rebuildLeaderboard } from '../leaderboard/leaderboard.service';
import { completedSpeed, population } from './sharing.fixtures';

// One database for the file: each test builds its own population in a group (level, position, class,
// season) no other test touches, in the order they run.
let t: TestApp;
let family: TestUser;
let league: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  family = await createUser(t);
  league = await createUser(t);
});
afterAll(() => t.close());

async function sharedWith(
  mph: number,
  o: { graduationYear?: number; positionKey?: string; level?: string } = {},
) {
  const player = await createPlayer(t, family, {
    graduationYear: o.graduationYear ?? 2027,
    level: o.level ?? 'High School',
    primaryPositionId: await positionId(t, o.positionKey ?? 'WR'),
  });
  await completedSpeed(t, player.id, mph, { positionKey: o.positionKey });
  await completedSpeed(t, player.id, mph - 2, { positionKey: o.positionKey });
  await rebuildLeaderboard(t.db);
  const s = (
    await as(t, family, { method: 'PUT', url: `/api/players/${player.id}/share`, payload: { enabled: true } })
  ).json();
  const profile = (await t.app.inject({ method: 'GET', url: `${s.path}/profile.json` })).json();
  return { profile, path: s.path as string, player };
}

describe('percentiles against the verified population', () => {
  it('names the group and its size: position, level and class year when that group is large enough', async () => {
    // 25 others at 15.0 .. 17.4 mph; the player's best (17.0) beats 20 and ties one (ties count half); the slower result does not count twice.
    await population(t, league, 25, { base: 15 });
    const { profile, path, player } = await sharedWith(17);
    expect(profile.percentiles).toEqual([
      expect.objectContaining({
        metric: 'max_speed',
        groupSize: 26,
        scope: 'position_level_class',
        widened: false,
        percentile: 81,
        text: '81st percentile of 26 verified high-school wide receivers, class of 2027',
      }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain(
      '81st percentile of 26 verified high-school wide receivers, class of 2027',
    );
    // The family sees the same on the player card; another family gets 404; only counts, never others' values.
    const own = await as(t, family, { method: 'GET', url: `/api/players/${player.id}/percentiles` });
    expect(own.json()).toEqual(profile.percentiles);
    expect(Object.keys(own.json()[0]).sort()).toEqual([
      'groupLabel',
      'groupSize',
      'metric',
      'percentile',
      'scope',
      'text',
      'widened',
    ]);
    expect(
      (await as(t, await createUser(t), { method: 'GET', url: `/api/players/${player.id}/percentiles` }))
        .statusCode,
    ).toBe(404);
  });

  it("ranks each result itself, at its own position: a slower secondary-position speed is not given the best one's percentile", async () => {
    // 25 safeties at 15.0 .. 17.4 and 25 linebackers at 14.0 .. 16.4, class of 2029.
    await population(t, league, 25, { base: 15, graduationYear: 2029, positionKey: 'S' });
    await population(t, league, 25, { base: 14, graduationYear: 2029, positionKey: 'LB' });
    const player = await createPlayer(t, family, {
      graduationYear: 2029,
      primaryPositionId: await positionId(t, 'S'),
      secondaryPositionId: await positionId(t, 'LB'),
    });
    const best = await completedSpeed(t, player.id, 17, { positionKey: 'S' });
    const secondary = await completedSpeed(t, player.id, 15, { positionKey: 'LB' });
    await rebuildLeaderboard(t.db);
    const url = `/api/players/${player.id}/percentiles/results`;
    const results = (await as(t, family, { method: 'GET', url })).json();
    expect(results).toEqual([
      expect.objectContaining({
        requestId: best.id,
        metric: 'max_speed',
        percentile: 81,
        text: '81st percentile of 26 verified high-school safeties, class of 2029',
      }),
      expect.objectContaining({
        requestId: secondary.id,
        metric: 'max_speed',
        // 10 linebackers below 15.0, one equal: (10 + 1) / 26.
        percentile: 42,
        text: '42nd percentile of 26 verified high-school linebackers, class of 2029',
      }),
    ]);
    // The best result's own percentile is the player's percentile.
    const own = (await as(t, family, { method: 'GET', url: `/api/players/${player.id}/percentiles` })).json();
    expect(own[0].text).toBe(results[0].text);
    expect((await as(t, await createUser(t), { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('falls back to the wider group when the class is too small, and says so', async () => {
    await population(t, league, 12, { base: 15, graduationYear: 2030, positionKey: 'TE' });
    await population(t, league, 12, { base: 16, graduationYear: 2031, positionKey: 'TE' });
    const { profile } = await sharedWith(30, { graduationYear: 2030, positionKey: 'TE' });
    expect(profile.percentiles[0]).toMatchObject({
      groupSize: 25,
      scope: 'position_level',
      widened: true,
      percentile: 98,
      text: '98th percentile of 25 verified high-school tight ends, all classes (too few in the class of 2030 to compare)',
    });
  });

  it('shows none under 20 players, then goes to all positions of the level as a last resort', async () => {
    await population(t, league, 18, { base: 15, positionKey: 'RB', level: 'College' });
    expect((await sharedWith(20, { level: 'College' })).profile.percentiles).toEqual([]);
    await population(t, league, 2, { base: 25, positionKey: 'CB', level: 'College' });
    const { profile } = await sharedWith(10, { level: 'College' });
    expect(profile.percentiles[0]).toMatchObject({
      groupSize: 22,
      scope: 'level',
      percentile: 2,
      text: '2nd percentile of 22 verified college players, all positions (too few wide receivers to compare by position)',
    });
  });

  it('the leaderboard shows each entry its percentile in the current filter, with the group and its size', async () => {
    await population(t, league, 24, { base: 15, season: 2021 });
    await rebuildLeaderboard(t.db);
    const page = (
      await as(t, family, {
        method: 'GET',
        url: '/api/leaderboard?metric=max_speed&level=High%20School&season=2021',
      })
    ).json();
    expect(page.percentileGroup).toEqual({
      size: 24,
      label: 'verified high-school players in the 2021 season',
    });
    expect(page.entries[0]).toMatchObject({ rank: 1, percentile: Math.round((100 * 23.5) / 24) });
    expect(page.entries.at(-1)).toMatchObject({ rank: 24, percentile: 2 });
    const few = (
      await as(t, family, {
        method: 'GET',
        url: '/api/leaderboard?metric=iga_score&level=High%20School&season=2025',
      })
    ).json();
    expect(few.percentileGroup).toBeNull();
  });
});
