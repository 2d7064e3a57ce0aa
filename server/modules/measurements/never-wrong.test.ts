import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, leaderboard, kindReceipts, videos } from '../../db/schema';
import type { RunClip } from '../../test/clips';
import { as, createTestApp, createUser, lastMailTo, type TestApp, type TestUser } from '../../test/helpers';
import { complete, createPlayer, multipart, requestSpeed } from '../analysis/analysis.fixtures';
import { clipMaker } from './measurement.fixtures';

/** Issue 25 / decision 198: each way a wrong number could be stored as verified, with a clip that reproduces it. */
let t: TestApp;
let analyst: TestUser;
let second: TestUser;
const dir = mkdtempSync(path.join(tmpdir(), 'va-never-wrong-'));
const clip = clipMaker(dir);
type Mark = { frameIndex: number; yardLine: number };
const marksOf = (c: RunClip, n = 4): Mark[] =>
  c.crossings.slice(0, n).map(({ frameIndex, yardLine }) => ({ frameIndex, yardLine }));

beforeAll(async () => {
  t = await createTestApp();
  analyst = await createUser(t, { role: 'analyst' });
  second = await createUser(t, { role: 'analyst' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function withSource(c: RunClip) {
  const owner = await createUser(t, { credits: 3 });
  const player = await createPlayer(t, owner);
  const req = (await requestSpeed(t, owner, player.id, player.primaryPositionId)).json();
  const body = multipart(
    {},
    { field: 'file', name: 'run.mp4', type: 'video/mp4', data: readFileSync(c.file) },
  );
  const up = await as(t, analyst, {
    method: 'POST',
    url: `/api/analysis-requests/${req.id}/source-video`,
    ...body,
  });
  expect(up.statusCode, up.body).toBe(201);
  return { owner, player, req, videoId: up.json().video.id as number, media: up.json().media };
}
const preview = (videoId: number, marks: Mark[]) =>
  as(t, analyst, {
    method: 'POST',
    url: '/api/measurements/preview',
    payload: { videoId, landmark: 'torso', marks },
  });
const completeWith = (requestId: number, videoId: number, marks: Mark[]) =>
  complete(
    t,
    analyst,
    requestId,
    { measurement: JSON.stringify({ videoId, landmark: 'torso', marks }), maxSpeed_percentile: '50' },
    null,
  );
const status = async (id: number) =>
  (await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, id)))[0].status;

describe('a verified speed is never silently wrong', () => {
  it('marks on adjacent frames are refused at preview and at completion, naming the marks; nothing is stored', async () => {
    const c = await clip('ntsc', { fps: '30000/1001' });
    const { req, videoId } = await withSource(c);
    const marks = [
      { frameIndex: 0, yardLine: 0 },
      { frameIndex: 30, yardLine: 5 },
      { frameIndex: 31, yardLine: 10 },
      { frameIndex: 61, yardLine: 15 },
    ];
    const p = await preview(videoId, marks);
    expect(p.statusCode).toBe(400);
    expect(p.json().errors.marks).toMatch(/the 5-yard line \(frame 31\) and the 10-yard line \(frame 32\)/);
    const done = await completeWith(req.id, videoId, marks);
    expect(done.statusCode).toBe(400);
    expect(done.json().message).toMatch(/faster than anyone has run/);
    expect(await status(req.id)).toBe('pending');
    expect(await t.db.select().from(kindReceipts).where(eq(kindReceipts.requestId, req.id))).toEqual([]);
  });

  it('says what is wrong with a negative frame index', async () => {
    const c = await clip('ntsc', { fps: '30000/1001' });
    const { videoId } = await withSource(c);
    const res = await preview(videoId, [{ frameIndex: -1, yardLine: 0 }, ...marksOf(c, 2)]);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Frame index must be 0 or more: the first frame is 0');
  });

  it('a receipt stored with an impossible interval (no upper bound) is readable again and says why it would be held', async () => {
    const c = await clip('ntsc', { fps: '30000/1001' });
    const { owner, req, videoId } = await withSource(c);
    expect((await completeWith(req.id, videoId, marksOf(c))).statusCode).toBe(200);
    const [row] = await t.db.select().from(kindReceipts).where(eq(kindReceipts.requestId, req.id));
    // What the old code stored for 5 yards in one frame: JSON null for an infinite bound, no newer fields.
    const data = structuredClone(row.data) as {
      measurement: Record<string, unknown> & { intervals: object[] };
    };
    const broken = {
      ...data.measurement.intervals[0],
      toFrame: 31,
      fromFrame: 30,
      secondsMin: 0,
      mphHigh: null,
    };
    data.measurement.intervals[0] = broken;
    data.measurement.window = { ...(data.measurement.window as object), mphHigh: null };
    delete data.measurement.realFps;
    delete data.measurement.oneFrameMph;
    delete data.measurement.holdReasons;
    await t.db.update(kindReceipts).set({ data }).where(eq(kindReceipts.id, row.id));
    const res = await as(t, owner, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().measurement.window.mphHigh).toBeNull();
    expect(res.json().measurement.holdReasons[0]).toMatch(/faster than anyone has run/);
  });

  it('a clip with a coarse time base and dropped frames is judged at its real rate and refused', async () => {
    const c = await clip('dropped', { fps: '30', seconds: 3, keep: { period: 9, offsets: [0, 2, 4, 6, 7] } });
    const { req, videoId, media } = await withSource(c);
    expect(media).toMatchObject({ timeBase: '1/30', variableFrameRate: true });
    const p = (await preview(videoId, marksOf(c, 3))).json();
    expect(p.realFps).toBeLessThan(18);
    // Labelled 30 fps by its time base, no longer: the rate and the method come from the frames there.
    expect(p.methodLabel).toBe('video variable rate, about 16.67 fps, yard-line crossings');
    expect(p.qualityProblems[0]).toMatch(/runs at 16\.67 frames per second, below the 25 needed/);
    const done = await completeWith(req.id, videoId, marksOf(c, 3));
    expect(done.statusCode).toBe(400);
    expect(done.json().message).toMatch(/Video quality too low/);
  });

  it("a phone's repeated frames are found in the file: the rate is the new pictures", async () => {
    const c = await clip('repeats', { fps: '30', repeat: 2 });
    const { videoId } = await withSource(c);
    const p = (await preview(videoId, marksOf(c, 3))).json();
    expect(p.realFps).toBeLessThan(20);
    expect(p.qualityProblems[0]).toMatch(/labelled 30 fps but really has about 1\d\.\d frames per second/);
    const [v] = await t.db.select().from(videos).where(eq(videos.id, videoId));
    expect(v.id).toBe(videoId);
  });

  it('a slow-motion clip (com.android.capture.fps=240, stored at 30) is measured at 240, not 30', async () => {
    const trueYps = 10.5; // 21.5 mph
    const c = await clip('slowmo', { fps: '30', seconds: 10.5, speedYps: trueYps / 8, captureFps: 240 });
    const { videoId } = await withSource(c);
    const res = await preview(videoId, marksOf(c, 3));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.methodLabel).toBe('video filmed at 240 fps (slow motion stored at 30), yard-line crossings');
    const trueMph = (trueYps * 3600) / 1760;
    expect(Math.abs(p.maxSpeed - trueMph)).toBeLessThanOrEqual(p.plusMinus);
    expect(p.plusMinus).toBeLessThanOrEqual(0.3);
    expect(p.qualityProblems).toEqual([]);
  });

  it('a time-lapse clip (com.android.capture.fps=20, stored at 30) is measured at its capture rate, and refused below 25 fps', async () => {
    const trueYps = 7.5; // 15.3 mph: played at 30 a second, the file shows 1.5 times that
    const c = await clip('timelapse', { fps: '30', seconds: 6, speedYps: trueYps * 1.5, captureFps: 20 });
    const { videoId, req } = await withSource(c);
    const res = await preview(videoId, marksOf(c, 3));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.methodLabel).toBe('video filmed at 20 fps (time-lapse stored at 30), yard-line crossings');
    const trueMph = (trueYps * 3600) / 1760;
    expect(Math.abs(p.maxSpeed - trueMph)).toBeLessThanOrEqual(p.plusMinus);
    expect(p.qualityProblems[0]).toMatch(/below the 25 needed/);
    const done = await completeWith(req.id, videoId, marksOf(c, 3));
    expect(done.statusCode).toBe(400);
    expect(done.json().message).toMatch(/Video quality too low/);
  });

  it('a speed beyond what players run is held: not on the leaderboard, the card or the public profile until a second analyst agrees', async () => {
    const c = await clip('fast', { fps: '60000/1001', speedYps: 12.5 });
    const { owner, player, req, videoId } = await withSource(c);
    const marks = marksOf(c, 3);
    const p = (await preview(videoId, marks)).json();
    expect(p.maxSpeed).toBeGreaterThan(24);
    expect(p.holdReasons[0]).toMatch(/faster than football players run/);
    const done = await completeWith(req.id, videoId, marks);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().request.status).toBe('held');
    expect(await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, player.id))).toEqual([]);
    const bests = (await as(t, owner, { method: 'GET', url: '/api/players/bests' })).json();
    expect(JSON.stringify(bests)).not.toContain(p.maxSpeed.toFixed(1));
    const history = (await as(t, owner, { method: 'GET', url: `/api/players/${player.id}/requests` })).json();
    expect(JSON.stringify(history)).toContain('"status":"held"');
    expect((await lastMailTo(t, owner.email))?.subject).toMatch(/being confirmed by a second analyst/);
    // The second analyst measures blind and agrees: now it is verified.
    const queue = (await as(t, second, { method: 'GET', url: '/api/audits/queue' })).json();
    const item = queue.find((i: { id: number }) => i.id === req.id);
    expect(item).toBeDefined();
    const audit = await as(t, second, {
      method: 'POST',
      url: `/api/audits/${item.auditId}/measurement`,
      payload: { videoId, landmark: 'torso', marks },
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().status).toBe('agreed');
    // The audit reports how far the two analysts' marks are apart, per yard line.
    expect(audit.json().markDifferences).toEqual(
      marks.map((m) => ({
        yardLine: m.yardLine,
        originalFrame: m.frameIndex,
        auditFrame: m.frameIndex,
        frames: 0,
      })),
    );
    expect(await status(req.id)).toBe('completed');
    const [board] = await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, player.id));
    expect(board.metricValue).toBe(p.maxSpeed);
  });
});
