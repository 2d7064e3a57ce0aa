import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, lastMailTo, type TestApp, type TestUser } from '../../test/helpers';
import { analysisRequests } from '../../db/schema';
import { measuredFields } from '../measurements/measurement.fixtures';
import { complete, createPlayer, requestIga, requestSpeed } from './analysis.fixtures';

let t: TestApp;
let parent: TestUser;
let analyst: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  parent = await createUser(t, { credits: 2, igaCredits: 1 });
  analyst = await createUser(t, { role: 'analyst' });
});
afterAll(() => t.close());

const history = (who: TestUser | null, playerId: number) =>
  as(t, who, { method: 'GET', url: `/api/players/${playerId}/requests` });

describe("a player's request history", () => {
  it('lists every request with its type, season, status, rejection reason and refund; the rejection email says the same', async () => {
    const p = await createPlayer(t, parent);
    const speed = (await requestSpeed(t, parent, p.id, p.primaryPositionId, { season: 2025 })).json();
    const iga = (await requestIga(t, parent, p.id, p.primaryPositionId)).json();
    const rejected = await as(t, analyst, {
      method: 'POST',
      url: `/api/analysis-requests/${speed.id}/reject`,
      payload: { reason: 'Player not visible', comment: 'The runner leaves the frame at 0:04.' },
    });
    expect(rejected.statusCode).toBe(200);

    const res = await history(parent, p.id);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((r: any) => r.id)).toEqual([iga.id, speed.id]);
    expect(list[1]).toMatchObject({
      requestType: 'max_speed',
      season: 2025,
      status: 'rejected',
      positionName: 'Wide Receiver',
      rejectionReason: 'Player not visible',
      analystComment: 'The runner leaves the frame at 0:04.',
      creditRefunded: true,
      resultPath: null,
    });
    expect(list[0]).toMatchObject({ requestType: 'iga', status: 'pending', creditRefunded: false });

    const mail = await lastMailTo(t, parent.email);
    expect(mail!.text).toContain(`Request #${speed.id} · Max Speed · season 2025 · submitted`);
    expect(mail!.text).toContain(`/players/${p.id}#request-history`);
    expect(mail!.text).toContain('Reason: Player not visible');
  });

  it('is readable by staff, and 404 for another family', async () => {
    const p = await createPlayer(t, parent);
    expect((await history(analyst, p.id)).statusCode).toBe(200);
    expect((await history(await createUser(t), p.id)).statusCode).toBe(404);
    expect((await history(null, p.id)).statusCode).toBe(401);
  });
});

describe('a speed request', () => {
  it('refuses a start time of 99:99 (seconds past 59) and keeps the credit', async () => {
    const u = await createUser(t, { credits: 1 });
    const p = await createPlayer(t, u);
    const res = await requestSpeed(t, u, p.id, p.primaryPositionId, { startTime: '99:99' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.startTime).toBe('Please enter time in MM:SS format');
    expect((await requestSpeed(t, u, p.id, p.primaryPositionId, { startTime: '01:59' })).statusCode).toBe(
      201,
    );
  });
});

describe('result links in the history', () => {
  it('links a measured speed to its receipt, and an older typed speed (no receipt) to nothing', async () => {
    const family = await createUser(t, { credits: 1 });
    const p = await createPlayer(t, family);
    const measured = (await requestSpeed(t, family, p.id, p.primaryPositionId)).json();
    const done = await complete(t, analyst, measured.id, await measuredFields(t, analyst, measured.id), null);
    expect(done.statusCode, done.body).toBe(200);
    const [typed] = await t.db
      .insert(analysisRequests)
      .values({
        playerId: p.id,
        userId: family.id,
        hudlUrl: 'https://www.hudl.com/video/3/1/old',
        season: 2023,
        status: 'completed',
        requestType: 'max_speed',
        maxSpeed: 19.5,
        completedAt: new Date(),
      })
      .returning();
    const list = (await history(family, p.id)).json<{ id: number; resultPath: string | null }[]>();
    expect(list.find((r) => r.id === measured.id)!.resultPath).toBe(`/receipts/${measured.id}`);
    expect(list.find((r) => r.id === typed.id)!.resultPath).toBeNull();
  });
});
