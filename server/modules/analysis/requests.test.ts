import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, userRow, ledgerOf } from '../../test/helpers';
import { createPlayer, positionId, requestIga, requestSpeed, speedBody } from './analysis.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const balance = (id: number) => userRow(t, id);

describe('requesting a speed analysis', () => {
  it('creates a pending request and spends one speed credit, recorded in the ledger', async () => {
    const u = await createUser(t, { credits: 2, igaCredits: 1 });
    const p = await createPlayer(t, u);
    const res = await requestSpeed(t, u, p.id, p.primaryPositionId);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      playerId: p.id,
      requestType: 'max_speed',
      status: 'pending',
      startTime: '00:23',
      season: 2025,
      positionId: p.primaryPositionId,
    });
    expect(await balance(u.id)).toMatchObject({ credits: 1, igaCredits: 1 });
    const ledger = await ledgerOf(t, u.id);
    expect(ledger).toEqual([
      expect.objectContaining({
        amount: -1,
        igaAmount: 0,
        type: 'spend',
        metadata: { analysisRequestId: res.json().id },
      }),
    ]);
  });

  it('accepts the secondary position but no other', async () => {
    const u = await createUser(t, { credits: 3 });
    const p = await createPlayer(t, u);
    expect((await requestSpeed(t, u, p.id, p.secondaryPositionId!)).statusCode).toBe(201);
    const other = await requestSpeed(t, u, p.id, await positionId(t, 'QB'));
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.positionId).toBe(
      "Position must be the player's primary or secondary position",
    );
    expect((await balance(u.id)).credits).toBe(2);
  });

  it('answers 400 with the messages of the specification and changes nothing', async () => {
    const u = await createUser(t, { credits: 1 });
    const p = await createPlayer(t, u);
    const res = await as(t, u, {
      method: 'POST',
      url: '/api/analysis-requests',
      payload: { playerId: p.id, hudlUrl: 'not a url', startTime: '1:5', season: 'abc', positionId: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      hudlUrl: 'Please enter a valid Hudl URL',
      startTime: 'Please enter time in MM:SS format',
      season: 'Season must be a number',
      positionId: 'Please select a position',
    });
    const seasonOut = await requestSpeed(t, u, p.id, p.primaryPositionId, { season: 2100 });
    expect(seasonOut.json().errors.season).toBe('Season must be between 2000 and 2099');
    expect((await balance(u.id)).credits).toBe(1);
    expect(await t.db.select().from(analysisRequests).where(eq(analysisRequests.playerId, p.id))).toEqual([]);
  });

  it('answers 402 mentioning credit when the user has none, creating nothing', async () => {
    const u = await createUser(t, { credits: 0, igaCredits: 5 });
    const p = await createPlayer(t, u);
    const res = await requestSpeed(t, u, p.id, p.primaryPositionId);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(
      'You need at least 1 speed analysis credit to request a speed analysis. Please purchase credits.',
    );
    expect(res.json().message).toContain('credit');
    expect(await t.db.select().from(analysisRequests).where(eq(analysisRequests.playerId, p.id))).toEqual([]);
    expect(await balance(u.id)).toMatchObject({ credits: 0, igaCredits: 5 });
  });

  it("cannot request for another user's player (404) or signed out (401)", async () => {
    const owner = await createUser(t, { credits: 1 });
    const stranger = await createUser(t, { credits: 1 });
    const p = await createPlayer(t, owner);
    const res = await requestSpeed(t, stranger, p.id, p.primaryPositionId);
    expect(res.statusCode).toBe(404);
    expect((await balance(stranger.id)).credits).toBe(1);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/analysis-requests',
      payload: speedBody(p.id, p.primaryPositionId),
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('requesting an IGA score', () => {
  it('spends an IGA credit and keeps the notes', async () => {
    const u = await createUser(t, { credits: 1, igaCredits: 1 });
    const p = await createPlayer(t, u);
    const res = await requestIga(t, u, p.id, p.primaryPositionId);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      requestType: 'iga',
      status: 'pending',
      notes: 'Number 7, white jersey',
      startTime: null,
    });
    expect(await balance(u.id)).toMatchObject({ credits: 1, igaCredits: 0 });
  });

  it("answers 402 with 'IGA credit' without one", async () => {
    const u = await createUser(t, { credits: 4, igaCredits: 0 });
    const p = await createPlayer(t, u);
    const res = await requestIga(t, u, p.id, p.primaryPositionId);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toContain('IGA credit');
    expect((await balance(u.id)).credits).toBe(4);
  });

  it('reports a non-numeric position with its own message', async () => {
    const u = await createUser(t, { igaCredits: 1 });
    const p = await createPlayer(t, u);
    const res = await requestIga(t, u, p.id, p.primaryPositionId, { positionId: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.positionId).toBe('Position ID must be a number');
  });
});

describe('pending requests', () => {
  it('counts a pending 40 in the total and in its own column (issue 52 item 7)', async () => {
    const u = await createUser(t, { credits: 1 });
    const p = await createPlayer(t, u);
    await requestSpeed(t, u, p.id, p.primaryPositionId);
    await t.db.insert(analysisRequests).values({
      playerId: p.id,
      userId: u.id,
      hudlUrl: 'https://www.hudl.com/video/40',
      season: 2026,
      requestType: 'forty',
      positionId: p.primaryPositionId,
    });
    const res = (await as(t, u, { method: 'GET', url: `/api/players/${p.id}/pending-requests` })).json();
    expect(res.total).toBe(2);
    expect(res.byKind).toMatchObject({ max_speed: 1, iga: 0, forty: 1 });
    expect(Object.values(res.byKind as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(res.total);
    // The history names the clip a request is measured on (none here): the library marks only those.
    const history = (await as(t, u, { method: 'GET', url: `/api/players/${p.id}/requests` })).json();
    expect(history.map((r: { sourceVideoId: number | null }) => r.sourceVideoId)).toEqual([null, null]);
  });

  it('counts pending requests by kind under both spellings, for the owner and staff only', async () => {
    const u = await createUser(t, { credits: 2, igaCredits: 1 });
    const p = await createPlayer(t, u);
    await requestSpeed(t, u, p.id, p.primaryPositionId);
    await requestSpeed(t, u, p.id, p.primaryPositionId);
    await requestIga(t, u, p.id, p.primaryPositionId);
    const res = await as(t, u, { method: 'GET', url: `/api/players/${p.id}/pending-requests` });
    expect(res.json()).toEqual({
      total: 3,
      pendingCount: 3,
      iga: 1,
      igaPendingCount: 1,
      speed: 2,
      speedPendingCount: 2,
      byKind: expect.objectContaining({ max_speed: 2, iga: 1, forty: 0 }),
    });
    const analyst = await createUser(t, { role: 'analyst' });
    expect(
      (await as(t, analyst, { method: 'GET', url: `/api/players/${p.id}/pending-requests` })).json().total,
    ).toBe(3);
    const stranger = await createUser(t);
    expect(
      (await as(t, stranger, { method: 'GET', url: `/api/players/${p.id}/pending-requests` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/players/${p.id}/pending-requests` })).statusCode,
    ).toBe(401);
  });
});
