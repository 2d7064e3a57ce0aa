import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ANALYST, VERIFIED_BY_TWO_ANALYSTS } from '../../../contract/audits';
import { analysisRequests, leaderboard, measurementAudits } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { complete, createPlayer, requestSpeed } from '../analysis/analysis.fixtures';
import { measuredFields, runClip } from '../measurements/measurement.fixtures';
import { maybeQueueAudit } from './audit-queue.service';

let t: TestApp;
let first: TestUser;
let second: TestUser;
let admin: TestUser;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [first, second, admin, owner] = [
    await createUser(t, { role: 'analyst' }),
    await createUser(t, { role: 'analyst' }),
    await createUser(t, { role: 'admin' }),
    await createUser(t, { credits: 10 }),
  ];
  expect(
    (await as(t, admin, { method: 'PUT', url: '/api/audits/settings', payload: { ratePercent: 100 } }))
      .statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

/** A max-speed request the first analyst measured on the run clip (true crossings). */
async function completedByFirst() {
  const player = await createPlayer(t, owner);
  const req = (await requestSpeed(t, owner, player.id, player.primaryPositionId)).json();
  const fields = await measuredFields(t, first, req.id);
  const res = await complete(t, first, req.id, fields, null);
  expect(res.statusCode, res.body).toBe(200);
  const videoId = JSON.parse(fields.measurement).videoId as number;
  const [audit] = await t.db.select().from(measurementAudits).where(eq(measurementAudits.requestId, req.id));
  return { player, req: res.json().request, videoId, audit: audit };
}

async function marks() {
  const c = await runClip();
  return c.crossings.slice(0, 4).map(({ frameIndex, yardLine }) => ({ frameIndex, yardLine }));
}
const submit = (who: TestUser, auditId: number, payload: object) =>
  as(t, who, { method: 'POST', url: `/api/audits/${auditId}/measurement`, payload });
const familyLabel = async (requestId: number) =>
  (await as(t, owner, { method: 'GET', url: `/api/analysis-requests/${requestId}/audit` })).json();

describe('second-analyst audit', () => {
  it('a completed max-speed request goes back to the queue for a different analyst only, blind', async () => {
    const { req, audit } = await completedByFirst();
    expect(audit).toMatchObject({ status: 'pending', excludedAnalystId: first.id });
    const mine = (await as(t, first, { method: 'GET', url: '/api/audits/queue' })).json();
    expect(mine.map((i: { auditId: number }) => i.auditId)).not.toContain(audit.id);
    const theirs = (await as(t, second, { method: 'GET', url: '/api/audits/queue' })).json();
    const item = theirs.find((i: { auditId: number }) => i.auditId === audit.id);
    expect(item).toMatchObject({ id: req.id, sourceVideoId: req.sourceVideoId ?? expect.any(Number) });
    for (const k of ['maxSpeed', 'plusMinus', 'maxSpeedPlusMinus', 'marks', 'methodLabel', 'analystId'])
      expect(item).not.toHaveProperty(k);
    // The first analyst's receipt is hidden from the auditor until the audit is in; its author and admins still see it.
    expect(
      (await as(t, second, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` })).statusCode,
    ).toBe(404);
    expect(
      (await as(t, first, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` })).statusCode,
    ).toBe(200);
    expect(
      (await as(t, admin, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` })).statusCode,
    ).toBe(200);
    const self = await submit(first, audit.id, {
      videoId: req.sourceVideoId,
      landmark: 'torso',
      marks: await marks(),
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(SAME_ANALYST);
    expect(
      (await submit(owner, audit.id, { videoId: req.sourceVideoId, landmark: 'torso', marks: await marks() }))
        .statusCode,
    ).toBe(403);
  });

  it('results within their combined bounds agree: the family sees Verified by 2 analysts', async () => {
    const { req, audit, player } = await completedByFirst();
    const res = await submit(second, audit.id, {
      videoId: req.sourceVideoId,
      landmark: 'torso',
      marks: await marks(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'agreed',
      withinBounds: true,
      difference: 0,
      original: { speed: req.maxSpeed },
      audit: { speed: req.maxSpeed },
    });
    expect(await familyLabel(req.id)).toEqual({ status: 'agreed', label: VERIFIED_BY_TWO_ANALYSTS });
    // A coach sees it on the public profile and its receipt.
    const shared = (
      await as(t, owner, {
        method: 'PUT',
        url: `/api/players/${player.id}/share`,
        payload: { enabled: true },
      })
    ).json();
    expect(
      (await t.app.inject({ method: 'GET', url: `${shared.path}/profile.json` })).json().maxSpeed,
    ).toMatchObject({ verifiedByTwo: true });
    expect((await t.app.inject({ method: 'GET', url: shared.path })).body).toContain(
      VERIFIED_BY_TWO_ANALYSTS,
    );
    expect((await t.app.inject({ method: 'GET', url: `${shared.path}/receipts/${req.id}` })).body).toContain(
      'A second analyst measured',
    );
    expect(
      (await as(t, second, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` })).statusCode,
    ).toBe(200);
    expect(
      (
        await submit(second, audit.id, {
          videoId: req.sourceVideoId,
          landmark: 'torso',
          marks: await marks(),
        })
      ).statusCode,
    ).toBe(409);
  });

  it('results further apart than their combined bounds are flagged; the admin confirms one and the family sees it', async () => {
    const { req, audit, player } = await completedByFirst();
    const far = req.maxSpeed + 3;
    const res = await submit(second, audit.id, {
      videoId: req.sourceVideoId,
      landmark: 'torso',
      marks: await marks(),
      override: { maxSpeed: far, reason: 'Runner visibly faster on the far hash' },
    });
    expect(res.json()).toMatchObject({ status: 'flagged', withinBounds: false, difference: 3 });
    expect((await familyLabel(req.id)).status).toBe('flagged');
    expect((await as(t, second, { method: 'GET', url: '/api/audits' })).statusCode).toBe(403);
    const flagged = (await as(t, admin, { method: 'GET', url: '/api/audits' })).json();
    expect(flagged.map((a: { id: number }) => a.id)).toContain(audit.id);
    expect(
      (
        await as(t, admin, {
          method: 'POST',
          url: `/api/audits/${audit.id}/resolve`,
          payload: { confirmed: 'maybe' },
        })
      ).statusCode,
    ).toBe(400);
    const resolved = await as(t, admin, {
      method: 'POST',
      url: `/api/audits/${audit.id}/resolve`,
      payload: { confirmed: 'audit' },
    });
    expect(resolved.json()).toMatchObject({ status: 'resolved', confirmed: 'audit' });
    const [row] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, req.id));
    expect(row.maxSpeed).toBe(far);
    const receipt = (
      await as(t, owner, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` })
    ).json();
    expect(receipt).toMatchObject({ revision: 2, maxSpeed: far });
    expect(receipt.revisions).toHaveLength(2);
    const board = await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, player.id));
    expect(board.every((b) => b.metricValue === far)).toBe(true);
    expect((await familyLabel(req.id)).status).toBe('resolved');
    expect(
      (
        await as(t, admin, {
          method: 'POST',
          url: `/api/audits/${audit.id}/resolve`,
          payload: { confirmed: 'original' },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('the rate is an admin setting: 0 % sends nothing back, bad values are refused', async () => {
    expect(
      (await as(t, first, { method: 'PUT', url: '/api/audits/settings', payload: { ratePercent: 50 } }))
        .statusCode,
    ).toBe(403);
    const bad = await as(t, admin, {
      method: 'PUT',
      url: '/api/audits/settings',
      payload: { ratePercent: 150 },
    });
    expect(bad.statusCode).toBe(400);
    expect((await as(t, admin, { method: 'GET', url: '/api/audits/settings' })).json()).toEqual({
      ratePercent: 100,
    });
    await as(t, admin, { method: 'PUT', url: '/api/audits/settings', payload: { ratePercent: 0 } });
    const { audit, req } = await completedByFirst();
    expect(audit).toBeUndefined();
    // With 10 % a draw of 9.99 is audited and 10 is not.
    await as(t, admin, { method: 'PUT', url: '/api/audits/settings', payload: { ratePercent: 10 } });
    expect(await maybeQueueAudit(t.db, req.id, () => 10)).toBeNull();
    expect(await maybeQueueAudit(t.db, req.id, () => 9.99)).toMatchObject({
      status: 'pending',
      excludedAnalystId: first.id,
    });
    await as(t, admin, { method: 'PUT', url: '/api/audits/settings', payload: { ratePercent: 100 } });
  });

  it('reporting: audits done, mean absolute difference, share within bounds, per analyst', async () => {
    const report = (await as(t, admin, { method: 'GET', url: '/api/audits/report' })).json();
    expect(report.overall).toEqual({ audits: 2, meanAbsDiffMph: 1.5, withinBoundsShare: 0.5 });
    const a = report.perAnalyst.find((p: { analystId: number }) => p.analystId === first.id);
    const b = report.perAnalyst.find((p: { analystId: number }) => p.analystId === second.id);
    expect(a).toMatchObject({ audits: 2, meanAbsDiffMph: 1.5, withinBoundsShare: 0.5, auditsDone: 0 });
    expect(b).toMatchObject({ audits: 0, auditsDone: 2 });
    expect(report.flagged).toBe(0);
    expect((await as(t, first, { method: 'GET', url: '/api/audits/report' })).statusCode).toBe(403);
  });
});
