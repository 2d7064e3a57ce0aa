import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer } from '../analysis/analysis.fixtures';
import { rebuildLeaderboard } from '../leaderboard/leaderboard.service';
import { completedSpeed, population } from './sharing.fixtures';

let t: TestApp;
let family: TestUser;
let league: TestUser;
beforeEach(async () => {
  t = await createTestApp();
  family = await createUser(t);
  league = await createUser(t);
});
afterEach(() => t.close());

async function sharedWith(mph: number, graduationYear = 2027) {
  const player = await createPlayer(t, family, { graduationYear });
  await completedSpeed(t, player.id, mph);
  await completedSpeed(t, player.id, mph - 2);
  await rebuildLeaderboard(t.db);
  const s = (await as(t, family, { method: 'PUT', url: `/api/players/${player.id}/share`, payload: { enabled: true } })).json();
  return (await t.app.inject({ method: 'GET', url: `${s.path}/profile.json` })).json();
}

describe('percentiles against the verified population', () => {
  it('names the group and its size: position, level and class year when that group is large enough', async () => {
    // 25 others at 15.0 .. 17.4 mph; the player's best (17.0) beats 20 and ties one (ties count half); the slower result does not count twice.
    await population(t, league, 25, { base: 15 });
    const p = await sharedWith(17);
    expect(p.percentiles).toEqual([expect.objectContaining({
      metric: 'max_speed', groupSize: 26, scope: 'position_level_class', widened: false, percentile: 81,
      text: '81st percentile of 26 verified high-school wide receivers, class of 2027',
    })]);
    const html = (await t.app.inject({ method: 'GET', url: `/p/${(await t.db.query.profileShares.findFirst())!.slug}` })).body;
    expect(html).toContain('percentile of 26 verified high-school wide receivers, class of 2027');
  });

  it('falls back to the wider group when the class is too small, and says so', async () => {
    await population(t, league, 12, { base: 15, graduationYear: 2027 });
    await population(t, league, 12, { base: 16, graduationYear: 2028 });
    const p = await sharedWith(30);
    expect(p.percentiles[0]).toMatchObject({
      groupSize: 25, scope: 'position_level', widened: true, percentile: 98,
      text: '98th percentile of 25 verified high-school wide receivers (too few in a narrower group to compare)',
    });
  });

  it('goes to all positions of the level as a last resort, and shows none under 20 players', async () => {
    await population(t, league, 10, { base: 15, positionKey: 'RB' });
    await population(t, league, 10, { base: 15, positionKey: 'CB' });
    const p = await sharedWith(10);
    expect(p.percentiles[0]).toMatchObject({ groupSize: 21, scope: 'level', percentile: 2, text: expect.stringContaining('of 21 verified high-school players (all positions)') });
    await t.close();
    t = await createTestApp();
    family = await createUser(t);
    league = await createUser(t);
    await population(t, league, 18, { base: 15 });
    expect((await sharedWith(20)).percentiles).toEqual([]);
  });

  it('the leaderboard shows each entry its percentile in the current filter, with the group and its size', async () => {
    await population(t, league, 24, { base: 15 });
    const page = (await as(t, family, { method: 'GET', url: '/api/leaderboard?metric=max_speed&level=High%20School&all_time=true' })).json();
    expect(page.percentileGroup).toEqual({ size: 24, label: 'verified high-school players, all time' });
    expect(page.entries[0]).toMatchObject({ rank: 1, percentile: Math.round((100 * 23.5) / 24) });
    expect(page.entries.at(-1)).toMatchObject({ rank: 24, percentile: 2 });
    const season = (await as(t, family, { method: 'GET', url: '/api/leaderboard?metric=iga_score&level=High%20School&season=2025' })).json();
    expect(season.percentileGroup).toBeNull();
  });
});
