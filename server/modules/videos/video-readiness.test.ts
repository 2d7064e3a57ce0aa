/**
 * Clip readiness at upload (issue 52, decision 247): a clip is checked for each kind measured from a clip
 * when it is uploaded, and a request with a clip that cannot give its kind's result is refused before any
 * credit is looked at. Clips made by the generators whose truth is known.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, jobs, videoMedia } from '../../db/schema';
import { makeFortyClip } from '../../lib/forty-clip';
import { drainJobs } from '../../lib/jobs';
import { rawVideoEncoder } from '../../lib/raw-encoder';
import {
  as,
  createTestApp,
  createUser,
  ledgerOf,
  userRow,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { createPlayer, multipart } from '../analysis/analysis.fixtures';
import { readinessJobHandlers } from '../analysis/readiness/readiness.service';
import { makeFieldClip } from '../measurements/tracking/field-clip.fixtures';
import { videoJobHandlers } from './video-processing';

let t: TestApp;
const dir = mkdtempSync(path.join(tmpdir(), 'va-readiness-'));
const handlers = () => ({
  ...videoJobHandlers(t.db, t.app.storage),
  ...readinessJobHandlers(t.db, t.app.storage),
});

/** A runner box crossing a plain lawn at 60 fps: it moves, but no line is painted anywhere. */
async function lawnWithoutLines(out: string) {
  const [w, h, fps] = [320, 180, 60];
  const encoder = rawVideoEncoder({
    width: w,
    height: h,
    rate: String(fps),
    output: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-an', out],
  });
  const frame = Buffer.alloc(w * h * 3);
  for (let n = 0; n < 4.5 * fps; n += 1) {
    for (let i = 0; i < w * h; i += 1) frame.set([60, 130, 60], i * 3);
    const x0 = Math.round(10 + n);
    for (let y = 70; y < 130; y += 1)
      for (let x = x0; x < x0 + 16 && x < w; x += 1) frame.set([20, 20, 120], (y * w + x) * 3);
    await encoder.write(frame);
  }
  await encoder.end();
  return out;
}

const clips = {
  ready: () => makeFieldClip(path.join(dir, 'ready.mp4'), { fps: '60', crowd: false }).then((c) => c.file),
  at24: () => makeFieldClip(path.join(dir, 'at24.mp4'), { fps: '24', crowd: false }).then((c) => c.file),
  short: () =>
    makeFieldClip(path.join(dir, 'short.mp4'), { fps: '60', seconds: 1, crowd: false }).then((c) => c.file),
  noLines: () => lawnWithoutLines(path.join(dir, 'lawn.mp4')),
  still: () =>
    makeFieldClip(path.join(dir, 'still.mp4'), { fps: '60', crowd: false, still: true }).then((c) => c.file),
  forty60: () => makeFortyClip(path.join(dir, 'forty60.mp4'), { fps: 60 }).then((c) => c.file),
};
const made = new Map<string, Promise<string>>();
const clip = (name: keyof typeof clips) => {
  if (!made.has(name)) made.set(name, clips[name]());
  return made.get(name)!;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function upload(
  family: TestUser,
  player: { id: number; primaryPositionId: number | null },
  file: string,
) {
  const res = await as(t, family, {
    method: 'POST',
    url: '/api/videos/upload',
    ...multipart(
      { playerId: player.id, positionId: player.primaryPositionId ?? '' },
      { field: 'file', name: path.basename(file), type: 'video/mp4', data: readFileSync(file) },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const readiness = (user: TestUser | null, videoId: number) =>
  as(t, user, { method: 'GET', url: `/api/videos/${videoId}/readiness` });

/** A new family with a player and the clip uploaded, processed and checked. */
async function checkedClip(name: keyof typeof clips, credits = 0) {
  const family = await createUser(t, { credits });
  const player = await createPlayer(t, family);
  const videoId = await upload(family, player, await clip(name));
  await drainJobs(t.db, handlers());
  const res = await readiness(family, videoId);
  expect(res.statusCode, res.body).toBe(200);
  const kinds = res.json<{ kinds: Record<string, { ready: boolean; problems: string[] }> }>().kinds;
  return { family, player, videoId, kinds };
}

describe('clip readiness', () => {
  it('answers 202 { checking: true } while the clip is processed and checked, then 200 per clip kind', async () => {
    const family = await createUser(t);
    const player = await createPlayer(t, family);
    const videoId = await upload(family, player, await clip('ready'));
    const first = await readiness(family, videoId);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ checking: true });
    // Processed; its check queued with it and not run yet.
    await drainJobs(t.db, videoJobHandlers(t.db, t.app.storage), undefined, 1);
    expect((await readiness(family, videoId)).statusCode).toBe(202);
    await drainJobs(t.db, handlers());
    const done = await readiness(family, videoId);
    expect(done.statusCode, done.body).toBe(200);
    const kinds = done.json().kinds;
    // Every kind measured from a clip, not the IGA score (scored by the analyst).
    expect(Object.keys(kinds)).toContain('max_speed');
    expect(Object.keys(kinds)).toContain('forty');
    expect(Object.keys(kinds)).not.toContain('iga');
    expect(kinds.max_speed).toEqual({ ready: true, problems: [] });
  });

  it('a 24 fps clip is not ready for a verified Max Speed, with the filming guide', async () => {
    const { kinds } = await checkedClip('at24');
    expect(kinds.max_speed.ready).toBe(false);
    expect(kinds.max_speed.problems).toEqual([
      expect.stringContaining('about 24 frames a second; a verified Max Speed needs at least 25.'),
    ]);
    expect(kinds.max_speed.problems[0]).toContain(
      'Film at the highest frame rate your phone offers: at least 30 fps, 60 or more for a tighter ±.',
    );
    expect(kinds.forty.ready).toBe(false);
  });

  it('a one-second clip is too short for a run of 20 yards', async () => {
    const { kinds } = await checkedClip('short');
    expect(kinds.max_speed.ready).toBe(false);
    expect(kinds.max_speed.problems).toEqual([
      expect.stringMatching(
        /^This clip is 1\.0 seconds long: too short for a run of 20 yards .*The player runs 20 yards or more\.$/,
      ),
    ]);
  });

  it('a clip without yard lines is not ready: keep two yard lines in view', async () => {
    const { kinds } = await checkedClip('noLines');
    expect(kinds.max_speed.ready).toBe(false);
    expect(kinds.max_speed.problems).toEqual([expect.stringContaining('No yard lines could be found')]);
    expect(kinds.max_speed.problems[0]).toContain('Keep two yard lines in view.');
    expect(kinds.forty.problems).toEqual([
      expect.stringContaining('The start and finish lines could not be seen'),
    ]);
  });

  it('a still camera is not ready for a verified Max Speed: pan with the player (decision 350)', async () => {
    const { kinds } = await checkedClip('still');
    expect(kinds.max_speed).toEqual({
      ready: false,
      problems: [
        'The camera seems to stay still through this clip: a verified Max Speed needs a camera that follows the player, because from a still one the player crosses the picture and the speed cannot be measured closely enough. Pan to keep the player near the middle of the picture.',
      ],
    });
    // A 40 is filmed from a still camera: the same clip is not refused for it on that account.
    expect(kinds.forty.problems.join(' ')).not.toContain('camera seems to stay still');
  });

  it('a result found before the still-camera rule is found again when it is next read (decision 350)', async () => {
    const { family, videoId, kinds } = await checkedClip('still');
    expect(kinds.max_speed.ready).toBe(false);
    // As the check stored it before decision 350: no rules, and the clip ready for a Max Speed.
    const old = { ready: true, problems: [] };
    const [job] = await t.db
      .update(jobs)
      .set({ payload: { videoId, result: { kinds: { ...kinds, max_speed: old } } } })
      .where(sql`${jobs.type} = 'readiness-check' and ${jobs.payload}->>'videoId' = ${String(videoId)}`)
      .returning({ id: jobs.id });
    expect(job).toBeDefined();
    const stale = await readiness(family, videoId);
    expect(stale.statusCode).toBe(202);
    // Asked twice at once: a second check queued, which finds the clip checked and keeps no result of its own.
    await t.db.insert(jobs).values({ type: 'readiness-check', status: 'queued', payload: { videoId } });
    await drainJobs(t.db, handlers());
    const again = await readiness(family, videoId);
    expect(again.statusCode).toBe(200);
    expect(again.json().kinds.max_speed.problems).toEqual([
      expect.stringContaining('The camera seems to stay still through this clip'),
    ]);
  });

  it('a 40 filmed at 60 fps with its lines in view is ready for a verified 40', async () => {
    const { kinds } = await checkedClip('forty60');
    expect(kinds.forty).toEqual({ ready: true, problems: [] });
    // A vertical jump's flight time needs slow motion: 60 fps is refused before anything is paid.
    expect(kinds.vertical_jump.ready).toBe(false);
    expect(kinds.vertical_jump.problems).toEqual([
      expect.stringContaining('about 60 frames a second; a verified vertical jump needs at least 100.'),
    ]);
  });

  it('is answered to the family, analysts and admins; 401 signed out, 404 for another family', async () => {
    const { videoId, family } = await checkedClip('ready');
    expect((await readiness(null, videoId)).statusCode).toBe(401);
    const other = await createUser(t);
    const refused = await readiness(other, videoId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().kinds).toBeUndefined();
    expect((await readiness(family, 999_999)).statusCode).toBe(404);
    expect((await readiness(await createUser(t, { role: 'analyst' }), videoId)).statusCode).toBe(200);
    expect((await readiness(await createUser(t, { role: 'admin' }), videoId)).statusCode).toBe(200);
  });
});

describe('a request with a clip that is not ready', () => {
  const requestWith = (
    family: TestUser,
    player: { id: number; primaryPositionId: number | null },
    body: object,
  ) =>
    as(t, family, {
      method: 'POST',
      url: '/api/analysis-requests',
      payload: { playerId: player.id, season: 2026, positionId: player.primaryPositionId, ...body },
    });

  for (const [name, credits] of [
    ['at24', 2],
    ['at24', 0],
    ['still', 2],
  ] as const) {
    it(`is refused with 422 CLIP_NOT_READY and its problems, no credit moved (${name}, a family with ${credits} credits)`, async () => {
      const { family, player, videoId, kinds } = await checkedClip(name, credits);
      const ledgerBefore = await ledgerOf(t, family.id);
      const res = await requestWith(family, player, {
        requestType: 'max_speed',
        hudlUrl: 'https://www.hudl.com/video/3/123/abc',
        startTime: '00:05',
        videoId,
      });
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json();
      expect(body.code).toBe('CLIP_NOT_READY');
      expect(body.problems).toEqual(kinds.max_speed.problems);
      // The web reads 'credit' in a message as 'no credit left': this refusal never says it.
      expect(body.message.toLowerCase()).not.toContain('credit');
      expect((await userRow(t, family.id)).credits).toBe(credits);
      expect(await ledgerOf(t, family.id)).toEqual(ledgerBefore);
      const rows = await t.db.select().from(analysisRequests).where(eq(analysisRequests.playerId, player.id));
      expect(rows).toEqual([]);
    });
  }

  it('a 40 at 24 fps is refused for the 40; a ready clip goes on to the credit check as before', async () => {
    const notReady = await checkedClip('at24', 0);
    const forty = await requestWith(notReady.family, notReady.player, {
      requestType: 'forty',
      videoId: notReady.videoId,
    });
    expect(forty.statusCode).toBe(422);
    expect(forty.json().problems).toEqual(notReady.kinds.forty.problems);
    const ready = await checkedClip('forty60', 0);
    const noCredit = await requestWith(ready.family, ready.player, {
      requestType: 'forty',
      videoId: ready.videoId,
    });
    expect(noCredit.statusCode).toBe(402);
    expect(noCredit.json().code).toBe('INSUFFICIENT_CREDITS');
  });

  it('a clip whose check has not run yet is checked in the request; a Hudl link alone keeps today’s path', async () => {
    const family = await createUser(t, { credits: 2 });
    const player = await createPlayer(t, family);
    const videoId = await upload(family, player, await clip('ready'));
    // Processing only: the check is still queued when the family asks.
    await drainJobs(t.db, videoJobHandlers(t.db, t.app.storage), undefined, 1);
    const res = await requestWith(family, player, {
      requestType: 'max_speed',
      hudlUrl: 'https://www.hudl.com/video/3/123/abc',
      startTime: '00:05',
      videoId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await readiness(family, videoId)).json().kinds.max_speed.ready).toBe(true);
    const hudlOnly = await requestWith(family, player, {
      requestType: 'max_speed',
      hudlUrl: 'https://www.hudl.com/video/3/123/abc',
      startTime: '00:05',
    });
    expect(hudlOnly.statusCode).toBe(201);
    expect((await userRow(t, family.id)).credits).toBe(0);
  });

  it('a clip still being processed is answered 409 and nothing is spent', async () => {
    const family = await createUser(t, { credits: 1 });
    const player = await createPlayer(t, family);
    const videoId = await upload(family, player, await clip('ready'));
    const res = await requestWith(family, player, {
      requestType: 'max_speed',
      hudlUrl: 'https://www.hudl.com/video/3/123/abc',
      startTime: '00:05',
      videoId,
    });
    expect(res.statusCode).toBe(409);
    expect((await userRow(t, family.id)).credits).toBe(1);
  });
});

describe('the same clip uploaded again (decision 340)', () => {
  const media = async (videoId: number) => {
    const [row] = await t.db.select().from(videoMedia).where(eq(videoMedia.videoId, videoId));
    return row;
  };
  const processed = async (family: TestUser, player: { id: number; primaryPositionId: number | null }) => {
    const videoId = await upload(family, player, await clip('ready'));
    await drainJobs(t.db, handlers());
    return videoId;
  };

  it("reuses what the family's earlier upload of the same bytes read; another family's upload, and a reading by an older rule, are read afresh", async () => {
    const family = await createUser(t);
    const player = await createPlayer(t, family);
    const first = await processed(family, player);
    const before = await media(first);
    expect(before.status).toBe('ready');
    // A mark only the readings of this clip so far have (here and in the tests above): a reading reused carries
    // it, a fresh one does not.
    await t.db
      .update(videoMedia)
      .set({ durationSeconds: 123.4567 })
      .where(eq(videoMedia.sha256, before.sha256));
    const again = await processed(family, await createPlayer(t, family));
    expect((await readiness(family, again)).json().kinds.max_speed).toEqual({ ready: true, problems: [] });
    expect(await media(again)).toMatchObject({
      durationSeconds: 123.4567,
      sha256: before.sha256,
      frameTicks: before.frameTicks,
      repeatedFrames: before.repeatedFrames,
    });
    // Another family's upload of the same file learns nothing from this family's: it is read afresh.
    const other = await createUser(t);
    const theirs = await media(await processed(other, await createPlayer(t, other)));
    expect(theirs.durationSeconds).toBe(before.durationSeconds);
    expect(theirs.repeatedFrames).toEqual(before.repeatedFrames);
    // Every reading so far by the rule before decision 241 (a plain list of repeats): not reused.
    await t.db.update(videoMedia).set({ repeatedFrames: [] }).where(eq(videoMedia.sha256, before.sha256));
    const fresh = await media(await processed(family, player));
    expect(fresh.durationSeconds).toBe(before.durationSeconds);
    expect(fresh.repeatedFrames).toEqual(before.repeatedFrames);
  });
});
