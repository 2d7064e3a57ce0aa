import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, creditTransactions, players, subscriptions, users, videos } from '../../db/schema';
import { as, createTestApp, createUser, login, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer, requestSpeed } from '../analysis/analysis.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const exportOf = (who: TestUser | null) => as(t, who, { method: 'GET', url: '/api/account/export' });
const remove = (who: TestUser | null, password: unknown) =>
  as(t, who, { method: 'DELETE', url: '/api/account', payload: { password } });

async function familyWithVideo() {
  const u = await createUser(t, { credits: 2 });
  const p = await createPlayer(t, u, { email: 'kid@family.test', dateOfBirth: '2009-02-03', photoUrl: null });
  await t.app.storage.put(`videos/export-${p.id}.mp4`, Buffer.from('video bytes'), 'video/mp4');
  await t.db.insert(videos).values({
    playerId: p.id,
    url: `videos/export-${p.id}.mp4`,
    storageKey: `videos/export-${p.id}.mp4`,
    status: 'uploaded',
  });
  expect((await requestSpeed(t, u, p.id, p.primaryPositionId)).statusCode).toBe(201);
  return { u, p };
}

describe('downloading my data', () => {
  it('holds the account, players with private fields, requests, videos and the ledger, with working file links, and no secrets', async () => {
    const { u, p } = await familyWithVideo();
    const res = await exportOf(u);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="verified-athlete-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.account).toMatchObject({ id: u.id, email: u.email, credits: 1 });
    expect(JSON.stringify(data)).not.toMatch(/password|scrypt|argon|\$2[aby]\$/i);
    expect(data.players).toEqual([
      expect.objectContaining({ id: p.id, email: 'kid@family.test', dateOfBirth: '2009-02-03' }),
    ]);
    expect(data.analysisRequests).toEqual([
      expect.objectContaining({ playerId: p.id, status: 'pending', requestType: 'max_speed' }),
    ]);
    expect(data.videos).toHaveLength(1);
    expect(data.creditTransactions).toEqual([expect.objectContaining({ type: 'spend', amount: -1 })]);
    expect(data.files).toEqual([
      expect.objectContaining({ kind: 'video', playerId: p.id, expiresAt: expect.any(String) }),
    ]);
    const link = new URL(data.files[0].url);
    expect(link.origin).toBe('http://localhost:5000');
    const file = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('video bytes');
  });

  it("holds nothing of another family's, and needs a session", async () => {
    await familyWithVideo();
    const empty = await createUser(t);
    const data = (await exportOf(empty)).json();
    expect(data.players).toEqual([]);
    expect(data.analysisRequests).toEqual([]);
    expect(data.files).toEqual([]);
    expect((await exportOf(null)).statusCode).toBe(401);
  });
});

describe('deleting my account', () => {
  it('needs the right password and changes nothing otherwise', async () => {
    const { u } = await familyWithVideo();
    const wrong = await remove(u, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.password).toBe('Password is incorrect');
    expect((await remove(u, '')).statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.id, u.id))).toHaveLength(1);
    expect((await remove(null, 'x')).statusCode).toBe(401);
  });

  it('removes the account, players, requests, videos, files and sessions; the ledger stays, detached', async () => {
    const { u, p } = await familyWithVideo();
    const file = path.join(t.dataDir, 'uploads', 'videos', `export-${p.id}.mp4`);
    expect(existsSync(file)).toBe(true);
    const otherSession = await login(t, u.email, u.password);
    const res = await remove(u, u.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your account and everything in it has been deleted');
    expect(await t.db.select().from(users).where(eq(users.id, u.id))).toEqual([]);
    expect(await t.db.select().from(players).where(eq(players.id, p.id))).toEqual([]);
    expect(await t.db.select().from(analysisRequests).where(eq(analysisRequests.playerId, p.id))).toEqual([]);
    expect(await t.db.select().from(videos).where(eq(videos.playerId, p.id))).toEqual([]);
    expect(existsSync(file)).toBe(false);
    const ledger = await t.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.description, 'Max speed analysis request'));
    expect(ledger.some((r) => r.userId === null)).toBe(true);
    expect((await as(t, u, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: otherSession } })).statusCode,
    ).toBe(401);
  });

  it('is refused while a subscription still renews, and for an admin', async () => {
    const u = await createUser(t);
    await t.db.insert(subscriptions).values({ userId: u.id, status: 'active', cancelAtPeriodEnd: false });
    const res = await remove(u, u.password);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Cancel it on the Payment Details tab first/);
    await t.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.userId, u.id));
    expect((await remove(u, u.password)).statusCode).toBe(200);

    const admin = await createUser(t, { role: 'admin' });
    expect((await remove(admin, admin.password)).statusCode).toBe(409);
  });
});
