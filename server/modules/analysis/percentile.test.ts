import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERCENTILE_REASON_REQUIRED } from '../../../contract/analysis';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { measuredFields } from '../measurements/measurement.fixtures';
import { population } from '../sharing/sharing.fixtures';
import { complete, createPlayer, positionId, requestSpeed } from './analysis.fixtures';

// Decision 249: the analyst's percentile starts at the population percentile families see.
let t: TestApp;
let analyst: TestUser;
let family: TestUser;
let league: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  analyst = await createUser(t, { role: 'analyst' });
  family = await createUser(t, { credits: 5 });
  league = await createUser(t);
  // 25 high-school WRs of the class of 2031 at 15.0 .. 17.4 mph.
  await population(t, league, 25, { graduationYear: 2031 });
});
afterAll(() => t.close());

async function speedRequest() {
  const player = await createPlayer(t, family, {
    graduationYear: 2031,
    level: 'High School',
    primaryPositionId: await positionId(t, 'WR'),
  });
  const req = (await requestSpeed(t, family, player.id, player.primaryPositionId)).json();
  return { player, req };
}

describe("the analyst's percentile is the families' percentile", () => {
  it('answers the population percentile a value would have, with its group, to analysts only', async () => {
    const { req } = await speedRequest();
    const url = `/api/analysis-requests/${req.id}/percentile?value=16.0`;
    const res = await as(t, analyst, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    // 10 of the 25 below 16.0, one equal, the player's own result counted: (10 + 0.5 * 2) / 26.
    expect(res.json().percentile).toMatchObject({
      metric: 'max_speed',
      percentile: 42,
      groupSize: 26,
      scope: 'position_level_class',
      text: '42nd percentile of 26 verified high-school wide receivers, class of 2031',
    });

    const bad = await as(t, analyst, {
      method: 'GET',
      url: `/api/analysis-requests/${req.id}/percentile?value=fast`,
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await as(t, family, { method: 'GET', url })).statusCode).toBe(403);
    const missing = await as(t, analyst, {
      method: 'GET',
      url: '/api/analysis-requests/999999/percentile?value=16',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers no percentile when no group has 20 verified players', async () => {
    const player = await createPlayer(t, family, { level: 'College', graduationYear: 2031 });
    const req = (await requestSpeed(t, family, player.id, player.primaryPositionId)).json();
    const res = await as(t, analyst, {
      method: 'GET',
      url: `/api/analysis-requests/${req.id}/percentile?value=20`,
    });
    expect(res.json()).toEqual({ percentile: null });
  });

  it('refuses a different percentile without a reason, changing nothing; the receipt keeps the reason', async () => {
    const { player, req } = await speedRequest();
    const fields = await measuredFields(t, analyst, req.id, { maxSpeed_percentile: '50' });

    const refused = await complete(t, analyst, req.id, fields, null);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ percentileReason: PERCENTILE_REASON_REQUIRED });
    const queue = (
      await as(t, analyst, { method: 'GET', url: '/api/analysis-requests/queue?limit=200' })
    ).json();
    expect(queue.map((q: { id: number }) => q.id)).toContain(req.id);

    const done = await complete(t, analyst, req.id, { ...fields, percentileReason: 'Timed in pads' }, null);
    expect(done.statusCode).toBe(200);
    const receipt = (
      await as(t, family, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` })
    ).json();
    expect(receipt.percentile.value).toBe(50);
    expect(receipt.percentile.reason).toBe('Timed in pads');
    // The computed one is the number the family's card shows for this result.
    const shown = (
      await as(t, family, { method: 'GET', url: `/api/players/${player.id}/percentiles/results` })
    ).json();
    const mine = shown.find((p: { requestId: number }) => p.requestId === req.id);
    expect(mine.percentile).toBe(receipt.percentile.computed.percentile);
    expect(mine.text).toBe(receipt.percentile.computed.text);
    expect(receipt.percentile.computed.percentile).not.toBe(50);
  });

  it('keeps no reason when the analyst leaves the computed percentile', async () => {
    const { req } = await speedRequest();
    const fields = await measuredFields(t, analyst, req.id);
    const first = await complete(t, analyst, req.id, { ...fields, maxSpeed_percentile: '0' }, null);
    const wanted = first.json().errors?.percentileReason;
    expect(wanted).toBe(PERCENTILE_REASON_REQUIRED);
    // The measured speed, as the workbench previews it before the form asks for its percentile.
    const { maxSpeed } = (
      await as(t, analyst, {
        method: 'POST',
        url: '/api/measurements/preview',
        payload: JSON.parse(fields.measurement),
      })
    ).json();
    const computed = (
      await as(t, analyst, {
        method: 'GET',
        url: `/api/analysis-requests/${req.id}/percentile?value=${maxSpeed}`,
      })
    ).json().percentile.percentile;
    expect(computed).toBeGreaterThan(90);
    const done = await complete(
      t,
      analyst,
      req.id,
      { ...fields, maxSpeed_percentile: String(computed), percentileReason: 'left over' },
      null,
    );
    expect(done.statusCode).toBe(200);
    const receipt = (
      await as(t, analyst, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` })
    ).json();
    expect(receipt.percentile).toMatchObject({ value: computed, reason: null });
    expect(receipt.percentile.computed.percentile).toBe(computed);
  });
});
