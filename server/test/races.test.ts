import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, videos } from '../db/schema';
import { complete, createPlayer, requestSpeed } from '../modules/analysis/analysis.fixtures';
import { measuredFields } from '../modules/measurements/measurement.fixtures';
import { as, createTestApp, createUser, isRealPostgres, type TestApp, userRow } from './helpers';

// The races issue 13 lists that had no test yet; the others live beside their features (decision in docs/security.md).
describe.skipIf(!isRealPostgres())('races on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('one analyst completes while another rejects the same request: exactly one wins and the credit follows it', async () => {
    for (let round = 0; round < 3; round++) {
      const owner = await createUser(t, { credits: 1 });
      const p = await createPlayer(t, owner);
      const req = (await requestSpeed(t, owner, p.id, p.primaryPositionId)).json();
      const [a, b] = await Promise.all([
        createUser(t, { role: 'analyst' }),
        createUser(t, { role: 'analyst' }),
      ]);
      const fields = await measuredFields(t, a, req.id);
      const [done, rejected] = await Promise.all([
        complete(t, a, req.id, { ...fields, maxSpeed_percentile: '50' }),
        as(t, b, {
          method: 'POST',
          url: `/api/analysis-requests/${req.id}/reject`,
          payload: { reason: 'Video quality too low', comment: 'Blurry' },
        }),
      ]);
      expect([done.statusCode, rejected.statusCode].sort(), `${done.body} / ${rejected.body}`).toEqual([
        200, 409,
      ]);
      const [row] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, req.id));
      const me = await userRow(t, owner.id);
      const results = await t.db.select().from(videos).where(eq(videos.analysisRequestId, req.id));
      if (done.statusCode === 200) {
        expect(row.status).toBe('completed');
        expect(me.credits).toBe(0);
        expect(results).toHaveLength(1);
      } else {
        expect(row.status).toBe('rejected');
        expect(me.credits).toBe(1);
        expect(results).toHaveLength(0);
      }
    }
  });
});
