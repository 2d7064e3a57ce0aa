import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPgliteRun } from '../../../test/passes';
import { analysisRequests, jobs } from '../../../db/schema';
import { drainJobs } from '../../../lib/jobs';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers';
import { complete, createPlayer, multipart, requestSpeed } from '../../analysis/analysis.fixtures';
import { makeFieldClip, type FieldClip } from './field-clip.fixtures';
import { readinessJobHandlers } from '../../analysis/readiness/readiness.service';
import { videoJobHandlers } from '../../videos/video-processing';
import { TRACK_LINES_JOB, trackJobHandlers } from './track.service';
import { TRACKER } from './track-clip';
import { prepareQueuedClips } from '../../analysis';
import { checkWindowEnds } from './window-check.fixtures';

let t: TestApp;
let analyst: TestUser;
let family: TestUser;
let clip: FieldClip;
let videoId: number;
let requestId: number;
let playerId: number;
const dir = mkdtempSync(path.join(tmpdir(), 'va-tracks-'));

beforeAll(async () => {
  t = await createTestApp();
  analyst = await createUser(t, { role: 'analyst' });
  family = await createUser(t, { credits: 4 });
  clip = await makeFieldClip(path.join(dir, 'run.mp4'), { fps: '30000/1001', seconds: 2.5, sameKit: true });
  ({ requestId, videoId, playerId } = await uploadRequestVideo(clip.file));
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A click on the runner's true ground point on a frame (of this file's clip unless another is given). */
const seedAt = (frameIndex: number, on: FieldClip = clip) => {
  const g = on.groundPoints[frameIndex];
  return { frameIndex, x: Math.round(g.x), y: Math.round(g.y) };
};
const start = (who: TestUser | null, seeds = [seedAt(30)]) =>
  as(t, who, { method: 'POST', url: '/api/measurements/tracks', payload: { videoId, seeds } });
const read = (who: TestUser | null, id: number) =>
  as(t, who, { method: 'GET', url: `/api/measurements/tracks/${id}` });
const runJobs = () => drainJobs(t.db, trackJobHandlers(t.db, t.app.storage));
const answer = (id: number, frameIndex: number) =>
  as(t, analyst, {
    method: 'PATCH',
    url: `/api/measurements/tracks/${id}`,
    payload: { corrections: [seedAt(frameIndex)], dropped: [] },
  });
/** Every job a family's upload leads to: its processing, its check, then its lines (decision 344); and tracks. */
const everyJob = () => ({
  ...videoJobHandlers(t.db, t.app.storage),
  ...readinessJobHandlers(t.db, t.app.storage),
  ...trackJobHandlers(t.db, t.app.storage),
});
/** `owner` uploads this file's clip to a new player's videos, and every job it leads to runs. */
async function uploadToLibrary(owner: TestUser) {
  const player = await createPlayer(t, owner);
  const up = await as(t, owner, {
    method: 'POST',
    url: '/api/videos/upload',
    ...multipart(
      { playerId: player.id, positionId: player.primaryPositionId ?? '' },
      { field: 'file', name: 'run.mp4', type: 'video/mp4', data: readFileSync(clip.file) },
    ),
  });
  expect(up.statusCode, up.body).toBe(201);
  await drainJobs(t.db, everyJob());
  return { player, videoId: up.json<{ id: number }>().id };
}
/** A video's `track-lines` jobs, oldest first. */
const linesJobsOf = (video: number) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, TRACK_LINES_JOB), sql`${jobs.payload}->>'videoId' = ${String(video)}`))
    .orderBy(jobs.id);
/** A new request of the family's, with `file` uploaded as its source video by the analyst: the video's id. */
async function uploadRequestVideo(file: string) {
  const name = path.basename(file);
  const body = multipart({}, { field: 'file', name, type: 'video/mp4', data: readFileSync(file) });
  const player = await createPlayer(t, family);
  const req = (await requestSpeed(t, family, player.id, player.primaryPositionId)).json();
  const up = await as(t, analyst, {
    method: 'POST',
    url: `/api/analysis-requests/${req.id}/source-video`,
    ...body,
  });
  expect(up.statusCode).toBe(201);
  return { requestId: req.id as number, videoId: up.json().video.id as number, playerId: player.id };
}
/** Runs the track, answering each click the tracker asks for with the runner's true ground point. */
async function settled(id: number) {
  for (let k = 0; k < 5; k += 1) {
    await runJobs();
    const track = (await read(analyst, id)).json();
    if (track.status !== 'needs-click') return track;
    expect((await answer(id, track.needsClickAt.frameIndex)).statusCode).toBe(200);
  }
  throw new Error('the tracker asked more than 5 times');
}

describe('tracks API (issue 31)', () => {
  it('an analyst starts a track from one click, sees it queued, then done with a Max Speed and its bound', async () => {
    const res = await start(analyst);
    expect(res.statusCode).toBe(202);
    const { id, status } = res.json();
    expect(status).toBe('queued');
    expect((await read(analyst, id)).json()).toEqual({ id, status: 'queued', progress: 0 });
    await runJobs();
    // Players in the runner's kit cross him in this clip: the tracker stops and asks (issue 48).
    const asked = (await read(analyst, id)).json();
    expect(asked).toMatchObject({
      id,
      status: 'needs-click',
      needsClickAt: { frameIndex: expect.any(Number), reason: expect.stringContaining('looks the same') },
    });
    const frameAsked = asked.needsClickAt.frameIndex;
    // Nothing can be completed from it yet, and a correction elsewhere does not answer it.
    const early = await complete(
      t,
      analyst,
      requestId,
      { measurement: JSON.stringify({ videoId, trackId: id }), maxSpeed_percentile: '60' },
      null,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain(`waits for a click on frame ${frameAsked}`);
    const elsewhere = await answer(id, frameAsked === 10 ? 11 : 10);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toContain(`Click the player on frame ${frameAsked} first`);
    expect((await answer(id, frameAsked)).statusCode).toBe(200);
    const done = await settled(id);
    expect(done).toMatchObject({ id, status: 'done', progress: 1 });
    expect(done.needsClickAt).toBeUndefined();
    expect(done.result.unsure).toEqual(expect.any(Array));
    const r = done.result;
    expect(r.frames).toHaveLength(clip.frameTimes.length);
    expect(r.frames[0]).toEqual(
      expect.objectContaining({ frameIndex: 0, time: 0, confidence: expect.any(Number) }),
    );
    expect(Math.abs(r.maxSpeed.mph - clip.trueTopMph)).toBeLessThanOrEqual(r.maxSpeed.plusMinusMph);
    expect(r.maxSpeed.plusMinusMph).toBeLessThanOrEqual(0.4);
    expect(r.method).toBe(`video 29.97 fps, tracked, ${r.fit.framesUsed} frames`);
    expect(r.algorithm).toMatchObject({ name: 'ridge-hough-ncc-pspline', version: TRACKER.version });
    expect(r.crossings.length).toBeGreaterThanOrEqual(3);
    expect(r.profile.length).toBeGreaterThan(50);

    const fix = r.frames[40];
    const patched = await as(t, analyst, {
      method: 'PATCH',
      url: `/api/measurements/tracks/${id}`,
      payload: { corrections: [{ frameIndex: 40, x: fix.x + 2, y: fix.y }], dropped: [41] },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().result.frames[40]).toMatchObject({
      state: 'corrected',
      x: fix.x + 2,
      confidence: 1,
    });
    expect(patched.json().result.frames[41].state).toBe('dropped');
    expect((await read(analyst, id)).json().result.frames[41].state).toBe('dropped');
  }, 240_000);

  it('completing the request from a track stores the tracked value, its bound, method and track on the receipt', async () => {
    const { id } = (await start(analyst)).json();
    const track = await settled(id);
    expect(track.status).toBe('done');
    const res = await complete(
      t,
      analyst,
      requestId,
      { measurement: JSON.stringify({ videoId, trackId: id }), maxSpeed_percentile: '60' },
      null,
    );
    expect(res.statusCode, res.body).toBe(200);
    const method = `video 29.97 fps, tracked, ${track.result.fit.framesUsed} frames`;
    expect(res.json().request).toMatchObject({
      maxSpeed: Math.round(track.result.maxSpeed.mph * 10) / 10,
      methodLabel: method,
      sourceVideoId: videoId,
    });
    const receipt = (
      await as(t, family, { method: 'GET', url: `/api/analysis-requests/${requestId}/receipt` })
    ).json();
    expect(receipt.methodLabel).toBe(method);
    expect(receipt.plusMinus).toBeLessThanOrEqual(0.4);
    expect(Math.abs(receipt.maxSpeed - clip.trueTopMph)).toBeLessThanOrEqual(receipt.plusMinus);
    expect(receipt.measurement.tracked).toMatchObject({ trackId: id, seeds: [seedAt(30)], dropped: [] });
    expect(receipt.measurement.tracked.result.algorithm.version).toBe(TRACKER.version);
    expect(receipt.measurement.profile.length).toBeGreaterThan(5);
    expect(receipt.stills.length).toBe(receipt.measurement.marks.length);
    // The frames that bound the window, with the track drawn on them (brief 31c item 5).
    const win = receipt.measurement.tracked.result.maxSpeed;
    expect(receipt.trackStills.map((s: { which: string }) => s.which)).toEqual(['first', 'last']);
    expect(receipt.trackStills[0].time).toBeLessThanOrEqual(win.fromTime);
    expect(receipt.trackStills[1].time).toBeGreaterThanOrEqual(win.toTime);
    for (const s of receipt.trackStills) {
      const img = await t.app.inject({ method: 'GET', url: s.url });
      expect(img.statusCode).toBe(200);
      expect(img.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    }

    // The public receipt shows the velocity profile and the method to anyone with the link.
    const shared = await as(t, family, {
      method: 'PUT',
      url: `/api/players/${playerId}/share`,
      payload: { enabled: true },
    });
    const page = await t.app.inject({ method: 'GET', url: `${shared.json().path}/receipts/${requestId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Velocity profile');
    expect(page.body).toContain('aria-label="Speed by time, fastest 10 yards shaded"');
    expect(page.body).toContain(`Method: ${method}`);
    // It speaks of the track, not of hand-marked frames (brief 31c item 2-3).
    const mx = receipt.measurement.tracked.result.maxSpeed;
    expect(page.body).toContain('What the ± covers');
    expect(page.body).toContain('yard lines found on each frame fit the map from picture to field');
    expect(page.body).toContain('bending is measured from the curve of the yard lines, where they show one');
    expect(page.body).toContain('where on the body each click fell does not move the distance');
    expect(page.body).not.toContain('each crossing happened between its marked frame');
    expect(page.body).not.toContain('landmark:');
    expect(page.body).toContain('Tracked ground point');
    expect(page.body).toContain(
      `Fastest window (tracked): yard ${mx.fromYard.toFixed(1)} to ${mx.toYard.toFixed(1)} of the run`,
    );
    // One ± everywhere (issue 48): the fit's arithmetic, then the stated value the card shows.
    expect(page.body).toContain(`${mx.mph.toFixed(2)} mph, fit ± ${mx.plusMinusMph.toFixed(2)}, stated as `);
    expect(page.body).toContain(
      `stated as ${receipt.maxSpeed.toFixed(1)} mph ± ${receipt.plusMinus.toFixed(1)}`,
    );
    expect(page.body).toContain('Cross-check from the proposed crossings: yard ');
    expect(page.body).toContain('The fastest 10 yards, as tracked');
    expect(page.body).toContain('alt="Start of the fastest 10 yards, with the tracked player boxed');
    expect(page.body).toContain(
      `yards of the run, from yard ${mx.fromYard.toFixed(1)} to yard ${mx.toYard.toFixed(1)}, took ${(mx.toTime - mx.fromTime).toFixed(3)} seconds.`,
    );
  }, 240_000);

  it('a correction before tracking is done is refused; a frame outside the video too', async () => {
    const { id } = (await start(analyst)).json();
    const early = await as(t, analyst, {
      method: 'PATCH',
      url: `/api/measurements/tracks/${id}`,
      payload: { corrections: [], dropped: [3] },
    });
    expect(early.statusCode).toBe(409);
    const outside = await start(analyst, [{ frameIndex: 5000, x: 10, y: 10 }]);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('The click must be on a frame of the video');
    await runJobs();
  }, 240_000);

  it('a track the tracker cannot stand behind fails with the reason in words, and nothing can be completed from it', async () => {
    const short = await makeFieldClip(path.join(dir, 'short.mp4'), {
      fps: '30000/1001',
      seconds: 1,
      crowd: false,
    });
    const { requestId: shortRequest, videoId: shortVideo } = await uploadRequestVideo(short.file);
    const g = short.groundPoints[5];
    const res = await as(t, analyst, {
      method: 'POST',
      url: '/api/measurements/tracks',
      payload: { videoId: shortVideo, seeds: [{ frameIndex: 5, x: Math.round(g.x), y: Math.round(g.y) }] },
    });
    const { id } = res.json();
    await runJobs();
    const failed = (await read(analyst, id)).json();
    expect(failed).toEqual({
      id,
      status: 'failed',
      progress: 1,
      error: 'No Max Speed from this track: The tracked run covers less than 10 yards: no Max Speed',
      // What the family is told when the analyst rejects the request from it (decision 352).
      advice:
        "We could not verify a Max Speed from this clip: it shows less than 10 yards of the player's run. Next time, film the whole run of 20 yards or more, with him in full view near the middle of the picture.",
    });
    const done = await complete(
      t,
      analyst,
      shortRequest,
      { measurement: JSON.stringify({ videoId: shortVideo, trackId: id }), maxSpeed_percentile: '60' },
      null,
    );
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toContain('The track failed');
    const [still] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, shortRequest));
    expect(still).toMatchObject({ status: 'pending', maxSpeed: null });
    expect((await answer(id, 5)).statusCode).toBe(409);
  }, 240_000);

  // A 240 fps clip's track through the endpoints the 29.97 fps tracks above go through: once (decision 339).
  inPgliteRun(
    'a 240 fps clip is followed on every fourth frame; a correction on a frame not followed is a 400 and changes nothing (decisions 301, 356)',
    async () => {
      const fast = await makeFieldClip(path.join(dir, 'run-240.mp4'), {
        fps: '240',
        seconds: 3.2,
        crowd: false,
      });
      const fastVideo = (await uploadRequestVideo(fast.file)).videoId;
      const at = (i: number) => seedAt(i, fast);
      let id = 0;
      const patch = (frameIndex: number) =>
        as(t, analyst, {
          method: 'PATCH',
          url: `/api/measurements/tracks/${id}`,
          payload: { corrections: [at(frameIndex)], dropped: [] },
        });
      const res = await as(t, analyst, {
        method: 'POST',
        url: '/api/measurements/tracks',
        payload: { videoId: fastVideo, seeds: [at(121)] },
      });
      id = res.json().id;
      await runJobs();
      // Clicked half a second into the run, still gaining speed: the tracker asks for a click where he runs
      // fastest, on a frame it followed (decision 302), and goes on from it.
      const asked = (await read(analyst, id)).json();
      expect(asked.status).toBe('needs-click');
      expect(asked.needsClickAt.reason).toMatch(
        /^The tracker places the player's feet by how he looked where he was clicked \(frame 122\), and there he ran much slower than in his fastest 10 yards/,
      );
      expect(asked.needsClickAt.kind).toBe('resume');
      const atSpeed = asked.needsClickAt.frameIndex;
      expect(asked.result.frames[atSpeed].state).toBe('tracked');
      const window = asked.result.maxSpeed;
      expect(fast.frameTimes[atSpeed]).toBeGreaterThanOrEqual(window.fromTime);
      expect(fast.frameTimes[atSpeed]).toBeLessThanOrEqual(window.toTime);
      expect((await patch(atSpeed)).statusCode).toBe(200);
      await runJobs();
      // Then the analyst checks the track where the fastest 10 yards begin or end (decision 308), on a frame it
      // followed.
      const check = (await read(analyst, id)).json();
      expect(check.needsClickAt.reason).toMatch(/^Check the track where the fastest 10 yards (begin|end): /);
      expect(check.result.frames[check.needsClickAt.frameIndex].state).toBe('tracked');
      const done = await checkWindowEnds(t, analyst, id);
      expect(done.status).toBe('done');
      const r = done.result;
      expect(r.frames).toHaveLength(fast.frameTimes.length);
      expect(r.frames[121].state).toBe('tracked');
      expect(r.frames[120]).toMatchObject({ frameIndex: 120, state: 'skipped' });
      expect(r.frames.filter((f: { state: string }) => f.state === 'skipped')).toHaveLength(
        // All but frames 1, 5, 9 ...: the click on frame 121 sets the phase.
        fast.frameTimes.length - (Math.floor((fast.frameTimes.length - 2) / 4) + 1),
      );
      expect(Math.abs(r.maxSpeed.mph - fast.trueTopMph)).toBeLessThanOrEqual(r.maxSpeed.plusMinusMph);
      expect(r.maxSpeed.plusMinusMph).toBeLessThanOrEqual(0.3);
      const refused = await patch(200);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'Frame 200 is not one the tracker followed (it follows this clip on every few frames): correct the player on a frame it followed',
      );
      expect((await read(analyst, id)).json()).toEqual(done);
      const fixed = await patch(201);
      expect(fixed.statusCode).toBe(200);
      expect(fixed.json().result.frames[201].state).toBe('corrected');
    },
    300_000,
  );

  it('asks the analyst to check the track where the fastest 10 yards begin or end: a click on the tracked point confirms it, one elsewhere tracks again from it (decision 308)', async () => {
    const clear = await makeFieldClip(path.join(dir, 'run-clear.mp4'), {
      fps: '30000/1001',
      seconds: 2.5,
      crowd: false,
    });
    const up = await uploadRequestVideo(clear.file);
    const track = async () => {
      const started = await as(t, analyst, {
        method: 'POST',
        url: '/api/measurements/tracks',
        payload: { videoId: up.videoId, seeds: [seedAt(30, clear)] },
      });
      const id: number = started.json().id;
      await runJobs();
      return { id, asked: (await read(analyst, id)).json() };
    };
    const patch = (id: number, corrections: { frameIndex: number; x: number; y: number }[]) =>
      as(t, analyst, {
        method: 'PATCH',
        url: `/api/measurements/tracks/${id}`,
        payload: { corrections, dropped: [] },
      });
    const { id, asked } = await track();
    const window = asked.result.maxSpeed;
    expect(asked).toMatchObject({ status: 'needs-click', needsClickAt: { kind: 'confirm' } });
    const where = /^Check the track where the fastest 10 yards (begin|end): /.exec(
      asked.needsClickAt.reason,
    )![1];
    expect(asked.needsClickAt.reason).toBe(
      `Check the track where the fastest 10 yards ${where}: click the field under the player's hips on this frame (a click on the tracked point confirms it; elsewhere, the player is tracked again from your click)`,
    );
    // Clicked at 1 s: the end of the window further from it, on the frame that bounds the window there.
    const frame = asked.needsClickAt.frameIndex;
    const t30 = clear.frameTimes[30];
    if (where === 'begin') {
      expect(clear.frameTimes[frame]).toBeLessThanOrEqual(window.fromTime);
      expect(clear.frameTimes[frame + 1]).toBeGreaterThan(window.fromTime);
      expect(Math.abs(window.fromTime - t30)).toBeGreaterThan(Math.abs(window.toTime - t30));
    } else {
      expect(clear.frameTimes[frame]).toBeGreaterThanOrEqual(window.toTime);
      expect(clear.frameTimes[frame - 1]).toBeLessThan(window.toTime);
      expect(Math.abs(window.toTime - t30)).toBeGreaterThanOrEqual(Math.abs(window.fromTime - t30));
    }
    // Nothing can be completed before the check.
    const completeFrom = (trackId: number) =>
      complete(
        t,
        analyst,
        up.requestId,
        { measurement: JSON.stringify({ videoId: up.videoId, trackId }), maxSpeed_percentile: '60' },
        null,
      );
    const early = await completeFrom(id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain(`waits for a click on frame ${frame}: Check the track`);
    // A click off the tracked point (as where the track slid up or off the player): not confirmed, the player
    // is followed again from that click, as from any click the tracker asks for. 0.03 of the picture's height
    // under it is further than the bound lets the ground point stray at the window's end (decision 336; it
    // confirmed before, at up to 0.04 of the height).
    const f = asked.result.frames[frame];
    const away = await patch(id, [
      { frameIndex: frame, x: Math.round(f.x), y: Math.round(f.y + 0.03 * clear.height) },
    ]);
    expect(away.statusCode).toBe(200);
    expect(away.json().status).toBe('queued');
    await runJobs();
    expect((await read(analyst, id)).json().result).not.toEqual(asked.result);
    // On another track of the same clip, a click on the tracked point confirms it, with nothing tracked
    // again: done, and the request completes from it.
    const second = await track();
    expect(second.asked.needsClickAt.frameIndex).toBe(frame);
    const confirmed = await patch(second.id, [{ frameIndex: frame, x: Math.round(f.x), y: Math.round(f.y) }]);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'done', result: second.asked.result });
    expect(confirmed.json().needsClickAt).toBeUndefined();
    expect((await completeFrom(second.id)).statusCode).toBe(200);
  }, 240_000);

  it("a clip ready for a Max Speed has its yard lines found when it is uploaded, and the analyst's first track reads them (decision 344)", async () => {
    const every = everyJob();
    // The family uploads the clip to its player's videos: it is processed and checked, then its lines found.
    const uploaded = await uploadToLibrary(family);
    const linesJobs = await linesJobsOf(uploaded.videoId);
    expect(linesJobs).toHaveLength(1);
    expect(linesJobs[0]).toMatchObject({
      status: 'done',
      payload: { videoId: uploaded.videoId, tracker: TRACKER.version, prepared: { size: '640x360', k1: 0 } },
    });
    expect((linesJobs[0].payload as { prepared: { lines: unknown[] } }).prepared.lines).toHaveLength(
      clip.frameTimes.length,
    );
    // The same click on the clip uploaded before (its lines found after the click) and on this one.
    const trackOf = async (on: number) => {
      const res = await as(t, analyst, {
        method: 'POST',
        url: '/api/measurements/tracks',
        payload: { videoId: on, seeds: [seedAt(30)] },
      });
      expect(res.statusCode).toBe(202);
      await drainJobs(t.db, every);
      const id = res.json().id as number;
      const [job] = await t.db.select().from(jobs).where(eq(jobs.id, id));
      const { id: _, ...answer } = (await read(analyst, id)).json();
      return { answer, linesAtUpload: (job.payload as { linesAtUpload?: boolean }).linesAtUpload };
    };
    const before = await trackOf(videoId);
    const fromUpload = await trackOf(uploaded.videoId);
    expect(before.linesAtUpload).toBe(false);
    expect(fromUpload.linesAtUpload).toBe(true);
    expect(fromUpload.answer).toEqual(before.answer);
    expect(fromUpload.answer.status).toBe('needs-click');
  }, 240_000);

  it("a queued request's clip without lines by this tracker gets them again: when the request is made, and by the hourly sweep (decision 347)", async () => {
    const every = everyJob();
    const owner = await createUser(t, { credits: 1 });
    const { player, videoId: video } = await uploadToLibrary(owner);
    const linesJobs = () => linesJobsOf(video);
    const found = await linesJobs();
    expect(found.map((j) => j.status)).toEqual(['done']);
    // A release: the lines were found by an older tracker, which a track does not read (decision 344).
    await t.db
      .update(jobs)
      .set({ payload: sql`jsonb_set(${jobs.payload}, '{tracker}', '"2.16.0"')` })
      .where(eq(jobs.id, found[0].id));
    // No request waits on the clip: the sweep leaves it.
    expect(await prepareQueuedClips(t.db, [video])).toBe(0);
    // The family asks a Max Speed of it: its lines are queued again at once, before an analyst opens it.
    const asked = await requestSpeed(t, owner, player.id, player.primaryPositionId, { videoId: video });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await linesJobs()).map((j) => j.status)).toEqual(['done', 'queued']);
    // The hourly sweep queues no second while one waits, nor once they are found by this tracker.
    await prepareQueuedClips(t.db);
    expect(await linesJobs()).toHaveLength(2);
    await drainJobs(t.db, every);
    const again = await linesJobs();
    expect(again.map((j) => j.status)).toEqual(['done', 'done']);
    expect(again[1].payload).toMatchObject({
      videoId: video,
      tracker: TRACKER.version,
      prepared: { size: '640x360' },
    });
    await prepareQueuedClips(t.db);
    expect(await linesJobs()).toHaveLength(2);
    // Purged with the finished jobs while the request waits: the hourly sweep queues them again.
    await t.db.delete(jobs).where(
      inArray(
        jobs.id,
        again.map((j) => j.id),
      ),
    );
    await prepareQueuedClips(t.db);
    expect((await linesJobs()).map((j) => j.status)).toEqual(['queued']);
    await drainJobs(t.db, every);
    // The analyst's first track reads them.
    const res = await as(t, analyst, {
      method: 'POST',
      url: '/api/measurements/tracks',
      payload: { videoId: video, seeds: [seedAt(30)] },
    });
    expect(res.statusCode).toBe(202);
    await drainJobs(t.db, every);
    const [trackJob] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, res.json().id as number));
    expect(trackJob.payload).toMatchObject({ linesAtUpload: true });
    // A preparation that failed is not queued again every hour.
    const [last] = await linesJobs();
    await t.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, last.id));
    await prepareQueuedClips(t.db);
    expect(await linesJobs()).toHaveLength(1);
    // Once the request has left the queue, its clip is not prepared again.
    await t.db.delete(jobs).where(eq(jobs.id, last.id));
    await t.db
      .update(analysisRequests)
      .set({ status: 'completed' })
      .where(eq(analysisRequests.id, asked.json<{ id: number }>().id));
    expect(await prepareQueuedClips(t.db, [video])).toBe(0);
    expect(await linesJobs()).toHaveLength(0);
  }, 240_000);

  it('a family gets 403 and an anonymous caller 401; an unknown track is 404', async () => {
    expect((await start(family)).statusCode).toBe(403);
    expect((await start(null)).statusCode).toBe(401);
    expect((await read(family, 1)).statusCode).toBe(403);
    expect((await read(null, 1)).statusCode).toBe(401);
    expect((await read(analyst, 999_999)).statusCode).toBe(404);
    const noClick = await as(t, analyst, {
      method: 'POST',
      url: '/api/measurements/tracks',
      payload: { videoId, seeds: [] },
    });
    expect(noClick.statusCode).toBe(400);
    expect(noClick.json().message).toBe('Click the player on a frame to start tracking');
  });
});
