import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, creditTransactions, videos } from '../../db/schema';
import { as, createTestApp, createUser, isRealPostgres, type TestApp, userRow } from '../../test/helpers';
import { measuredFields } from '../measurements/measurement.fixtures';
import { complete, createPlayer, requestSpeed } from './analysis.fixtures';

// PGlite runs one query at a time and would hide these races: they run on PostgreSQL only.
describe.skipIf(!isRealPostgres())('races on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a user with 5 credits sends 20 requests at once: exactly 5 succeed and the balance ends at 0', async () => {
    const u = await createUser(t, { credits: 5 });
    const p = await createPlayer(t, u);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => requestSpeed(t, u, p.id, p.primaryPositionId)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 402)).toHaveLength(15);
    expect((await userRow(t, u.id)).credits).toBe(0);
    expect(
      await t.db.select().from(analysisRequests).where(eq(analysisRequests.playerId, p.id)),
    ).toHaveLength(5);
    expect(
      await t.db.select().from(creditTransactions).where(eq(creditTransactions.userId, u.id)),
    ).toHaveLength(5);
  });

  it('two analysts complete the same request at once: exactly one wins, the other gets 409', async () => {
    const owner = await createUser(t, { credits: 1 });
    const p = await createPlayer(t, owner);
    const req = (await requestSpeed(t, owner, p.id, p.primaryPositionId)).json();
    const [a, b] = await Promise.all([createUser(t, { role: 'analyst' }), createUser(t, { role: 'admin' })]);
    const fields = await measuredFields(t, a, req.id);
    const results = await Promise.all([
      complete(t, a, req.id, { ...fields, maxSpeed_percentile: '50' }),
      complete(t, b, req.id, { ...fields, maxSpeed_percentile: '70' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db.select().from(videos).where(eq(videos.analysisRequestId, req.id));
    expect(rows).toHaveLength(1);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect(rows[0].maxSpeed).toBe(winner.request.maxSpeed);
    const stored = await t.app.storage.size(rows[0].storageKey!);
    expect(stored).toBeGreaterThan(0);
  });

  it('a rejection sent twice at once refunds the credit once', async () => {
    const owner = await createUser(t, { credits: 1 });
    const p = await createPlayer(t, owner);
    const req = (await requestSpeed(t, owner, p.id, p.primaryPositionId)).json();
    const analyst = await createUser(t, { role: 'analyst' });
    const payload = { reason: 'Video quality too low', comment: 'Too blurry to time' };
    const results = await Promise.all(
      Array.from({ length: 2 }, () =>
        as(t, analyst, { method: 'POST', url: `/api/analysis-requests/${req.id}/reject`, payload }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await userRow(t, owner.id)).credits).toBe(1);
  });
});
