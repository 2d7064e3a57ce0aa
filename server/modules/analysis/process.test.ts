import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, igaSubmetrics, leaderboard, videos } from '../../db/schema';
import {
  as,
  createTestApp,
  createUser,
  lastMailTo,
  type TestApp,
  type TestUser,
  userRow,
  ledgerOf,
} from '../../test/helpers';
import { MEASUREMENT_REQUIRED } from '../../../contract/measurements';
import { measuredFields } from '../measurements/measurement.fixtures';
import { complete, createPlayer, requestIga, requestSpeed } from './analysis.fixtures';

let t: TestApp;
let analyst: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  analyst = await createUser(t, { role: 'analyst' });
});
afterAll(() => t.close());

async function pendingSpeed(credits = 1) {
  const owner = await createUser(t, { credits, igaCredits: 1 });
  const player = await createPlayer(t, owner);
  const req = (await requestSpeed(t, owner, player.id, player.primaryPositionId)).json();
  return { owner, player, req };
}

describe('the analyst queue', () => {
  it('lists pending requests oldest first with the player name and level, for analysts and admins only', async () => {
    const a = await pendingSpeed();
    const b = await pendingSpeed();
    const res = await as(t, analyst, { method: 'GET', url: '/api/analysis-requests/queue' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((r: { id: number }) => r.id);
    expect(ids.indexOf(a.req.id)).toBeLessThan(ids.indexOf(b.req.id));
    expect(res.json().find((r: { id: number }) => r.id === a.req.id)).toMatchObject({
      requestType: 'max_speed',
      status: 'pending',
      playerFirstName: 'Jamie',
      playerLastName: a.player.lastName,
      playerLevel: 'High School',
      positionName: 'Wide Receiver',
      hudlUrl: 'https://www.hudl.com/video/3/123/abc',
      startTime: '00:23',
    });
    const admin = await createUser(t, { role: 'admin' });
    expect((await as(t, admin, { method: 'GET', url: '/api/analysis-requests/queue' })).statusCode).toBe(200);
    expect((await as(t, a.owner, { method: 'GET', url: '/api/analysis-requests/queue' })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/analysis-requests/queue' })).statusCode).toBe(401);
  });
});

describe('completing a speed analysis', () => {
  it('stores the video, the result, the MS submetric and the leaderboard row, leaves the queue and mails the owner', async () => {
    const { owner, player, req } = await pendingSpeed();
    const fields = await measuredFields(t, analyst, req.id, {
      positionId: player.primaryPositionId,
      maxSpeed_percentile: '88',
      comment: 'Clean rep',
    });
    const res = await complete(t, analyst, req.id, fields);
    expect(res.statusCode, res.body).toBe(200);
    const ms = res.json().request.maxSpeed as number;
    expect(ms).toBeGreaterThan(17);
    expect(ms).toBeLessThan(20);
    expect(res.json().request).toMatchObject({
      status: 'completed',
      analystComment: 'Clean rep',
      methodLabel: 'video 29.97 fps, yard-line crossings',
    });
    const [row] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, req.id));
    expect(row).toMatchObject({ analystId: analyst.id, status: 'completed' });
    expect(row.completedAt).toBeInstanceOf(Date);

    const [video] = await t.db.select().from(videos).where(eq(videos.analysisRequestId, req.id));
    expect(video).toMatchObject({
      status: 'ready',
      maxSpeed: ms,
      igaScore: null,
      positionId: player.primaryPositionId,
      season: 2025,
      playerId: player.id,
    });
    expect(await t.app.storage.size(video.storageKey!)).toBeGreaterThan(1000);
    expect(await t.app.storage.size(video.thumbnail!)).toBeGreaterThan(100);
    expect(video.durationSeconds).toBeCloseTo(2, 0);

    const subs = await as(t, owner, { method: 'GET', url: `/api/analysis-requests/${req.id}/submetrics` });
    expect(subs.json()).toEqual([
      expect.objectContaining({ submetricKey: 'MS', submetricName: 'Max Speed', value: ms, percentile: 88 }),
    ]);

    const board = await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, player.id));
    expect(board.map((b) => [b.metricType, b.season, b.metricValue])).toEqual(
      expect.arrayContaining([['max_speed', 2025, ms]]),
    );

    const queue = await as(t, analyst, { method: 'GET', url: '/api/analysis-requests/queue' });
    expect(queue.json().map((r: { id: number }) => r.id)).not.toContain(req.id);
    const mail = await lastMailTo(t, owner.email);
    expect(mail?.subject).toContain('Max Speed');
    expect(mail?.text).toContain(`${ms.toFixed(1)} mph ±`);
  });

  it('requires a measurement and a valid percentile, and changes nothing otherwise', async () => {
    const { req } = await pendingSpeed();
    const typed = await complete(t, analyst, req.id, { maxSpeed: '21.4', maxSpeed_percentile: '50' }, null);
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe(MEASUREMENT_REQUIRED);
    const fields = await measuredFields(t, analyst, req.id);
    const bad = await complete(t, analyst, req.id, { ...fields, maxSpeed_percentile: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ maxSpeed_percentile: 'Percentile is required' });
    const pct = await complete(t, analyst, req.id, { ...fields, maxSpeed_percentile: '101' });
    expect(pct.json().errors.maxSpeed_percentile).toBe('Percentile must be between 0 and 100');
    const pct2 = await complete(t, analyst, req.id, { ...fields, maxSpeed_percentile: '5.5' });
    expect(pct2.json().errors.maxSpeed_percentile).toBe('Please enter a valid percentile (0-100)');
    const [row] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, req.id));
    expect(row.status).toBe('pending');
    expect(await t.db.select().from(videos).where(eq(videos.analysisRequestId, req.id))).toEqual([]);
  });

  it('refuses a file that is not a video (415) and one ffmpeg cannot read (400), storing nothing', async () => {
    const { req } = await pendingSpeed();
    const fields = await measuredFields(t, analyst, req.id);
    const before = await t.db.select().from(videos);
    const text = await complete(t, analyst, req.id, fields, Buffer.from('hello, this is not a video at all'));
    expect(text.statusCode).toBe(415);
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(200, 7)]);
    const unreadable = await complete(t, analyst, req.id, fields, fake);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toContain('could not be read');
    expect(await t.db.select().from(videos)).toHaveLength(before.length);
  });

  it('cannot complete a request twice (409), is for analysts only (403) and 404 for an unknown id', async () => {
    const { owner, req } = await pendingSpeed();
    const fields = await measuredFields(t, analyst, req.id);
    expect((await complete(t, owner, req.id, fields)).statusCode).toBe(403);
    expect((await complete(t, analyst, req.id, fields)).statusCode).toBe(200);
    const again = await complete(t, analyst, req.id, fields);
    expect(again.statusCode).toBe(409);
    expect(await t.db.select().from(videos).where(eq(videos.analysisRequestId, req.id))).toHaveLength(1);
    expect((await complete(t, analyst, 999999, fields)).statusCode).toBe(404);
  });
});

describe('completing an IGA analysis', () => {
  it("asks for every submetric of the request's position and stores them with the IGA score", async () => {
    const owner = await createUser(t, { igaCredits: 1 });
    const player = await createPlayer(t, owner);
    const req = (await requestIga(t, owner, player.id, player.primaryPositionId)).json();
    const subs = (
      await as(t, analyst, { method: 'GET', url: `/api/positions/${player.primaryPositionId}/submetrics` })
    ).json();
    expect(subs.map((s: { key: string }) => s.key)).toEqual([
      'burst_10',
      'route_transition',
      'separation',
      'accel_distance',
    ]);
    expect(subs.find((s: { key: string }) => s.key === 'route_transition')).toMatchObject({
      decimals: 2,
      unit: 's',
      lowerIsBetter: true,
    });

    const missing = await complete(t, analyst, req.id, {
      igaScore: '81.5',
      submetric_burst_10: '17.1',
      submetric_route_transition: '0.455',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      submetric_burst_10_percentile: 'Percentile for Burst Speed at 10 Yards is required',
      submetric_route_transition: 'Please enter a valid number with up to 2 decimal places',
      submetric_separation: 'Separation Distance is required',
    });

    const fields = {
      igaScore: '81.5',
      submetric_burst_10: '17.1',
      submetric_burst_10_percentile: '70',
      submetric_route_transition: '0.45',
      submetric_route_transition_percentile: '64',
      submetric_separation: '2.2',
      submetric_separation_percentile: '61',
      submetric_accel_distance: '15.5',
      submetric_accel_distance_percentile: '58',
    };
    const res = await complete(t, analyst, req.id, fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().video).toMatchObject({ igaScore: 81.5, maxSpeed: null, status: 'ready' });
    const stored = (
      await as(t, owner, { method: 'GET', url: `/api/analysis-requests/${req.id}/submetrics` })
    ).json();
    expect(
      stored.map((s: { submetricKey: string; value: number; percentile: number }) => [
        s.submetricKey,
        s.value,
        s.percentile,
      ]),
    ).toEqual([
      ['IGA', 81.5, 50],
      ['burst_10', 17.1, 70],
      ['route_transition', 0.45, 64],
      ['separation', 2.2, 61],
      ['accel_distance', 15.5, 58],
    ]);
    const stranger = await createUser(t);
    expect(
      (await as(t, stranger, { method: 'GET', url: `/api/analysis-requests/${req.id}/submetrics` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('rejecting a request', () => {
  it('needs a listed reason and a comment', async () => {
    const { req } = await pendingSpeed();
    const res = await as(t, analyst, {
      method: 'POST',
      url: `/api/analysis-requests/${req.id}/reject`,
      payload: { reason: 'Bad', comment: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      reason: 'Please select a reason',
      comment: 'Please provide additional details',
    });
  });

  it('returns the credit exactly once, records why, and mails the owner', async () => {
    const { owner, req } = await pendingSpeed(1);
    expect((await userRow(t, owner.id)).credits).toBe(0);
    const payload = { reason: 'Player not visible', comment: 'Jersey number never visible' };
    const res = await as(t, analyst, {
      method: 'POST',
      url: `/api/analysis-requests/${req.id}/reject`,
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Player not visible',
      analystComment: 'Jersey number never visible',
      creditRefunded: true,
    });
    const again = await as(t, analyst, {
      method: 'POST',
      url: `/api/analysis-requests/${req.id}/reject`,
      payload,
    });
    expect(again.statusCode).toBe(409);
    expect((await userRow(t, owner.id)).credits).toBe(1);
    const refunds = (await ledgerOf(t, owner.id)).filter((c) => c.type === 'refund');
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 1, idempotencyKey: `refund:analysis:${req.id}` }),
    ]);
    const mail = await lastMailTo(t, owner.email);
    expect(mail?.text).toContain('Player not visible');
    expect(mail?.text).toContain('credit has been returned');
    expect(
      (await complete(t, analyst, req.id, { measurement: '{}', maxSpeed_percentile: '50' })).statusCode,
    ).toBe(409);
  });

  it('refunds an IGA credit for an IGA request; users cannot reject', async () => {
    const owner = await createUser(t, { igaCredits: 1 });
    const player = await createPlayer(t, owner);
    const req = (await requestIga(t, owner, player.id, player.primaryPositionId)).json();
    const payload = { reason: 'Other', comment: 'Wrong game' };
    expect(
      (await as(t, owner, { method: 'POST', url: `/api/analysis-requests/${req.id}/reject`, payload }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(t, analyst, { method: 'POST', url: `/api/analysis-requests/${req.id}/reject`, payload }))
        .statusCode,
    ).toBe(200);
    expect(await userRow(t, owner.id)).toMatchObject({
      igaCredits: 1,
      credits: 0,
    });
    expect(
      await t.db.select().from(igaSubmetrics).where(eq(igaSubmetrics.analysisRequestId, req.id)),
    ).toEqual([]);
  });
});
