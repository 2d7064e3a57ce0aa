import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysisRequests,
  coachConnections,
  coachSavedSearches,
  coachViews,
  coachWatchlist,
  creditTransactions,
  igaSubmetrics,
  playerDiscovery,
  players,
  submetrics,
  subscriptions,
  users,
  videos,
} from '../../db/schema';
import { insertReceiptRevision } from '../measurements';
import { as, createTestApp, createUser, login, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer, requestSpeed } from '../analysis/analysis.fixtures';
import { applyCoach, completedForty } from '../coach/coach.fixtures';
import { EXPORTED_TABLES, NOT_EXPORTED } from './account-export.service';

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

describe('everything held of an account is in its export (decision 228)', () => {
  it('every table that refers to an account or a player is exported or named with the reason it is not', async () => {
    const { rows } = (await t.db.execute(sql`
      select c.conrelid::regclass::text as owner, c.confrelid::regclass::text as target
      from pg_constraint c where c.contype = 'f'`)) as unknown as {
      rows: { owner: string; target: string }[];
    };
    const name = (x: string) => x.replace(/^public\./, '').replace(/"/g, '');
    const held = new Set(['users', 'players']);
    for (let grew = true; grew;) {
      grew = false;
      for (const k of rows)
        if (held.has(name(k.target)) && !held.has(name(k.owner))) {
          held.add(name(k.owner));
          grew = true;
        }
    }
    expect(held.size).toBeGreaterThan(20);
    const exported = new Set<string>(EXPORTED_TABLES);
    const unnamed = [...held].filter((x) => !exported.has(x) && !(x in NOT_EXPORTED)).sort();
    expect(unnamed, 'tables holding account data that the export neither reads nor explains').toEqual([]);
    expect(Object.keys(NOT_EXPORTED).filter((x) => exported.has(x))).toEqual([]);
    for (const x of [...exported, ...Object.keys(NOT_EXPORTED)]) expect(held, x).toContain(x);
  });

  it("holds a player's receipts with their stills, public profile and views, coach discovery, views and messages; a coach's own data", async () => {
    const { u, p } = await familyWithVideo();
    const coach = await applyCoach(t);
    // A verified Max Speed's receipt with a still, and a verified 40.
    const [done] = await t.db
      .insert(analysisRequests)
      .values({
        playerId: p.id,
        userId: u.id,
        hudlUrl: 'https://www.hudl.com/video/9',
        season: 2025,
        status: 'completed',
        requestType: 'max_speed',
        maxSpeed: 21.4,
        completedAt: new Date(),
      })
      .returning();
    await t.app.storage.put(`stills/export-${done.id}.jpg`, Buffer.from('still bytes'), 'image/jpeg');
    await insertReceiptRevision(t.db, {
      requestId: done.id,
      analystName: 'Ana Lyst',
      maxSpeed: 21.4,
      plusMinus: 0.3,
      methodLabel: 'video 59.94 fps, yard-line crossings',
      data: { marks: [] },
      stillKeys: [`stills/export-${done.id}.jpg`],
    });
    const forty = await completedForty(t, p.id, 4.62);
    const [sub] = await t.db.select().from(submetrics).limit(1);
    expect(sub).toBeDefined();
    await t.db.insert(igaSubmetrics).values({ analysisRequestId: done.id, submetricId: sub.id, value: 7.5 });
    // The public link turned on and opened twice; discovery on; a coach's view, watch, search and message.
    const shared = await as(t, u, {
      method: 'PUT',
      url: `/api/players/${p.id}/share`,
      payload: { enabled: true },
    });
    expect(shared.statusCode).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await as(t, null, { method: 'GET', url: shared.json().path })).statusCode).toBe(200);
    await t.db.insert(playerDiscovery).values({ playerId: p.id, guardianConfirmedBy: u.id });
    await t.db.insert(coachViews).values({ coachUserId: coach.id, playerId: p.id });
    await t.db.insert(coachWatchlist).values({ coachUserId: coach.id, playerId: p.id, note: 'fast WR' });
    await t.db
      .insert(coachSavedSearches)
      .values({ coachUserId: coach.id, name: 'TX receivers', filters: { state: 'TX' } });
    await t.db
      .insert(coachConnections)
      .values({ coachUserId: coach.id, playerId: p.id, message: 'We would like to talk.' });

    // Visits are written every few seconds, and whenever the family reads its share settings.
    expect((await as(t, u, { method: 'GET', url: `/api/players/${p.id}/share` })).json().viewCount).toBe(2);
    const data = (await exportOf(u)).json();
    expect(data.measurementReceipts).toEqual([
      expect.objectContaining({
        requestId: done.id,
        revision: 1,
        maxSpeed: 21.4,
        stillKeys: [`stills/export-${done.id}.jpg`],
      }),
    ]);
    expect(data.igaSubmetrics).toEqual([
      expect.objectContaining({ analysisRequestId: done.id, key: sub.key, name: sub.name, value: 7.5 }),
    ]);
    expect(data.kindReceipts).toEqual([
      expect.objectContaining({ requestId: forty.id, kind: 'forty', direction: 'lower', value: 4.62 }),
    ]);
    // Max Speed's receipts are in kind_receipts too (decision 284) but only under `measurementReceipts`; the
    // rows keep the shape they had before it (no revision, no override reason).
    expect(Object.keys(data.kindReceipts[0])).not.toContain('revision');
    expect(Object.keys(data.measurementReceipts[0])).toEqual([
      'id',
      'requestId',
      'revision',
      'videoId',
      'analystId',
      'analystName',
      'maxSpeed',
      'plusMinus',
      'methodLabel',
      'overrideReason',
      'data',
      'stillKeys',
      'createdAt',
    ]);
    expect(data.publicProfiles).toEqual([
      expect.objectContaining({ playerId: p.id, enabled: true, viewCount: 2, show: expect.any(Object) }),
    ]);
    expect(data.coachDiscovery).toEqual([
      expect.objectContaining({ playerId: p.id, guardianConfirmedBy: u.id }),
    ]);
    expect(data.coachViews).toEqual([
      { playerId: p.id, college: 'Abilene Christian University', viewedAt: expect.any(String) },
    ]);
    expect(data.coachMessages).toEqual([
      expect.objectContaining({
        playerId: p.id,
        message: 'We would like to talk.',
        status: 'pending',
        coach: {
          name: expect.stringMatching(/Coach/),
          title: 'Recruiting Coordinator',
          college: 'Abilene Christian University',
        },
      }),
    ]);
    expect(JSON.stringify(data.coachMessages)).not.toMatch(/coachUserId/);
    expect(data.coach).toBeNull();
    expect(data.coachWatchlist).toEqual([]);
    const still = data.files.find((f: { kind: string }) => f.kind === 'receipt-still');
    expect(still).toMatchObject({ playerId: p.id, expiresAt: expect.any(String) });
    const link = new URL(still.url);
    const file = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('still bytes');

    // The coach's own export: the application, watch list, saved search and message sent; no family's data.
    const mine = (await exportOf(coach)).json();
    expect(mine.coach).toMatchObject({ userId: coach.id, title: 'Recruiting Coordinator' });
    expect(mine.coachWatchlist).toEqual([expect.objectContaining({ playerId: p.id, note: 'fast WR' })]);
    expect(mine.coachSavedSearches).toEqual([expect.objectContaining({ name: 'TX receivers' })]);
    expect(mine.coachMessagesSent).toEqual([
      expect.objectContaining({ playerId: p.id, message: 'We would like to talk.' }),
    ]);
    expect(mine.players).toEqual([]);
    expect(mine.publicProfiles).toEqual([]);
    expect(mine.coachViews).toEqual([]);
    expect(mine.measurementReceipts).toEqual([]);
    // Another family sees none of it.
    const other = (await exportOf(await createUser(t))).json();
    for (const key of [
      'measurementReceipts',
      'kindReceipts',
      'publicProfiles',
      'coachDiscovery',
      'coachViews',
      'coachMessages',
    ])
      expect(other[key], key).toEqual([]);
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
