import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, leaderboard, players, videos } from '../../db/schema';
import { as, createTestApp, createUser, userRow, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer, requestIga, requestSpeed } from '../analysis/analysis.fixtures';
import { record } from '../leaderboard/leaderboard.fixtures';
import { uploadPhoto } from './player-fixtures';

let t: TestApp;
let parent: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  parent = await createUser(t, { credits: 2, igaCredits: 1 });
});
afterAll(() => t.close());

const del = (who: TestUser | null, id: number) => as(t, who, { method: 'DELETE', url: `/api/players/${id}` });
const balance = (id: number) => userRow(t, id);

/** A player with a photo, a library video, a waiting and a completed request and a leaderboard row. */
async function playerWithEverything(owner: TestUser) {
  const url = await uploadPhoto(t, owner);
  const p = await createPlayer(t, owner, { photoUrl: url });
  await t.app.storage.put('videos/delete-me.mp4', Buffer.from('not really a video'), 'video/mp4');
  await t.db.insert(videos).values({
    playerId: p.id,
    url: 'videos/delete-me.mp4',
    storageKey: 'videos/delete-me.mp4',
    status: 'uploaded',
  });
  expect((await requestSpeed(t, owner, p.id, p.primaryPositionId)).statusCode).toBe(201);
  expect((await requestIga(t, owner, p.id, p.primaryPositionId)).statusCode).toBe(201);
  await record(t.db, { playerId: p.id, metricType: 'max_speed', value: 20.1, season: 2025 });
  return {
    player: p,
    photoFile: path.join(t.dataDir, 'uploads', url.split('?')[0].replace('/files/', '')),
  };
}

describe('deleting a player', () => {
  it('removes the player, requests, videos, leaderboard rows and files, and gives back waiting credits', async () => {
    const { player, photoFile } = await playerWithEverything(parent);
    const videoFile = path.join(t.dataDir, 'uploads', 'videos', 'delete-me.mp4');
    expect(existsSync(photoFile)).toBe(true);
    expect(existsSync(videoFile)).toBe(true);
    expect(await balance(parent.id)).toMatchObject({ credits: 1, igaCredits: 0 });

    const res = await del(parent, player.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Player deleted', refunded: { credits: 1, igaCredits: 1 } });
    expect(await balance(parent.id)).toMatchObject({ credits: 2, igaCredits: 1 });
    expect((await as(t, parent, { method: 'GET', url: `/api/players/${player.id}` })).statusCode).toBe(404);
    expect(await t.db.select().from(players).where(eq(players.id, player.id))).toEqual([]);
    expect(
      await t.db.select().from(analysisRequests).where(eq(analysisRequests.playerId, player.id)),
    ).toEqual([]);
    expect(await t.db.select().from(videos).where(eq(videos.playerId, player.id))).toEqual([]);
    expect(await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, player.id))).toEqual([]);
    expect(existsSync(photoFile)).toBe(false);
    expect(existsSync(videoFile)).toBe(false);
    expect((await del(parent, player.id)).statusCode).toBe(404);
  });

  it('answers 404 to another family, an analyst and an admin, and 401 to a visitor, changing nothing', async () => {
    const p = await createPlayer(t, parent);
    for (const who of [
      await createUser(t),
      await createUser(t, { role: 'analyst' }),
      await createUser(t, { role: 'admin' }),
    ]) {
      const res = await del(who, p.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Player not found');
    }
    expect((await del(null, p.id)).statusCode).toBe(401);
    expect((await del(parent, 0)).statusCode).toBe(400);
    expect(await t.db.select().from(players).where(eq(players.id, p.id))).toHaveLength(1);
  });
});
