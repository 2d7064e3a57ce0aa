/**
 * The verified vertical jump through the API (issue 51, decision 243): generated side-view clips of a jump
 * with a known flight time at 120 and 240 fps (59.94 fps refused). Marking the true take-off and landing
 * frames gives the true height inside the bound; the proposer finds both frames within one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPgliteRun } from '../../test/passes';
import { kindReceipts } from '../../db/schema';
import { makeJumpClip, type JumpClip } from '../../lib/jump-clip';
import {
  as,
  createTestApp,
  createUser,
  lastMailTo,
  userRow,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { complete, createPlayer } from '../analysis/analysis.fixtures';
import { requestVerticalWithClip } from './vertical-jump.fixtures';

let t: TestApp;
let analyst: TestUser;
let admin: TestUser;
const dir = mkdtempSync(path.join(tmpdir(), 'va-vertical-'));
const clips = new Map<string, Promise<JumpClip>>();
/** One clip per rate per file run: 0.62 s in the air (18.6 in) unless told otherwise. */
const clip = (fps: number, o: { rate?: string; flightSeconds?: number } = {}) => {
  const key = `${fps}-${(o.rate ?? '').replace('/', '_')}-${o.flightSeconds ?? ''}`;
  if (!clips.has(key)) clips.set(key, makeJumpClip(path.join(dir, `jump-${key}.mp4`), { fps, ...o }));
  return clips.get(key)!;
};

beforeAll(async () => {
  t = await createTestApp();
  analyst = await createUser(t, { role: 'analyst' });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function familyRequests(
  fps: number,
  o: {
    rate?: string;
    flightSeconds?: number;
    passedCheck?: boolean;
    family?: TestUser;
    player?: Awaited<ReturnType<typeof createPlayer>>;
  } = {},
) {
  const c = await clip(fps, { rate: o.rate, flightSeconds: o.flightSeconds });
  return { c, ...(await requestVerticalWithClip(t, c.file, o)) };
}

const trueMarks = (c: JumpClip, videoId: number) => ({
  videoId,
  takeoffFrame: c.takeoffFrame,
  landingFrame: c.landingFrame,
});

const preview = (body: object, who: TestUser | null = analyst) =>
  as(t, who, { method: 'POST', url: '/api/measurements/vertical/preview', payload: body });
const propose = (body: object, who: TestUser | null = analyst) =>
  as(t, who, { method: 'POST', url: '/api/measurements/vertical/proposals', payload: body });

describe('a verified vertical jump requested with its clip', () => {
  it('is a vertical_jump request on the speed analysis credit, with the uploaded clip as its source', async () => {
    const { family, request, videoId } = await familyRequests(120);
    expect(request).toMatchObject({
      requestType: 'vertical_jump',
      status: 'pending',
      sourceVideoId: videoId,
      hudlUrl: '',
    });
    expect((await userRow(t, family.id)).creditBalances).toMatchObject({ max_speed: 0 });
  });

  it('needs the clip, and a credit', async () => {
    const family = await createUser(t, { credits: 1 });
    const player = await createPlayer(t, family);
    const body = {
      requestType: 'vertical_jump',
      playerId: player.id,
      season: 2026,
      positionId: player.primaryPositionId,
    };
    const res = await as(t, family, { method: 'POST', url: '/api/analysis-requests', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.videoId).toBe('Upload the clip of the jump with the request');
    const poor = await createUser(t, { credits: 0 });
    const c = await clip(120);
    await expect(requestVerticalWithClip(t, c.file, { family: poor })).rejects.toThrow();
  });
});

describe('working out the height from the clip', () => {
  // By hand: h = g·t²/8; each end is quantised by one frame (1/fps): the flight time read from the file
  // lies within one frame of the truth, and the stated ± is the larger reach of the heights of
  // (t - 1/fps, t + 1/fps) from the height rounded to 0.1, rounded up to 0.1.
  const heightAt = async (fps: number) => {
    const { c, videoId } = await familyRequests(fps);
    const res = await preview(trueMarks(c, videoId));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    const raw = c.frameTimes[c.landingFrame] - c.frameTimes[c.takeoffFrame];
    const d = 1 / fps;
    const inches = (s: number) => (9.80665 * s * s) / 8 / 0.0254;
    const shown = Math.round(inches(raw) * 10 + 1e-7) / 10;
    const byHand = Math.ceil(Math.max(shown - inches(raw - d), inches(raw + d) - shown) * 10 - 1e-7) / 10;
    expect(r.heightInches).toBe(shown);
    expect(r.plusMinusInches).toBe(byHand);
    expect(Math.abs(r.heightInches - c.trueInches)).toBeLessThanOrEqual(r.plusMinusInches);
    expect(Math.abs(r.flightSeconds - c.flightSeconds)).toBeLessThanOrEqual(r.plusMinusSeconds);
    expect(r).toMatchObject({ fps, method: `verified vertical, video ${fps} fps`, qualityProblems: [] });
    expect(r.plusMinusInches).toBeLessThanOrEqual(fps === 240 ? 0.3 : 0.6);
  };
  it.each([120])('at %i fps the true frames give the true height inside the bound', heightAt);
  // The same endpoint at 240 fps: once (decision 339).
  inPgliteRun.each([240])('at %i fps the true frames give the true height inside the bound', heightAt);

  it("refuses a 59.94 fps clip: below 100 fps, 'Video quality too low', and the credit comes back on rejection", async () => {
    const { c, videoId, request, family } = await familyRequests(59.94, {
      rate: '60000/1001',
      passedCheck: true,
    });
    const r = (await preview(trueMarks(c, videoId))).json();
    expect(r.fps).toBe(59.94);
    expect(r.qualityProblems).toEqual([
      'The video has about 60 frames per second between the take-off and the landing, below the 100 needed for a verified vertical jump: film at 120 or 240 fps.',
    ]);
    const done = await complete(
      t,
      analyst,
      request.id,
      { measurement: JSON.stringify(trueMarks(c, videoId)) },
      null,
    );
    expect(done.statusCode).toBe(400);
    expect(done.json().message).toContain("Reject the request with the reason 'Video quality too low'.");
    const rejected = await as(t, analyst, {
      method: 'POST',
      url: `/api/analysis-requests/${request.id}/reject`,
      payload: { reason: 'Video quality too low', comment: 'Filmed at 60 fps: film it at 120 or 240 fps.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await userRow(t, family.id)).creditBalances).toMatchObject({ max_speed: 1 });
  });

  it('refuses a bound wider than ± 0.8 in (a long flight at 120 fps)', async () => {
    // 1.0 s in the air (48 in) at 120 fps: one frame at each end is about ± 0.8-0.9 in.
    const { c, videoId } = await familyRequests(120, { flightSeconds: 1.0 });
    const r = (await preview(trueMarks(c, videoId))).json();
    expect(r.plusMinusInches).toBeGreaterThan(0.8);
    expect(r.qualityProblems[0]).toContain('wider than the ± 0.8 in a verified vertical jump allows');
  });

  it('answers 400 for a landing before the take-off, and a frame outside the video, changing nothing', async () => {
    const { c, videoId } = await familyRequests(120);
    const back = await preview({ videoId, takeoffFrame: c.landingFrame, landingFrame: c.takeoffFrame });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors.landingFrame).toBe('The take-off frame must come before the landing frame');
    const outside = await preview({ videoId, takeoffFrame: 1, landingFrame: 1_000_000 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.landingFrame).toMatch(/^Frame 1000000 is not in the video/);
  });

  it('is for analysts and admins: a family gets 403, a visitor 401, a missing video 404', async () => {
    const { c, videoId, family } = await familyRequests(120);
    expect((await preview(trueMarks(c, videoId), admin)).statusCode).toBe(200);
    expect((await preview(trueMarks(c, videoId), family)).statusCode).toBe(403);
    expect((await preview(trueMarks(c, videoId), null)).statusCode).toBe(401);
    expect((await preview({ ...trueMarks(c, videoId), videoId: 999_999 })).statusCode).toBe(404);
  });
});

describe('the proposer', () => {
  const proposedAt = async (fps: number) => {
    const { c, videoId } = await familyRequests(fps);
    const res = await propose({ videoId, feet: { frameIndex: 10, x: c.feet.x, y: c.feet.y } });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.notes).toEqual([]);
    expect(Math.abs(p.takeoffFrame - c.takeoffFrame)).toBeLessThanOrEqual(1);
    expect(Math.abs(p.landingFrame - c.landingFrame)).toBeLessThanOrEqual(1);
  };
  it.each([120])('at %i fps finds the take-off and the landing within one frame', proposedAt);
  // The same endpoint at 240 fps: once (decision 339).
  inPgliteRun.each([240])('at %i fps finds the take-off and the landing within one frame', proposedAt);

  it('answers 400 for a click outside the video, 403 for a family, 401 signed out, 404 for a missing video', async () => {
    const { c, videoId, family } = await familyRequests(120);
    const feet = { frameIndex: 10, x: c.feet.x, y: c.feet.y };
    const outside = await propose({ videoId, feet: { ...feet, frameIndex: 99_999 } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.feet).toBe('The click must be on a frame of the video');
    expect((await propose({ videoId, feet: { x: 1 } })).statusCode).toBe(400);
    expect((await propose({ videoId, feet }, family)).statusCode).toBe(403);
    expect((await propose({ videoId, feet }, null)).statusCode).toBe(401);
    expect((await propose({ videoId: 999_999, feet })).statusCode).toBe(404);
  });
});

describe('completing a verified vertical jump', () => {
  it('stores the height with its receipt and stills; results, history and the leaderboard (highest first) show it', async () => {
    const high = await familyRequests(240);
    const low = await familyRequests(120, { flightSeconds: 0.5 });
    for (const { c, videoId, request } of [low, high]) {
      const done = await complete(
        t,
        analyst,
        request.id,
        { measurement: JSON.stringify(trueMarks(c, videoId)) },
        null,
      );
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().request).toMatchObject({
        status: 'completed',
        requestType: 'vertical_jump',
        methodLabel: `verified vertical, video ${c.fps} fps`,
      });
    }
    const url = `/api/analysis-requests/${high.request.id}/vertical-receipt`;
    const receipt = await as(t, high.family, { method: 'GET', url });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const r = receipt.json();
    expect(r.result).toMatchObject({ method: 'verified vertical, video 240 fps', fps: 240 });
    expect(r.marks).toEqual(trueMarks(high.c, high.videoId));
    expect(r.methodInWords).toContain('Flight time');
    expect(r.notCovered).toContain('tucks the legs');
    expect(r.stills.map((s: { label: string }) => s.label)).toEqual([
      'Take-off: first frame with both feet off the ground',
      'Landing: first frame with a foot on the ground',
    ]);
    const still = await t.app.inject({ method: 'GET', url: r.stills[1].url });
    expect(still.statusCode).toBe(200);
    expect(still.headers['content-type']).toContain('image/jpeg');
    const [row] = await t.db.select().from(kindReceipts).where(eq(kindReceipts.requestId, high.request.id));
    expect(row).toMatchObject({ kind: 'vertical_jump', value: r.result.heightInches });
    // The family's mail says the height with its bound and method, and links to its receipt page.
    const mail = await lastMailTo(t, high.family.email);
    expect(mail?.subject).toContain('Vertical');
    expect(mail?.text).toContain(
      `: ${r.result.heightInches.toFixed(1)} in ± ${r.result.plusMinusInches.toFixed(1)}, verified vertical, video 240 fps`,
    );
    expect(mail?.text).toContain(`/vertical-receipts/${high.request.id}`);
    expect(mail?.text).not.toContain('undefined');

    const other = await createUser(t);
    expect((await as(t, other, { method: 'GET', url })).statusCode).toBe(404);
    expect((await as(t, null, { method: 'GET', url })).statusCode).toBe(401);

    const history = await as(t, high.family, {
      method: 'GET',
      url: `/api/players/${high.player.id}/requests`,
    });
    expect(history.json()[0]).toMatchObject({
      requestType: 'vertical_jump',
      status: 'completed',
      resultText: `${r.result.heightInches.toFixed(1)} in ± ${r.result.plusMinusInches.toFixed(1)}, verified vertical, video 240 fps`,
      resultPath: `/vertical-receipts/${high.request.id}`,
    });

    const results = await as(t, high.family, {
      method: 'GET',
      url: `/api/players/${high.player.id}/vertical-jump`,
    });
    expect(results.statusCode).toBe(200);
    expect(results.json()).toEqual([
      expect.objectContaining({
        heightInches: r.result.heightInches,
        plusMinusInches: r.result.plusMinusInches,
      }),
    ]);
    expect(
      (await as(t, other, { method: 'GET', url: `/api/players/${high.player.id}/vertical-jump` })).statusCode,
    ).toBe(404);

    const board = await as(t, high.family, {
      method: 'GET',
      url: '/api/leaderboard?metric=vertical_jump&level=High%20School&season=2026',
    });
    expect(board.statusCode, board.body).toBe(200);
    const values = board.json().entries.map((e: { metricValue: number }) => e.metricValue);
    expect(values).toEqual([...values].sort((a: number, b: number) => b - a));
    const top = board
      .json()
      .entries.find((e: { metricValue: number }) => e.metricValue === r.result.heightInches);
    expect(top).toMatchObject({
      plusMinus: r.result.plusMinusInches,
      methodLabel: 'verified vertical, video 240 fps',
    });
  });

  it('is measured, not typed: without the marks the completion is a 400', async () => {
    const { request } = await familyRequests(120);
    const done = await complete(t, analyst, request.id, { comment: 'high' }, null);
    expect(done.statusCode).toBe(400);
    expect(done.json().errors.measurement).toBe(
      'Mark the take-off and the landing on the video: a verified vertical jump is measured, not typed',
    );
  });
});
