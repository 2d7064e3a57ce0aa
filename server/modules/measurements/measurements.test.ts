import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameDuration, ydsToMph } from '../../../contract/measurement-math';
import { MEASUREMENT_REQUIRED, OVERRIDE_REASON_REQUIRED } from '../../../contract/measurements';
import { analysisRequests, leaderboard, kindReceipts, videos } from '../../db/schema';
import { drainJobs } from '../../lib/jobs';
import { readFrameNumber, type RunClip } from '../../test/clips';
import { as, createTestApp, createUser, lastMailTo, type TestApp, type TestUser } from '../../test/helpers';
import { complete, createPlayer, multipart, requestIga, requestSpeed } from '../analysis/analysis.fixtures';
import { videoJobHandlers } from '../videos/video-processing';
import { clipMaker } from './measurement.fixtures';

let t: TestApp;
let analyst: TestUser;
const dir = mkdtempSync(path.join(tmpdir(), 'va-clips-'));
/** Clips are made once per file run: 320x180 keeps them quick. */
const clip = clipMaker(dir);

beforeAll(async () => {
  t = await createTestApp();
  analyst = await createUser(t, { role: 'analyst' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function pendingSpeed() {
  const owner = await createUser(t, { credits: 3, igaCredits: 1 });
  const player = await createPlayer(t, owner);
  const req = (await requestSpeed(t, owner, player.id, player.primaryPositionId)).json();
  return { owner, player, req };
}

async function uploadSource(requestId: number, c: RunClip, who: TestUser | null = analyst) {
  const body = multipart(
    {},
    { field: 'file', name: 'run.mp4', type: 'video/mp4', data: readFileSync(c.file) },
  );
  return as(t, who, { method: 'POST', url: `/api/analysis-requests/${requestId}/source-video`, ...body });
}

const trueMarks = (c: RunClip, n = 4) =>
  c.crossings.slice(0, n).map(({ frameIndex, yardLine }) => ({ frameIndex, yardLine }));
const preview = (
  videoId: number,
  marks: { frameIndex: number; yardLine: number }[],
  who: TestUser | null = analyst,
) =>
  as(t, who, {
    method: 'POST',
    url: '/api/measurements/preview',
    payload: { videoId, landmark: 'torso', marks },
  });

describe('the source video of a max-speed request', () => {
  it('is probed on upload: hash of the bytes, exact rates as fractions, every frame time', async () => {
    const c = await clip('ntsc', { fps: '30000/1001' });
    const { req } = await pendingSpeed();
    const res = await uploadSource(req.id, c);
    expect(res.statusCode, res.body).toBe(201);
    const { media, video } = res.json();
    expect(media).toMatchObject({
      status: 'ready',
      codec: 'h264',
      width: 320,
      height: 180,
      rotation: 0,
      timeBase: '1/30000',
      nominalFps: '30000/1001',
      averageFps: '30000/1001',
      frameCount: c.frameTimes.length,
      variableFrameRate: false,
      hasWorkingCopy: false,
    });
    expect(media.sha256).toBe(createHash('sha256').update(readFileSync(c.file)).digest('hex'));
    expect(media.workingSha256).toBe(media.sha256);
    media.frameTimes.forEach((s: number, i: number) => expect(s).toBeCloseTo(c.frameTimes[i], 9));
    expect(media.workingUrl).toMatch(/^\/files\/videos\/.+\?expires=\d+&sig=/);
    const [row] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, req.id));
    expect(row.sourceVideoId).toBe(video.id);
    // It joins the library named after its file (decision 259).
    expect(video.name).toBe('run');
  });

  it('flags a variable frame rate from presentation-time deltas that differ', async () => {
    const c = await clip('vfr', { fps: '30', vfr: true });
    const { req } = await pendingSpeed();
    const { media } = (await uploadSource(req.id, c)).json();
    expect(media.variableFrameRate).toBe(true);
    expect(media.frameCount).toBe(c.frameTimes.length);
    media.frameTimes.forEach((s: number, i: number) => expect(s).toBeCloseTo(c.frameTimes[i], 9));
  });

  it('is for analysts and admins on pending max-speed requests only', async () => {
    const c = await clip('ntsc', { fps: '30000/1001' });
    const { owner, player, req } = await pendingSpeed();
    expect((await uploadSource(req.id, c, null)).statusCode).toBe(401);
    expect((await uploadSource(req.id, c, owner)).statusCode).toBe(403);
    expect((await uploadSource(2_000_000, c)).statusCode).toBe(404);
    const iga = (await requestIga(t, owner, player.id, player.primaryPositionId)).json();
    const wrong = await uploadSource(iga.id, c);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Only a max-speed request is measured on a source video');
    const junk = multipart(
      {},
      { field: 'file', name: 'x.mp4', type: 'video/mp4', data: Buffer.from('not a video at all, just text') },
    );
    expect(
      (
        await as(t, analyst, {
          method: 'POST',
          url: `/api/analysis-requests/${req.id}/source-video`,
          ...junk,
        })
      ).statusCode,
    ).toBe(415);
    const none = multipart({ note: 'x' });
    const missing = await as(t, analyst, {
      method: 'POST',
      url: `/api/analysis-requests/${req.id}/source-video`,
      ...none,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a video file to upload');
    const [row] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, req.id));
    expect(row.sourceVideoId).toBeNull();
  });

  it("a family's media is theirs, analysts' and admins' only", async () => {
    const c = await clip('ntsc', { fps: '30000/1001' });
    const { owner, req } = await pendingSpeed();
    const { video } = (await uploadSource(req.id, c)).json();
    const other = await createUser(t);
    const url = `/api/videos/${video.id}/media`;
    expect((await as(t, owner, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(t, analyst, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(t, other, { method: 'GET', url })).statusCode).toBe(404);
    expect((await as(t, null, { method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('the measurement preview', () => {
  // At 29.97, 59.94 and 25 fps and a variable rate: the true crossing frames give the true speed within
  // the reported bound, and the bound is the one computed by hand from the frame times.
  for (const [name, o] of [
    ['ntsc', { fps: '30000/1001' }],
    ['hd', { fps: '60000/1001' }],
    ['pal', { fps: '25' }],
    ['vfr', { fps: '30', vfr: true }],
  ] as const) {
    it(`marking the true crossings of a ${o.fps} fps${'vfr' in o ? ' variable-rate' : ''} clip gives the true speed within the bound`, async () => {
      const c = await clip(name, o);
      const { req } = await pendingSpeed();
      const { video } = (await uploadSource(req.id, c)).json();
      const marks = trueMarks(c);
      const res = await preview(video.id, marks);
      expect(res.statusCode, res.body).toBe(200);
      const m = res.json();
      expect(m.window.mphLow).toBeLessThanOrEqual(c.trueMph);
      expect(m.window.mphHigh).toBeGreaterThanOrEqual(c.trueMph);
      expect(Math.abs(m.window.mph - c.trueMph)).toBeLessThanOrEqual(m.plusMinus);
      // By hand: the window's first and last marks, one frame duration at each.
      const a = marks.find((x) => x.frameIndex === m.window.fromFrame)!;
      const b = marks.find((x) => x.frameIndex === m.window.toFrame)!;
      const T = c.frameTimes[b.frameIndex] - c.frameTimes[a.frameIndex];
      const yards = Math.abs(b.yardLine - a.yardLine);
      const low = ydsToMph(yards / (T + frameDuration(c.frameTimes, a.frameIndex)));
      const high = ydsToMph(yards / (T - frameDuration(c.frameTimes, b.frameIndex)));
      const mph = ydsToMph(yards / T);
      // Outward around the rounded value, so the interval shown holds the whole range (decision 198).
      const shown = Math.round(mph * 10) / 10;
      expect(m.plusMinus).toBe(Math.ceil(Math.max(shown - low, high - shown) * 10 - 1e-9) / 10);
      expect(m.maxSpeed).toBe(shown);
      expect(m.intervals).toHaveLength(marks.length - 1);
      expect(m.methodLabel).toMatch(/yard-line crossings$/);
    });
  }

  it('refuses marks that cannot be a run and callers who are not analysts', async () => {
    const c = await clip('ntsc', { fps: '30000/1001' });
    const { owner, req } = await pendingSpeed();
    const { video } = (await uploadSource(req.id, c)).json();
    const two = await preview(video.id, trueMarks(c, 2));
    expect(two.statusCode).toBe(400);
    expect(two.json().errors.marks).toBe('Mark at least 3 yard-line crossings');
    const far = await preview(video.id, [...trueMarks(c, 2), { frameIndex: 99_999, yardLine: 40 }]);
    expect(far.json().message).toMatch(/Frame 99999 is not in the video/);
    expect((await preview(video.id, trueMarks(c), owner)).statusCode).toBe(403);
    expect((await preview(video.id, trueMarks(c), null)).statusCode).toBe(401);
    expect((await preview(2_000_000, trueMarks(c))).statusCode).toBe(404);
  });

  it('says a 15 fps clip is too low in quality', async () => {
    const c = await clip('slow', { fps: '15' });
    const { req } = await pendingSpeed();
    const { video } = (await uploadSource(req.id, c)).json();
    const m = (await preview(video.id, trueMarks(c))).json();
    expect(m.qualityProblems[0]).toMatch(/15 frames per second/);
  });
});

describe('completing a measured max-speed request', () => {
  const measurement = (
    videoId: number,
    marks: { frameIndex: number; yardLine: number }[],
    extra: object = {},
  ) => JSON.stringify({ videoId, landmark: 'torso', marks, ...extra });

  it('stores the computed speed with its bound, a receipt with a still of each marked frame, and tells the family', async () => {
    const c = await clip('ntsc', { fps: '30000/1001' });
    const { owner, player, req } = await pendingSpeed();
    const { video } = (await uploadSource(req.id, c)).json();
    const marks = trueMarks(c);
    const expected = (await preview(video.id, marks)).json();
    const res = await complete(
      t,
      analyst,
      req.id,
      { measurement: measurement(video.id, marks), maxSpeed_percentile: '70' },
      null,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({
      maxSpeed: expected.maxSpeed,
      maxSpeedPlusMinus: expected.plusMinus,
      methodLabel: 'video 29.97 fps, yard-line crossings',
      overrideReason: null,
      sourceVideoId: video.id,
    });
    expect(res.json().video).toMatchObject({
      id: video.id,
      maxSpeed: expected.maxSpeed,
      maxSpeedPlusMinus: expected.plusMinus,
      analysisRequestId: req.id,
    });
    const [board] = await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, player.id));
    expect(board).toMatchObject({
      metricValue: expected.maxSpeed,
      plusMinus: expected.plusMinus,
      methodLabel: 'video 29.97 fps, yard-line crossings',
    });

    const receipt = await as(t, owner, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const r = receipt.json();
    expect(r).toMatchObject({
      requestId: req.id,
      revision: 1,
      playerId: player.id,
      landmark: 'torso',
      maxSpeed: expected.maxSpeed,
      plusMinus: expected.plusMinus,
      video: {
        videoId: video.id,
        nominalFps: '30000/1001',
        timeBase: '1/30000',
        variableFrameRate: false,
        frameCount: c.frameTimes.length,
      },
      override: null,
    });
    expect(r.video.sourceSha256).toBe(createHash('sha256').update(readFileSync(c.file)).digest('hex'));
    expect(r.measurement.intervals).toEqual(expected.intervals);
    expect(r.stills.map((s: { frameIndex: number }) => s.frameIndex)).toEqual(marks.map((m) => m.frameIndex));
    // Each still is exactly the frame it names: read the burned-in frame number back.
    for (const still of r.stills) {
      const img = await t.app.inject({ method: 'GET', url: still.url });
      expect(img.statusCode).toBe(200);
      const { data, info } = await sharp(img.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect(readFrameNumber(data, info.width, info.height, info.channels)).toBe(still.frameIndex);
    }
    const mail = await lastMailTo(t, owner.email);
    expect(mail?.text).toContain(`${expected.maxSpeed.toFixed(1)} mph ± ${expected.plusMinus.toFixed(1)}`);
    expect(mail?.text).toContain(`/receipts/${req.id}`);

    const other = await createUser(t);
    expect(
      (await as(t, other, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` })).statusCode,
    ).toBe(404);
    expect(
      (await as(t, analyst, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` })).statusCode,
    ).toBe(200);
    expect(
      (await as(t, null, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` })).statusCode,
    ).toBe(401);
    expect(
      (await as(t, owner, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt?revision=2` }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a typed speed without a measurement, a typed value that differs, an override without a reason, a low-quality video', async () => {
    const c = await clip('ntsc', { fps: '30000/1001' });
    const { req } = await pendingSpeed();
    const { video } = (await uploadSource(req.id, c)).json();
    const typed = await complete(t, analyst, req.id, { maxSpeed: '21.4', maxSpeed_percentile: '50' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe(MEASUREMENT_REQUIRED);
    const differs = await complete(
      t,
      analyst,
      req.id,
      { measurement: measurement(video.id, trueMarks(c)), maxSpeed: '25.0', maxSpeed_percentile: '50' },
      null,
    );
    expect(differs.statusCode).toBe(400);
    expect(differs.json().errors.maxSpeed).toMatch(
      /must be the measured .* mph, or an override with a written reason/,
    );
    const noReason = await complete(
      t,
      analyst,
      req.id,
      {
        measurement: measurement(video.id, trueMarks(c), { override: { maxSpeed: 19.9, reason: ' ' } }),
        maxSpeed_percentile: '50',
      },
      null,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(OVERRIDE_REASON_REQUIRED);
    const badJson = await complete(
      t,
      analyst,
      req.id,
      { measurement: '{nope', maxSpeed_percentile: '50' },
      null,
    );
    expect(badJson.statusCode).toBe(400);

    const slow = await clip('slow', { fps: '15' });
    const low = await pendingSpeed();
    const lowVideo = (await uploadSource(low.req.id, slow)).json().video;
    const refused = await complete(
      t,
      analyst,
      low.req.id,
      { measurement: measurement(lowVideo.id, trueMarks(slow)), maxSpeed_percentile: '50' },
      null,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/below the 25 needed.*Video quality too low/);

    for (const id of [req.id, low.req.id]) {
      const [row] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, id));
      expect(row).toMatchObject({ status: 'pending', maxSpeed: null });
      expect(await t.db.select().from(kindReceipts).where(eq(kindReceipts.requestId, id))).toHaveLength(0);
    }
  });

  it('an override stores the typed value with its written reason, shown on the receipt', async () => {
    const c = await clip('ntsc', { fps: '30000/1001' });
    const { owner, req } = await pendingSpeed();
    const { video } = (await uploadSource(req.id, c)).json();
    const reason = 'Landmark hidden by a defender at the 25: measured on the shoulder instead';
    const res = await complete(
      t,
      analyst,
      req.id,
      {
        measurement: measurement(video.id, trueMarks(c), { override: { maxSpeed: 18.2, reason } }),
        maxSpeed: '18.2',
        maxSpeed_percentile: '40',
      },
      null,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({ maxSpeed: 18.2, overrideReason: reason });
    const r = (await as(t, owner, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt` })).json();
    expect(r.override).toEqual({ maxSpeed: 18.2, reason });
    expect(r.maxSpeed).toBe(18.2);
    expect(r.measurement.maxSpeed).not.toBe(18.2);
    // Kept in kind_receipts under Max Speed's key with the reason (decision 284), and listed by its own fields
    // only: not among the player's results by kind, nor as a kind's result in the history.
    const kept = await t.db.select().from(kindReceipts).where(eq(kindReceipts.requestId, req.id));
    expect(kept).toEqual([
      expect.objectContaining({ kind: 'max_speed', revision: 1, value: 18.2, overrideReason: reason }),
    ]);
    const byKind = await as(t, owner, { method: 'GET', url: `/api/players/${req.playerId}/kind-results` });
    expect(byKind.json()).toEqual([]);
    const history = await as(t, owner, { method: 'GET', url: `/api/players/${req.playerId}/requests` });
    expect(history.json()).toEqual([
      expect.objectContaining({
        id: req.id,
        maxSpeed: 18.2,
        resultText: null,
        resultPath: `/receipts/${req.id}`,
      }),
    ]);
  });

  it('measures on a video the family attached from its library when requesting', async () => {
    const c = await clip('ntsc', { fps: '30000/1001' });
    const owner = await createUser(t, { credits: 2 });
    const player = await createPlayer(t, owner);
    const up = multipart(
      { playerId: player.id },
      { field: 'file', name: 'run.mp4', type: 'video/mp4', data: readFileSync(c.file) },
    );
    const uploaded = await as(t, owner, { method: 'POST', url: '/api/videos/upload', ...up });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await drainJobs(t.db, videoJobHandlers(t.db, t.app.storage));
    const req = await requestSpeed(t, owner, player.id, player.primaryPositionId, {
      videoId: uploaded.json().id,
    });
    expect(req.statusCode, req.body).toBe(201);
    expect(req.json().sourceVideoId).toBe(uploaded.json().id);
    const media = (
      await as(t, owner, { method: 'GET', url: `/api/videos/${uploaded.json().id}/media` })
    ).json();
    expect(media).toMatchObject({
      status: 'ready',
      nominalFps: '30000/1001',
      frameCount: c.frameTimes.length,
    });

    const strangers = await createUser(t, { credits: 1 });
    const theirs = await createPlayer(t, strangers);
    const refused = await requestSpeed(t, strangers, theirs.id, theirs.primaryPositionId, {
      videoId: uploaded.json().id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.videoId).toBe("The video must be one of this player's library videos");
    const [ledger] = await t.db.select({ n: videos.id }).from(videos).where(eq(videos.playerId, theirs.id));
    expect(ledger).toBeUndefined();
  });
});

describe('a phone HEVC clip', () => {
  it('gets a frame-preserving H.264 working copy and measures the same as its H.264 twin', async () => {
    const h264 = await clip('twin264', { fps: '60', seconds: 1.6 });
    const hevc = await clip('twin265', { fps: '60', seconds: 1.6, codec: 'hevc' });
    const a = await pendingSpeed();
    const b = await pendingSpeed();
    const plain = (await uploadSource(a.req.id, h264)).json();
    const phone = (await uploadSource(b.req.id, hevc)).json();
    expect(phone.media).toMatchObject({
      codec: 'hevc',
      hasWorkingCopy: true,
      workingCodec: 'h264',
      frameCount: plain.media.frameCount,
    });
    expect(phone.media.workingSha256).not.toBe(phone.media.sha256);
    expect(phone.media.frameTimes).toEqual(plain.media.frameTimes);
    const marks = trueMarks(h264, 3);
    const p1 = (await preview(plain.video.id, marks)).json();
    const p2 = (await preview(phone.video.id, marks)).json();
    expect(p2.maxSpeed).toBe(p1.maxSpeed);
    expect(p2.plusMinus).toBe(p1.plusMinus);
    const done = await complete(
      t,
      analyst,
      b.req.id,
      {
        measurement: JSON.stringify({ videoId: phone.video.id, landmark: 'front_foot', marks }),
        maxSpeed_percentile: '60',
      },
      null,
    );
    expect(done.statusCode, done.body).toBe(200);
    const r = (
      await as(t, b.owner, { method: 'GET', url: `/api/analysis-requests/${b.req.id}/receipt` })
    ).json();
    expect(r.video).toMatchObject({
      hasWorkingCopy: true,
      sourceSha256: phone.media.sha256,
      workingSha256: phone.media.workingSha256,
    });
    for (const still of r.stills) {
      const img = await t.app.inject({ method: 'GET', url: still.url });
      const { data, info } = await sharp(img.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect(readFrameNumber(data, info.width, info.height, info.channels)).toBe(still.frameIndex);
    }
  });
});

describe('correcting a measured Max Speed', () => {
  it('writes a new revision, keeps the earlier one readable, and moves the value everywhere (also down)', async () => {
    const c = await clip('ntsc', { fps: '30000/1001' });
    const { owner, player, req } = await pendingSpeed();
    const { video } = (await uploadSource(req.id, c)).json();
    const first = c.crossings.slice(0, 3).map(({ frameIndex, yardLine }) => ({ frameIndex, yardLine }));
    const done = await complete(
      t,
      analyst,
      req.id,
      {
        measurement: JSON.stringify({ videoId: video.id, landmark: 'torso', marks: first }),
        maxSpeed_percentile: '50',
      },
      null,
    );
    expect(done.statusCode, done.body).toBe(200);
    const before = done.json().request.maxSpeed as number;
    // The analyst finds the last crossing was marked two frames early: later frame, slower run.
    const later = first.map((m, i) => (i === 2 ? { ...m, frameIndex: m.frameIndex + 2 } : m));
    const url = `/api/analysis-requests/${req.id}/measurement`;
    const payload = { videoId: video.id, landmark: 'torso', marks: later };
    expect((await as(t, owner, { method: 'POST', url, payload })).statusCode).toBe(403);
    expect((await as(t, null, { method: 'POST', url, payload })).statusCode).toBe(401);
    expect(
      (await as(t, analyst, { method: 'POST', url, payload: { ...payload, marks: later.slice(0, 2) } }))
        .statusCode,
    ).toBe(400);
    const res = await as(t, analyst, { method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().maxSpeed as number;
    expect(res.json().revision).toBe(2);
    expect(after).toBeLessThan(before);
    expect(res.json().revisions.map((r: { revision: number }) => r.revision)).toEqual([2, 1]);
    const old = (
      await as(t, owner, { method: 'GET', url: `/api/analysis-requests/${req.id}/receipt?revision=1` })
    ).json();
    expect(old.maxSpeed).toBe(before);
    const [row] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, req.id));
    expect(row.maxSpeed).toBe(after);
    const board = await t.db.select().from(leaderboard).where(eq(leaderboard.playerId, player.id));
    expect(board.map((b) => b.metricValue)).toEqual([after, after]);
    const pending = await pendingSpeed();
    const notDone = await as(t, analyst, {
      method: 'POST',
      url: `/api/analysis-requests/${pending.req.id}/measurement`,
      payload,
    });
    expect(notDone.statusCode).toBe(400);
    expect(notDone.json().message).toBe('Only a completed max-speed request can be corrected');
  });
});

describe('a video whose file is gone', () => {
  it('answers 404, not 500, when its media is asked for', async () => {
    const owner = await createUser(t);
    const player = await createPlayer(t, owner);
    const [video] = await t.db
      .insert(videos)
      .values({
        playerId: player.id,
        url: '/files/videos/missing.mp4',
        storageKey: 'videos/missing.mp4',
        status: 'ready',
      })
      .returning();
    const res = await as(t, owner, { method: 'GET', url: `/api/videos/${video.id}/media` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Video file not found');
  });
});
