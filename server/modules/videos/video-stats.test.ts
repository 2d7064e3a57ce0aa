import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, playerVideoStats, videos } from '../../db/schema';
import {
  as,
  createTestApp,
  createUser,
  isRealPostgres,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { createPlayer } from '../analysis/analysis.fixtures';

// The library's stats kept by triggers on videos (decision 215, migration 0033): always what counting every
// video says, after any write, and what the library answers on every page.

let t: TestApp;
let family: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  family = await createUser(t);
});
afterAll(() => t.close());

/** The stats as counted from the videos themselves. */
async function counted(playerId: number) {
  const res = await t.db.execute<{
    highest_speed: string | null;
    highest_iga: string | null;
    total: number;
    ready: number;
  }>(sql`select max(max_speed) filter (where status = 'ready') as highest_speed,
    max(iga_score) filter (where status = 'ready') as highest_iga, count(*)::int as total,
    (count(*) filter (where status = 'ready'))::int as ready from videos where player_id = ${playerId}`);
  const r = res.rows[0];
  const n = (v: string | null) => (v === null ? null : Number(v));
  return {
    highestSpeed: n(r.highest_speed),
    highestIgaScore: n(r.highest_iga),
    totalVideos: r.total,
    readyVideos: r.ready,
  };
}
async function kept(playerId: number) {
  const [row] = await t.db.select().from(playerVideoStats).where(eq(playerVideoStats.playerId, playerId));
  return row
    ? {
        highestSpeed: row.highestSpeed,
        highestIgaScore: row.highestIgaScore,
        totalVideos: row.totalVideos,
        readyVideos: row.readyVideos,
      }
    : { highestSpeed: null, highestIgaScore: null, totalVideos: 0, readyVideos: 0 };
}
const answered = async (playerId: number) =>
  (await as(t, family, { method: 'GET', url: `/api/videos/${playerId}?limit=1` })).json().stats;

describe("a library's stats kept by triggers", () => {
  it('follow inserts, processing, measurements, moves and deletes, one row or many per statement', async () => {
    const a = (await createPlayer(t, family)).id;
    const b = (await createPlayer(t, family)).id;
    const check = async () => {
      for (const id of [a, b]) {
        expect(await kept(id)).toEqual(await counted(id));
        expect(await answered(id)).toEqual(await counted(id));
      }
    };
    await check();
    const ids = (
      await t.db
        .insert(videos)
        .values(
          Array.from({ length: 6 }, (_, i) => ({
            playerId: i < 4 ? a : b,
            url: `/v/${i}.mp4`,
            status: i % 2 ? 'ready' : 'pending',
            maxSpeed: 15 + i,
          })),
        )
        .returning({ id: videos.id })
    ).map((r) => r.id);
    await check();
    expect(await kept(a)).toMatchObject({ totalVideos: 4, readyVideos: 2, highestSpeed: 18 });
    await t.db.update(videos).set({ status: 'ready' }).where(inArray(videos.id, ids));
    await check();
    await t.db.update(videos).set({ igaScore: 81.5, maxSpeed: 12 }).where(eq(videos.id, ids[3]));
    await check();
    await t.db.update(videos).set({ thumbnail: 'thumbnails/x.jpg' }).where(eq(videos.id, ids[0]));
    await check();
    await t.db.update(videos).set({ playerId: b }).where(eq(videos.id, ids[2]));
    await check();
    await t.db.delete(videos).where(eq(videos.playerId, a));
    await check();
    expect(await kept(a)).toEqual({
      highestSpeed: null,
      highestIgaScore: null,
      totalVideos: 0,
      readyVideos: 0,
    });
    await t.db.delete(players).where(eq(players.id, b));
    expect(await t.db.select().from(playerVideoStats).where(eq(playerVideoStats.playerId, b))).toEqual([]);
  });

  it.runIf(isRealPostgres())(
    'two writers adding videos to one player at once: the kept count has both (PostgreSQL)',
    async () => {
      const p = (await createPlayer(t, family)).id;
      const url = t.app.dbHandle.pool!.options.connectionString;
      const [x, y] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
      await Promise.all([x.connect(), y.connect()]);
      try {
        const add = (c: pg.Client, speed: number) =>
          c.query(
            `insert into videos (player_id, url, status, max_speed) values ($1, '/v.mp4', 'ready', $2)`,
            [p, speed],
          );
        await x.query('begin');
        await y.query('begin');
        await add(x, 20.5);
        // y waits for x's lock on the player's stats, then counts on a snapshot that sees x's video.
        const second = add(y, 19);
        await new Promise((r) => setTimeout(r, 100));
        await x.query('commit');
        await second;
        await y.query('commit');
      } finally {
        await Promise.all([x.end(), y.end()]);
      }
      expect(await kept(p)).toEqual({
        highestSpeed: 20.5,
        highestIgaScore: null,
        totalVideos: 2,
        readyVideos: 2,
      });
      expect(await kept(p)).toEqual(await counted(p));
    },
  );
});
