/**
 * Tracked Max Speeds already stored (issue 48): the admin's re-check tracks each one again under the
 * current tracker from the analyst's clicks; one whose new bound does not hold the stored value is held
 * for an analyst, leaves the leaderboard, its family is told and its receipt keeps both; one that holds
 * stands.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, leaderboard, kindReceipts } from '../../../db/schema';
import { drainJobs } from '../../../lib/jobs';
import {
  as,
  createTestApp,
  createUser,
  lastMailTo,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { recheckJobHandlers } from '../../admin/admin-recheck.service';
import { complete, createPlayer, multipart, requestSpeed } from '../../analysis/analysis.fixtures';
import type { ReceiptData } from '../receipt.service';
import { makeFieldClip, type FieldClip } from './field-clip.fixtures';
import { trackJobHandlers } from './track.service';
import { checkWindowEnds } from './window-check.fixtures';

let t: TestApp;
let analyst: TestUser;
let admin: TestUser;
let clip: FieldClip;
const dir = mkdtempSync(path.join(tmpdir(), 'va-tracked-recheck-'));

beforeAll(async () => {
  t = await createTestApp();
  analyst = await createUser(t, { role: 'analyst' });
  admin = await createUser(t, { role: 'admin' });
  clip = await makeFieldClip(path.join(dir, 'run.mp4'), { fps: '30000/1001', seconds: 2.5, crowd: false });
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A click on the runner's true ground point on a frame. */
const clickAt = (frameIndex: number) => {
  const g = clip.groundPoints[frameIndex];
  return { frameIndex, x: Math.round(g.x), y: Math.round(g.y) };
};

/**
 * A tracked Max Speed completed, then made to look as the tracker `version` stored it (`mphOff` off the fit;
 * clicked on frame `clickedAt` instead of 30 when given).
 */
async function storedTrackedSpeed(mphOff: number, version = '1.0.0', clickedAt?: number) {
  const family = await createUser(t, { credits: 3 });
  const player = await createPlayer(t, family);
  const req = (await requestSpeed(t, family, player.id, player.primaryPositionId)).json();
  const body = multipart(
    {},
    { field: 'file', name: 'run.mp4', type: 'video/mp4', data: readFileSync(clip.file) },
  );
  const up = await as(t, analyst, {
    method: 'POST',
    url: `/api/analysis-requests/${req.id}/source-video`,
    ...body,
  });
  expect(up.statusCode).toBe(201);
  const videoId = up.json().video.id;
  const started = await as(t, analyst, {
    method: 'POST',
    url: '/api/measurements/tracks',
    payload: { videoId, seeds: [clickAt(30)] },
  });
  const trackId = started.json().id;
  await drainJobs(t.db, trackJobHandlers(t.db, t.app.storage));
  expect((await checkWindowEnds(t, analyst, trackId)).status).toBe('done');
  const done = await complete(
    t,
    analyst,
    req.id,
    { measurement: JSON.stringify({ videoId, trackId }), maxSpeed_percentile: '60' },
    null,
  );
  expect(done.statusCode, done.body).toBe(200);
  const [receipt] = await t.db.select().from(kindReceipts).where(eq(kindReceipts.requestId, req.id));
  const data = receipt.data as ReceiptData;
  const tracked = data.measurement.tracked!;
  const max = tracked.result.maxSpeed!;
  await t.db
    .update(kindReceipts)
    .set({
      data: {
        ...data,
        measurement: {
          ...data.measurement,
          tracked: {
            ...tracked,
            ...(clickedAt === undefined ? {} : { seeds: [clickAt(clickedAt)] }),
            result: {
              ...tracked.result,
              algorithm: { ...tracked.result.algorithm, version },
              maxSpeed: { ...max, mph: max.mph + mphOff },
            },
          },
        },
      },
    })
    .where(eq(kindReceipts.id, receipt.id));
  return { family, player, requestId: req.id as number };
}

describe('the re-check of stored tracked Max Speeds (issue 48)', () => {
  it('holds one the current tracker does not stand behind, tells the family and keeps both; one that holds stands', async () => {
    const sound = await storedTrackedSpeed(0);
    const wrong = await storedTrackedSpeed(3);
    expect(
      await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, wrong.player.id)),
    ).not.toEqual([]);

    const started = await as(t, admin, { method: 'POST', url: '/api/admin/measurements/recheck' });
    expect(started.statusCode, started.body).toBe(202);
    await drainJobs(t.db, recheckJobHandlers(t.app));
    const read = await as(t, admin, {
      method: 'GET',
      url: `/api/admin/measurements/recheck/${started.json().id}`,
    });
    const outcome = read.json<{
      status: string;
      checked: number;
      held: { requestId: number; reasons: string[] }[];
    }>();
    expect(outcome.status).toBe('done');
    expect(outcome.checked).toBe(2);
    expect(outcome.held.map((h) => h.requestId)).toEqual([wrong.requestId]);
    expect(outcome.held[0].reasons.join(' ')).toMatch(
      /Tracked again, it measures .* which does not hold the stored/,
    );

    const [held] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, wrong.requestId));
    expect(held.status).toBe('held');
    expect(await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, wrong.player.id))).toEqual(
      [],
    );
    expect(
      await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, sound.player.id)),
    ).not.toEqual([]);
    const [stillSound] = await t.db
      .select()
      .from(analysisRequests)
      .where(eq(analysisRequests.id, sound.requestId));
    expect(stillSound.status).toBe('completed');
    const mail = await lastMailTo(t, wrong.family.email);
    expect(mail?.subject).toMatch(/verified Max Speed is being checked again/);
    expect(mail?.text).toContain('does not hold the stored');
    // The receipt keeps the stored result and what the check found.
    const [receipt] = await t.db
      .select()
      .from(kindReceipts)
      .where(eq(kindReceipts.requestId, wrong.requestId));
    const recheck = (receipt.data as { recheck?: { reasons: string[]; result: { mph: number } | null } })
      .recheck;
    expect(recheck?.reasons).toEqual(outcome.held[0].reasons);
    expect(recheck?.result?.mph).toEqual(expect.any(Number));
  }, 400_000);

  it('holds one tracked by 2.8.0 from a click where the player was still starting: the current tracker asks for one where he runs fastest (decision 302)', async () => {
    // The stored value is the fit's own: only the click, on frame 3 (a tenth of a second in), is why.
    const slow = await storedTrackedSpeed(0, '2.8.0', 3);
    const started = await as(t, admin, { method: 'POST', url: '/api/admin/measurements/recheck' });
    await drainJobs(t.db, recheckJobHandlers(t.app));
    const outcome = (
      await as(t, admin, { method: 'GET', url: `/api/admin/measurements/recheck/${started.json().id}` })
    ).json<{ status: string; held: { requestId: number; reasons: string[] }[] }>();
    expect(outcome.status).toBe('done');
    const held = outcome.held.find((h) => h.requestId === slow.requestId);
    expect(held?.reasons.join(' ')).toMatch(
      /^The tracker now stops on frame \d+: The tracker places the player's feet by how he looked where he was clicked \(frame 4\), and there he ran much slower than in his fastest 10 yards/,
    );
    const [row] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, slow.requestId));
    expect(row.status).toBe('held');
  }, 400_000);
});
