/**
 * Numbers already stored (issue 49, decision 241): an admin's re-check holds every verified 40 that the
 * new rules would not stand behind; it leaves the leaderboard, the family is told, the receipt keeps
 * both, and an analyst confirms or corrects it by completing it again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, kindReceipts, leaderboard, videoMedia } from '../../db/schema';
import { drainJobs } from '../../lib/jobs';
import { makeFortyClip, type FortyClip } from '../../lib/forty-clip';
import { as, createTestApp, createUser, lastMailTo, type TestApp, type TestUser } from '../../test/helpers';
import { complete } from '../analysis/analysis.fixtures';
import { requestFortyWithClip } from '../forty/forty.fixtures';
import { recheckJobHandlers } from './admin-recheck.service';

let t: TestApp;
let analyst: TestUser;
let admin: TestUser;
let c: FortyClip;
const dir = mkdtempSync(path.join(tmpdir(), 'va-recheck-'));

beforeAll(async () => {
  t = await createTestApp();
  analyst = await createUser(t, { role: 'analyst' });
  admin = await createUser(t, { role: 'admin' });
  c = await makeFortyClip(path.join(dir, 'forty-120.mp4'), { fps: 120 });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const marks = (videoId: number, startFrame = c.startFrame) => ({
  videoId,
  startFrame,
  finishFrame: c.finishFrame,
  lines: [
    { yardLine: 0, frameIndex: startFrame },
    { yardLine: 40, frameIndex: c.finishFrame },
  ],
});

/** A verified 40 completed as the product did before decision 241. */
async function storedForty(startFrame = c.startFrame) {
  const { family, player, videoId, request } = await requestFortyWithClip(t, c.file);
  const requestId = request.id;
  const done = await complete(
    t,
    analyst,
    requestId,
    { measurement: JSON.stringify(marks(videoId, startFrame)) },
    null,
  );
  expect(done.statusCode, done.body).toBe(200);
  return { family, player, videoId, requestId };
}

const start = () => as(t, admin, { method: 'POST', url: '/api/admin/measurements/recheck' });

describe('the re-check of stored verified 40s', () => {
  it('is for admins only: 401 signed out, 403 for an analyst or a family, 404 for an unknown job', async () => {
    expect((await as(t, null, { method: 'POST', url: '/api/admin/measurements/recheck' })).statusCode).toBe(
      401,
    );
    expect(
      (await as(t, analyst, { method: 'POST', url: '/api/admin/measurements/recheck' })).statusCode,
    ).toBe(403);
    const family = await createUser(t);
    expect(
      (await as(t, family, { method: 'GET', url: '/api/admin/measurements/recheck/1' })).statusCode,
    ).toBe(403);
    expect(
      (await as(t, admin, { method: 'GET', url: '/api/admin/measurements/recheck/999999' })).statusCode,
    ).toBe(404);
    expect(
      (await as(t, admin, { method: 'GET', url: '/api/admin/measurements/recheck/abc' })).statusCode,
    ).toBe(400);
  });

  it('holds a 40 stored too wide or marked after a frame the old rule refused, tells the family, keeps both; an analyst confirms it', async () => {
    const sound = await storedForty();
    // As stored before decision 241: the frame before the start was refused as a repeat, so the analyst
    // marked the start one frame late; and a bound of ± 1.07 s was accepted.
    const late = await storedForty(c.startFrame + 1);
    await t.db
      .update(videoMedia)
      .set({ repeatedFrames: [c.startFrame] })
      .where(eq(videoMedia.videoId, late.videoId));
    const [receipt] = await t.db
      .select()
      .from(kindReceipts)
      .where(eq(kindReceipts.requestId, late.requestId));
    const data = receipt.data as { result: { plusMinusSeconds: number } };
    await t.db
      .update(kindReceipts)
      .set({ data: { ...data, result: { ...data.result, plusMinusSeconds: 1.07 } } })
      .where(eq(kindReceipts.id, receipt.id));
    expect(await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, late.player.id))).not.toEqual(
      [],
    );

    const started = await start();
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json<{ id: number }>();
    await drainJobs(t.db, recheckJobHandlers(t.app));
    const read = await as(t, admin, { method: 'GET', url: `/api/admin/measurements/recheck/${id}` });
    expect(read.statusCode, read.body).toBe(200);
    const outcome = read.json<{
      status: string;
      checked: number;
      held: { requestId: number; kind: string; reasons: string[] }[];
    }>();
    expect(outcome.status).toBe('done');
    expect(outcome.checked).toBeGreaterThanOrEqual(2);
    expect(outcome.held.map((h) => h.requestId)).toEqual([late.requestId]);
    // Each kind's module registers its re-check; a held result names its kind (decision 269).
    expect(outcome.held.map((h) => h.kind)).toEqual(['forty']);
    const reasons = outcome.held[0].reasons.join(' ');
    expect(reasons).toContain('wider than the ± 0.03 s a verified 40 allows');
    expect(reasons).toContain(
      `The start was marked on frame ${c.startFrame + 2} because frame ${c.startFrame + 1} was refused`,
    );

    // Held: off the leaderboard, the family told; the sound one stands.
    const [held] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, late.requestId));
    expect(held.status).toBe('held');
    expect(await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, late.player.id))).toEqual([]);
    expect(
      await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, sound.player.id)),
    ).not.toEqual([]);
    const mail = await lastMailTo(t, late.family.email);
    expect(mail?.subject).toMatch(/verified 40 is being checked again/);
    // The receipt keeps the stored result and what the check found; the analyst reads it, the family not
    // until it is confirmed.
    const receiptUrl = `/api/analysis-requests/${late.requestId}/forty-receipt`;
    expect((await as(t, late.family, { method: 'GET', url: receiptUrl })).statusCode).toBe(404);
    const receiptRead = await as(t, analyst, { method: 'GET', url: receiptUrl });
    expect(receiptRead.statusCode, receiptRead.body).toBe(200);
    expect(receiptRead.json().recheck.reasons).toEqual(outcome.held[0].reasons);
    const [kept] = await t.db.select().from(kindReceipts).where(eq(kindReceipts.requestId, late.requestId));
    expect((kept.data as { recheck: { reasons: string[] } }).recheck.reasons).toEqual(
      outcome.held[0].reasons,
    );

    // It is in the analyst's queue; completing it again with the true start confirms it.
    const queue = await as(t, analyst, { method: 'GET', url: '/api/analysis-requests/queue' });
    expect(queue.json<{ id: number }[]>().map((q) => q.id)).toContain(late.requestId);
    const again = await complete(
      t,
      analyst,
      late.requestId,
      { measurement: JSON.stringify(marks(late.videoId)) },
      null,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().request.status).toBe('completed');
    expect(await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, late.player.id))).not.toEqual(
      [],
    );
    const [after] = await t.db.select().from(kindReceipts).where(eq(kindReceipts.requestId, late.requestId));
    const both = after.data as {
      previous: { result: { plusMinusSeconds: number } };
      marks: { startFrame: number };
    };
    expect(both.previous.result.plusMinusSeconds).toBe(1.07);
    expect(both.marks.startFrame).toBe(c.startFrame);
    const confirmed = (await as(t, late.family, { method: 'GET', url: receiptUrl })).json();
    expect(confirmed.previous).toMatchObject({ plusMinusSeconds: 1.07, startFrame: c.startFrame + 1 });
    expect(confirmed.marks.startFrame).toBe(c.startFrame);
    // A completed request is not processed twice.
    const twice = await complete(
      t,
      analyst,
      late.requestId,
      { measurement: JSON.stringify(marks(late.videoId)) },
      null,
    );
    expect(twice.statusCode).toBe(409);
  });
});
