/**
 * Migration 0040 (decision 238): coaches the website-host rule of 211 approved on their own wait for an admin
 * again; coaches an admin approved, or a curated domain approved under 238, keep their standing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coaches } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp } from '../../test/helpers';
import { applyCoach } from './coach.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MIGRATION = readFileSync(
  path.resolve(
    import.meta.dirname,
    '../../../migrations/0040_coaches-approved-by-website-await-an-admin.sql',
  ),
  'utf8',
);

describe('coaches approved by the rule before decision 238', () => {
  it('wait for an admin again; those an admin or a curated domain approved keep their standing', async () => {
    // As 211 left them: approved on their own by the website host (domain matched, nobody decided).
    const old = await applyCoach(t);
    await t.db
      .update(coaches)
      .set({ status: 'approved', domainMatched: true, approvedByDomain: null, decidedBy: null })
      .where(eq(coaches.id, old.applicationId));
    const admin = await createUser(t, { role: 'admin' });
    const byAdmin = await applyCoach(t);
    await t.db
      .update(coaches)
      .set({ status: 'approved', domainMatched: true, approvedByDomain: null, decidedBy: admin.id })
      .where(eq(coaches.id, byAdmin.applicationId));
    const byDomain = await applyCoach(t);
    const before = (await as(t, old, { method: 'GET', url: '/api/coach/watchlist' })).statusCode;
    expect(before).toBe(200);

    await t.db.execute(sql.raw(MIGRATION));

    const statusOf = async (id: number) =>
      (await t.db.select().from(coaches).where(eq(coaches.id, id)))[0].status;
    expect(await statusOf(old.applicationId)).toBe('awaiting-admin');
    expect(await statusOf(byAdmin.applicationId)).toBe('approved');
    expect(await statusOf(byDomain.applicationId)).toBe('approved');
  });
});
