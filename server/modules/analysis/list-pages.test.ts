import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, players, videos } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { walkPages } from '../../test/pages';
import { createPlayer, positionId } from './analysis.fixtures';

let t: TestApp;
let family: TestUser;
let other: TestUser;
let analyst: TestUser;
let playerId: number;
beforeAll(async () => {
  t = await createTestApp();
  family = await createUser(t);
  other = await createUser(t);
  analyst = await createUser(t, { role: 'analyst' });
  const wr = await positionId(t, 'WR');
  const base = {
    userId: family.id,
    level: 'High School',
    school: 'Central High',
    graduationYear: 2027,
    heightInches: 70,
    weight: 170,
    primaryPositionId: wr,
  };
  // One statement: every row shares created_at, so only the id breaks ties.
  await t.db
    .insert(players)
    .values(Array.from({ length: 7 }, (_, i) => ({ ...base, firstName: `P${i}`, lastName: 'Same' })));
  playerId = (await createPlayer(t, family)).id;
  await t.db.insert(videos).values(
    Array.from({ length: 9 }, (_, i) => ({
      playerId,
      url: `/v/${i}.mp4`,
      status: i < 6 ? 'ready' : 'pending',
      maxSpeed: i < 6 ? 15 + i : 30,
      positionId: wr,
    })),
  );
  await t.db.insert(analysisRequests).values(
    Array.from({ length: 11 }, (_, i) => ({
      playerId,
      userId: family.id,
      hudlUrl: 'https://www.hudl.com/video/1',
      season: 2025,
      positionId: wr,
      status: i === 3 ? ('completed' as const) : ('pending' as const),
    })),
  );
});
afterAll(() => t.close());

const get = (who: TestUser | null, url: string) => as(t, who, { method: 'GET', url });

describe("a family's players", () => {
  it('pages newest first with ties broken by id: each player once', async () => {
    const pages = await walkPages(t, family, '/api/players?limit=3');
    expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
    const all: any[] = pages.flat();
    expect(all[0].id).toBe(playerId);
    expect(new Set(all.map((p) => p.id)).size).toBe(8);
    expect(all.slice(1).map((p) => p.id)).toEqual([...all.slice(1).map((p) => p.id)].sort((a, b) => b - a));
  });

  it('without a limit is still the whole array for a family of fewer than 100; another family sees none', async () => {
    expect((await get(family, '/api/players')).json()).toHaveLength(8);
    expect((await get(other, '/api/players')).json()).toEqual([]);
    expect((await get(null, '/api/players')).statusCode).toBe(401);
  });

  it('refuses a limit over 100 and a forged cursor', async () => {
    expect((await get(family, '/api/players?limit=101')).json().message).toBe(
      'Limit must be a number from 1 to 100',
    );
    const forged = Buffer.from(JSON.stringify(["1999-01-01'; drop table players;--", 1])).toString(
      'base64url',
    );
    const res = await get(family, `/api/players?cursor=${forged}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Cursor is invalid');
  });
});

describe("a player's videos", () => {
  it('pages the videos while the stats cover all of them', async () => {
    const pages = await walkPages(t, family, `/api/videos/${playerId}?limit=4`, (b) => b.videos);
    expect(pages.map((p) => p.length)).toEqual([4, 4, 1]);
    expect(new Set(pages.flat().map((v: any) => v.id)).size).toBe(9);
    const first = (await get(family, `/api/videos/${playerId}?limit=4`)).json();
    expect(first.stats).toEqual({ highestSpeed: 20, highestIgaScore: null, totalVideos: 9, readyVideos: 6 });
  });

  it('newest first across pages, the same videos as one whole page; an empty library answers no videos and zero stats', async () => {
    const listed: any[] = (
      await walkPages(t, family, `/api/videos/${playerId}?limit=2`, (b) => b.videos)
    ).flat();
    const times = listed.map((v) => Date.parse(v.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const whole = (await get(family, `/api/videos/${playerId}?limit=100`)).json().videos;
    expect(listed).toEqual(whole);
    expect(whole[0]).toMatchObject({ playerId, positionKey: expect.any(String), removeOn: null });
    const empty = (await createPlayer(t, family)).id;
    expect((await get(family, `/api/videos/${empty}`)).json()).toEqual({
      videos: [],
      stats: { highestSpeed: null, highestIgaScore: null, totalVideos: 0, readyVideos: 0 },
    });
    expect((await get(family, '/api/videos/999999')).statusCode).toBe(404);
  });

  it('another family gets 404 and a bad limit 400', async () => {
    expect((await get(other, `/api/videos/${playerId}?limit=4`)).statusCode).toBe(404);
    expect((await get(family, `/api/videos/${playerId}?limit=0`)).statusCode).toBe(400);
  });
});

describe('the analyst queue', () => {
  it('pages pending requests oldest first, each once', async () => {
    const pages = await walkPages(t, analyst, '/api/analysis-requests/queue?limit=4');
    expect(pages.map((p) => p.length)).toEqual([4, 4, 2]);
    const ids = pages.flat().map((r: any) => r.id);
    expect(new Set(ids).size).toBe(10);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('is for analysts and admins: 401, then 403 for a family even with a bad limit; 400 for a limit over 200', async () => {
    expect((await get(null, '/api/analysis-requests/queue')).statusCode).toBe(401);
    expect((await get(family, '/api/analysis-requests/queue?limit=999')).statusCode).toBe(403);
    expect((await get(analyst, '/api/analysis-requests/queue?limit=201')).statusCode).toBe(400);
  });
});
