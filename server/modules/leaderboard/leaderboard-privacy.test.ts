import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leaderboard, players } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { insertPlayer, record } from './leaderboard.fixtures';

// Decision 197: the leaderboard shows what the family allowed. A player is named (with city and
// county) to other accounts only while the family shares the profile; the family always sees its own.
let t: TestApp;
let family: TestUser;
let other: TestUser;
let analyst: TestUser;
let admin: TestUser;
const Y = new Date().getFullYear();
const board = (who: TestUser) =>
  as(t, who, { method: 'GET', url: `/api/leaderboard?metric=max_speed&level=High%20School&season=${Y}` });
const sharing = (enabled: boolean, playerId: number) =>
  as(t, family, { method: 'PUT', url: `/api/players/${playerId}/share`, payload: { enabled } });

beforeAll(async () => {
  t = await createTestApp();
  [family, other, analyst, admin] = await Promise.all([
    createUser(t),
    createUser(t),
    createUser(t, { role: 'analyst' }),
    createUser(t, { role: 'admin' }),
  ]);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(leaderboard);
  await t.db.delete(players);
});

async function rankedPlayer() {
  const p = await insertPlayer(t.db, family.id, {
    firstName: 'Quinlan',
    lastName: 'Zebrowski',
    city: 'Quillville',
    county: 'Xarcounty',
    state: 'TX',
    graduationYear: 2027,
  });
  await record(t.db, { playerId: p.id, metricType: 'max_speed', value: 21.4, season: Y });
  return p;
}
const NAMED = /Quinlan|Zebrowski|Quillville|Xarcounty/;

describe("another family's player on the leaderboard", () => {
  it('without sharing: no name, city or county, for any other account, staff included', async () => {
    await rankedPlayer();
    for (const who of [other, analyst, admin]) {
      const res = await board(who);
      expect(res.statusCode).toBe(200);
      expect(res.json().entries).toEqual([
        expect.objectContaining({
          rank: 1,
          playerName: 'Player #1',
          city: null,
          county: null,
          state: 'TX',
          graduationYear: 2027,
          metricValue: 21.4,
        }),
      ]);
      expect(res.body).not.toMatch(NAMED);
    }
  });

  it('with sharing on: named with city and county; turned off again: hidden at once', async () => {
    const p = await rankedPlayer();
    expect((await sharing(true, p.id)).statusCode).toBe(200);
    expect((await board(other)).json().entries[0]).toMatchObject({
      playerName: 'Quinlan Zebrowski',
      city: 'Quillville',
      county: 'Xarcounty',
    });
    expect((await sharing(false, p.id)).statusCode).toBe(200);
    const res = await board(other);
    expect(res.json().entries[0]).toMatchObject({ playerName: 'Player #1', city: null, county: null });
    expect(res.body).not.toMatch(NAMED);
  });
});

describe("the family's own player on the leaderboard", () => {
  it('is always shown in full, shared or not', async () => {
    await rankedPlayer();
    expect((await board(family)).json().entries[0]).toMatchObject({
      playerName: 'Quinlan Zebrowski',
      city: 'Quillville',
      county: 'Xarcounty',
    });
  });

  it('among others: each row is named for its own family only, and ranks are unchanged', async () => {
    await rankedPlayer();
    const theirs = await insertPlayer(t.db, other.id, { firstName: 'Oona', lastName: 'Other' });
    await record(t.db, { playerId: theirs.id, metricType: 'max_speed', value: 22.0, season: Y });
    const forFamily = (await board(family)).json().entries;
    expect(forFamily.map((e: any) => [e.rank, e.playerName])).toEqual([
      [1, 'Player #1'],
      [2, 'Quinlan Zebrowski'],
    ]);
    const forOther = (await board(other)).json().entries;
    expect(forOther.map((e: any) => [e.rank, e.playerName])).toEqual([
      [1, 'Oona Other'],
      [2, 'Player #2'],
    ]);
  });
});

describe('the demo league', () => {
  it('mostly shares, so the board has names, and shows what an unshared row looks like', async () => {
    const { seedDemoLeaderboard } = await import('../../seed/demo-leaderboard');
    await seedDemoLeaderboard(t.db);
    const names = (await board(other)).json().entries.map((e: any) => e.playerName as string);
    expect(names).toHaveLength(25);
    const anonymous = names.filter((n: string) => /^Player #\d+$/.test(n));
    expect(anonymous.length).toBeGreaterThan(0);
    expect(anonymous.length).toBeLessThan(names.length / 2);
  });
});
