import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  analysisRequests,
  creditTransactions,
  plans,
  players,
  sessions,
  subscriptions,
  users,
  videos,
} from '../../db/schema';
import {
  as,
  createTestApp,
  createUser,
  isRealPostgres,
  type TestApp,
  type TestUser,
  ledgerAmounts,
} from '../../test/helpers';
import { insertPlayer } from '../leaderboard/leaderboard.fixtures';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const del = (actor: TestUser | null, id: number) =>
  as(t, actor, { method: 'DELETE', url: `/api/admin/users/${id}` });
const put = (key: string) => t.app.storage.put(key, Buffer.from('file'), 'application/octet-stream');
const exists = async (key: string) => (await t.app.storage.size(key)) !== null;

/** A family with a player, a photo, a video with a thumbnail, a processed analysis and money records. */
async function familyWithEverything() {
  const family = await createUser(t, { credits: 2 });
  const id = Math.random().toString(36).slice(2, 10);
  const keys = {
    photo: `photos/${id}.webp`,
    video: `videos/${id}.mp4`,
    thumb: `thumbnails/${id}.jpg`,
    processed: `videos/p${id}.mp4`,
  };
  for (const k of Object.values(keys)) await put(k);
  const player = await insertPlayer(t.db, family.id, { photoUrl: `/files/${keys.photo}` });
  const [request] = await t.db
    .insert(analysisRequests)
    .values({
      playerId: player.id,
      userId: family.id,
      hudlUrl: 'https://hudl.com/v/1',
      season: 2025,
      status: 'completed',
      maxSpeed: 20.1,
      processedVideoUrl: `/files/${keys.processed}`,
      completedAt: new Date(),
    })
    .returning();
  await t.db.insert(videos).values({
    playerId: player.id,
    url: `/files/${keys.video}?expires=1&sig=x`,
    storageKey: keys.video,
    thumbnail: keys.thumb,
    status: 'ready',
    analysisRequestId: request.id,
  });
  const [plan] = await t.db.select().from(plans).limit(1);
  await t.db.insert(creditTransactions).values({
    userId: family.id,
    amounts: ledgerAmounts({ amount: 2 }),
    type: 'purchase',
    description: 'Pack',
    planId: plan.id,
  });
  await t.db.insert(subscriptions).values({ userId: family.id, planId: plan.id, status: 'active' });
  return { family, player, request: request, keys };
}

describe('deleting a user', () => {
  it('removes their players, requests, videos and files, and keeps the money records detached', async () => {
    const { family, player, request, keys } = await familyWithEverything();
    const res = await del(admin, family.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User deleted successfully');

    expect(await t.db.select().from(users).where(eq(users.id, family.id))).toEqual([]);
    expect(await t.db.select().from(players).where(eq(players.id, player.id))).toEqual([]);
    expect(await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, request.id))).toEqual([]);
    expect(await t.db.select().from(videos).where(eq(videos.playerId, player.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, family.id))).toEqual([]);
    for (const k of Object.values(keys)) expect(await exists(k), k).toBe(false);

    const money = await t.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.description, 'Pack'));
    expect(money).toHaveLength(1);
    expect(money[0].userId).toBeNull();
    const subs = await t.db.select().from(subscriptions);
    expect(subs.some((s) => s.userId === null)).toBe(true);
    expect((await as(t, family, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });

  it('leaves other families and their files alone', async () => {
    const keep = await familyWithEverything();
    const gone = await familyWithEverything();
    await del(admin, gone.family.id);
    expect(await t.db.select().from(players).where(eq(players.id, keep.player.id))).toHaveLength(1);
    for (const k of Object.values(keep.keys)) expect(await exists(k), k).toBe(true);
  });

  it('an admin cannot delete themselves; an unknown user is 404; a bad id is 400', async () => {
    const self = await del(admin, admin.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot delete your own account');
    expect(await t.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
    expect((await del(admin, 999999)).statusCode).toBe(404);
    expect((await as(t, admin, { method: 'DELETE', url: '/api/admin/users/x1' })).statusCode).toBe(400);
  });

  it('an admin can delete another admin while another admin remains', async () => {
    const other = await createUser(t, { role: 'admin' });
    expect((await del(admin, other.id)).statusCode).toBe(200);
  });

  it('a user or analyst cannot delete anyone (403) and signed out is 401', async () => {
    const victim = await createUser(t);
    const analyst = await createUser(t, { role: 'analyst' });
    expect((await del(victim, analyst.id)).statusCode).toBe(403);
    expect((await del(analyst, victim.id)).statusCode).toBe(403);
    expect((await del(null, victim.id)).statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, victim.id))).toHaveLength(1);
  });

  it.runIf(isRealPostgres())(
    'the last two admins deleting each other at once leave one admin (PostgreSQL)',
    async () => {
      const a = await createUser(t, { role: 'admin' });
      const b = await createUser(t, { role: 'admin' });
      await t.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.id));
      try {
        const results = await Promise.all([del(a, b.id), del(b, a.id)]);
        // The loser is refused as no longer an admin (403) or, once deleted, as signed out (401).
        const codes = results.map((r) => r.statusCode).sort();
        expect(codes[0]).toBe(200);
        expect([401, 403]).toContain(codes[1]);
        expect(await t.db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(1);
      } finally {
        await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
      }
    },
  );
});
