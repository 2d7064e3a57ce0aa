import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, measurementReceipts, players, users } from '../db/schema';
import { seedReference } from '.';
import { createTestApp, login, type TestApp } from '../test/helpers';
import { ensureDemoMeasurements } from './demo-measurements';

let t: TestApp;
const silent = { info() {}, warn() {}, error() {} } as never;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  await seedReference(t.db, { demo: true, log: silent, schools: false });
});
afterAll(() => t.close());

describe('demo data a newcomer can check', () => {
  it("measures each demo player's latest speed with a receipt, gives the pending request a source clip, once", async () => {
    await ensureDemoMeasurements(t.app);
    const [parent] = await t.db.select().from(users).where(eq(users.username, 'parent@demo.test'));
    const family = await t.db.select().from(players).where(eq(players.userId, parent.id));
    const reqs = await t.db
      .select()
      .from(analysisRequests)
      .where(
        inArray(
          analysisRequests.playerId,
          family.map((p) => p.id),
        ),
      );
    const receipts = await t.db
      .select()
      .from(measurementReceipts)
      .where(
        inArray(
          measurementReceipts.requestId,
          reqs.map((r) => r.id),
        ),
      );
    expect(receipts.length).toBe(family.length);
    const measured = reqs.filter((r) => r.maxSpeedPlusMinus !== null);
    expect(measured).toHaveLength(family.length);
    for (const r of measured) expect(r.methodLabel).toBe('video 59.94 fps, yard-line crossings');
    const pending = reqs.find((r) => r.status === 'pending')!;
    expect(pending.sourceVideoId).not.toBeNull();

    const cookie = await login(t, 'parent@demo.test', 'demo1234');
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/analysis-requests/${measured[0].id}/receipt`,
      headers: { cookie },
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().stills).toHaveLength(5);

    await ensureDemoMeasurements(t.app);
    expect(await t.db.select().from(measurementReceipts)).toHaveLength(receipts.length);
  }, 120_000);
});
