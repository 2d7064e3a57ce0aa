/**
 * The verified 40 through the API (issue 28, decision 209): generated clips of a runner covering 40 yards
 * in a known time from a still start, at 60, 120 and 240 fps (and 30 fps refused). Marking the true
 * start and finish frames gives the true time inside the bound, the bound the one computed by hand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPgliteRun } from '../../test/passes';
import { analysisRequests, kindReceipts, leaderboard } from '../../db/schema';
import { drainJobs } from '../../lib/jobs';
import { makeFortyClip, type FortyClip } from '../../lib/forty-clip';
import { as, createTestApp, createUser, userRow, type TestApp, type TestUser } from '../../test/helpers';
import { complete, createPlayer } from '../analysis/analysis.fixtures';
import { applyCoach } from '../coach/coach.fixtures';
import { completedSpeed } from '../sharing/sharing.fixtures';
import { rebuildLeaderboard } from '../leaderboard/leaderboard.service';
import { requestFortyWithClip } from './forty.fixtures';
import { fortyProposalJobHandlers } from './forty-proposal.service';

let t: TestApp;
let analyst: TestUser;
let admin: TestUser;
const dir = mkdtempSync(path.join(tmpdir(), 'va-forty-'));
const clips = new Map<number, Promise<FortyClip>>();
/** One clip per rate per file run: a 4.62 s 40 unless told otherwise. */
const clip = (fps: number) => {
  if (!clips.has(fps)) clips.set(fps, makeFortyClip(path.join(dir, `forty-${fps}.mp4`), { fps }));
  return clips.get(fps)!;
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

/** A family uploads the clip to the player's library and asks for a verified 40 with it. */
async function familyRequests(
  fps: number,
  o: {
    seconds?: number;
    credits?: number;
    family?: TestUser;
    player?: Awaited<ReturnType<typeof createPlayer>>;
    passedCheck?: boolean;
  } = {},
) {
  const c = o.seconds
    ? await makeFortyClip(path.join(dir, `forty-${fps}-${o.seconds}.mp4`), { fps, seconds: o.seconds })
    : await clip(fps);
  return { c, ...(await requestFortyWithClip(t, c.file, o)) };
}

const trueMarks = (c: FortyClip, videoId: number, lines = [0, 40]) => ({
  videoId,
  startFrame: c.startFrame,
  finishFrame: c.finishFrame,
  lines: c.lines
    .filter((l) => lines.includes(l.yardLine))
    .map(({ yardLine, frameIndex }) => ({ yardLine, frameIndex })),
});

const preview = (body: object, who: TestUser | null = analyst) =>
  as(t, who, { method: 'POST', url: '/api/measurements/forty/preview', payload: body });

describe('a verified 40 requested with its clip', () => {
  it('is a forty request on the speed analysis credit, with the uploaded clip as its source', async () => {
    const { family, request, videoId } = await familyRequests(60);
    expect(request).toMatchObject({
      requestType: 'forty',
      status: 'pending',
      sourceVideoId: videoId,
      hudlUrl: '',
    });
    expect((await userRow(t, family.id)).creditBalances).toMatchObject({ max_speed: 0 });
  });

  it('needs the clip', async () => {
    const family = await createUser(t, { credits: 1 });
    const player = await createPlayer(t, family);
    const res = await as(t, family, {
      method: 'POST',
      url: '/api/analysis-requests',
      payload: {
        requestType: 'forty',
        playerId: player.id,
        season: 2026,
        positionId: player.primaryPositionId,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.videoId).toBe('Upload the clip of the 40 with the request');
  });
});

describe('timing the 40 on the clip', () => {
  // By hand: the true time is 4.62 s; each end is quantised by one frame (1/fps), and the first movement may
  // precede the first frame that shows it by 0.0125 s (decision 368): the measured time t[finish] - t[start]
  // lies within one frame of it, and the stated ± is the larger reach of (T - 1/fps, T + 1/fps + 0.0125]
  // from the time stored (within 0.01 of T), rounded up to 0.01.
  const title = 'at %i fps marking the true frames gives the true time inside the bound';
  const timedAt = async (fps: number) => {
    const { c, videoId } = await familyRequests(fps);
    const res = await preview(trueMarks(c, videoId, [0, 10, 20, 40]));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    const raw = c.frameTimes[c.finishFrame] - c.frameTimes[c.startFrame];
    const d = 1 / fps;
    const shown = r.seconds;
    expect(Math.abs(shown - raw)).toBeLessThanOrEqual(0.01);
    const byHand = Math.ceil(Math.max(shown - (raw - d), raw + d + 0.0125 - shown) * 100 - 1e-7) / 100;
    expect(r.plusMinusSeconds).toBe(byHand);
    expect(r.plusMinusSeconds).toBeLessThanOrEqual(fps >= 120 ? 0.02 : 0.03);
    expect(Math.abs(r.rawSeconds - c.seconds)).toBeLessThan(d);
    expect(r.secondsMin).toBeLessThan(c.seconds);
    expect(r.secondsMax).toBeGreaterThanOrEqual(c.seconds);
    expect(r.seconds - r.plusMinusSeconds).toBeLessThanOrEqual(c.seconds);
    expect(r.seconds + r.plusMinusSeconds).toBeGreaterThanOrEqual(c.seconds);
    expect(r).toMatchObject({ fps, method: `verified 40, video ${fps} fps`, qualityProblems: [] });
    for (const s of r.splits) {
      const truth = c.lines.find((l) => l.yardLine === s.yardLine)!.trueTime - c.startAt;
      expect(Math.abs(s.seconds - truth)).toBeLessThanOrEqual(s.plusMinusSeconds + 1e-9);
    }
    expect(r.splits.map((s: { yardLine: number }) => s.yardLine)).toEqual([10, 20]);
  };
  it.each([60])(title, timedAt);
  // The same endpoint at higher rates: once (decision 339).
  inPgliteRun.each([120, 240])(title, timedAt);

  // The issue writes ± 0.01-0.02 for 120 and 240 fps: a frame at each end and the undrawn 0.0125 s at the start
  // (decision 368) make 0.0208 s at 240 fps, so 0.02 around the time.
  inPgliteRun('states ± 0.02 at 240 fps, within what the issue writes for it', async () => {
    const { c, videoId } = await familyRequests(240);
    const r = (await preview(trueMarks(c, videoId))).json();
    expect(r.plusMinusSeconds).toBe(0.02);
    expect(r.seconds).toBeCloseTo(4.62, 2);
  });

  it("says a 30 fps clip is below the 50 fps floor, and completing it is refused: 'Video quality too low'", async () => {
    // Its readiness check refuses it before any credit is spent (decision 247)...
    const refused = await requestFortyWithClip(t, (await clip(30)).file).catch((err: Error) => err);
    expect(String(refused)).toContain('422');
    // ...and a request that got past a check (an older rule) is still refused at completion, its credit returned.
    const { c, videoId, request, family } = await familyRequests(30, { passedCheck: true });
    const r = (await preview(trueMarks(c, videoId))).json();
    expect(r.qualityProblems).toEqual([
      'The video has about 30 frames per second between the start and the finish, below the 50 needed for a verified 40.',
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
      payload: { reason: 'Video quality too low', comment: 'Filmed at 30 fps: film it in slow motion.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', creditRefunded: true });
    expect((await userRow(t, family.id)).creditBalances).toMatchObject({ max_speed: 1 });
  });

  it('cannot be verified without both lines marked', async () => {
    const { c, videoId } = await familyRequests(60);
    const res = await preview({
      ...trueMarks(c, videoId),
      lines: [
        { yardLine: 0, frameIndex: c.startFrame },
        { yardLine: 10, frameIndex: c.lines[1].frameIndex },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.lines).toBe(
      'Mark the start line (0) and the finish line (40): a 40 whose lines cannot be seen cannot be verified',
    );
  });

  it('is for analysts and admins: a family gets 403, a visitor 401, a missing video 404', async () => {
    const { c, videoId, family } = await familyRequests(60);
    expect((await preview(trueMarks(c, videoId), admin)).statusCode).toBe(200);
    expect((await preview(trueMarks(c, videoId), family)).statusCode).toBe(403);
    expect((await preview(trueMarks(c, videoId), null)).statusCode).toBe(401);
    expect((await preview({ ...trueMarks(c, videoId), videoId: 999_999 })).statusCode).toBe(404);
  });
});

describe('completing a verified 40', () => {
  it('stores the time with its receipt and stills, and the leaderboard ranks 40s ascending', async () => {
    const fast = await familyRequests(240);
    const slow = await familyRequests(120, { seconds: 5.1 });
    for (const { c, videoId, request } of [slow, fast]) {
      const done = await complete(
        t,
        analyst,
        request.id,
        { measurement: JSON.stringify(trueMarks(c, videoId, [0, 10, 20, 40])) },
        null,
      );
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().request).toMatchObject({
        status: 'completed',
        requestType: 'forty',
        methodLabel: `verified 40, video ${c.fps} fps`,
      });
    }

    const receipt = await as(t, fast.family, {
      method: 'GET',
      url: `/api/analysis-requests/${fast.request.id}/forty-receipt`,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const r = receipt.json();
    expect(r.result).toMatchObject({
      seconds: 4.62,
      plusMinusSeconds: 0.02,
      method: 'verified 40, video 240 fps',
    });
    expect(r.stills.map((s: { label: string }) => s.label)).toEqual([
      'Start: first movement',
      'Finish: torso crosses the 40-yard line',
      'Start line (0) visible',
      'Finish line (40) visible',
      '10-yard line crossed',
      '20-yard line crossed',
    ]);
    expect(r.stills[0]).toMatchObject({
      frameIndex: fast.c.startFrame,
      url: expect.stringMatching(/^\/files\/videos\/still-/),
    });
    expect(r.boundInWords).toContain('electronic-style video time');
    // The range reaches back over a first movement the phone may leave undrawn (decision 368), and says so.
    expect(r.result.secondsMax - r.result.rawSeconds - r.result.startFrameSeconds).toBeCloseTo(0.0125, 6);
    expect(r.boundInWords).toContain(
      'or up to 0.0125 s before that (a phone may leave the first moments of a movement undrawn)',
    );
    expect(r.boundInWords).toContain('no hand-time equivalent');
    const still = await t.app.inject({ method: 'GET', url: r.stills[1].url });
    expect(still.statusCode).toBe(200);
    expect(still.headers['content-type']).toContain('image/jpeg');
    const [row] = await t.db.select().from(kindReceipts).where(eq(kindReceipts.requestId, fast.request.id));
    expect(row).toMatchObject({ kind: 'forty', direction: 'lower', value: 4.62, plusMinus: 0.02 });

    const other = await createUser(t);
    expect(
      (await as(t, other, { method: 'GET', url: `/api/analysis-requests/${fast.request.id}/forty-receipt` }))
        .statusCode,
    ).toBe(404);

    const history = await as(t, fast.family, {
      method: 'GET',
      url: `/api/players/${fast.player.id}/requests`,
    });
    expect(history.json()[0]).toMatchObject({
      requestType: 'forty',
      status: 'completed',
      resultText: '4.62 s ± 0.02 (verified 40, video 240 fps)',
      resultPath: `/forty-receipts/${fast.request.id}`,
    });

    const results = await as(t, fast.family, { method: 'GET', url: `/api/players/${fast.player.id}/forty` });
    expect(results.json()).toEqual([
      expect.objectContaining({
        seconds: 4.62,
        plusMinusSeconds: 0.02,
        method: 'verified 40, video 240 fps',
      }),
    ]);
    expect(results.json()[0].splits.map((s: { yardLine: number }) => s.yardLine)).toEqual([10, 20]);
    // The card's one read of every kind's best (decision 269): the 40 in the same shape, its splits in `detail`.
    const bests = await as(t, fast.family, {
      method: 'GET',
      url: `/api/players/${fast.player.id}/kind-results`,
    });
    expect(bests.statusCode, bests.body).toBe(200);
    expect(bests.json()).toEqual([
      {
        kind: 'forty',
        requestId: fast.request.id,
        value: 4.62,
        plusMinus: 0.02,
        method: 'verified 40, video 240 fps',
        season: results.json()[0].season,
        completedAt: results.json()[0].completedAt,
        detail: { splits: results.json()[0].splits },
      },
    ]);

    const board = await as(t, fast.family, {
      method: 'GET',
      url: '/api/leaderboard?metric=forty&level=High%20School&season=2026',
    });
    expect(board.statusCode, board.body).toBe(200);
    const mine = board
      .json()
      .entries.filter((e: { playerName: string }) =>
        [fast.player, slow.player].some(
          (p) => e.playerName === `${p.firstName} ${p.lastName}` || e.playerName.startsWith('Player #'),
        ),
      );
    const values = board.json().entries.map((e: { metricValue: number }) => e.metricValue);
    expect(values).toEqual([...values].sort((a: number, b: number) => a - b));
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const first = board.json().entries.find((e: { metricValue: number }) => e.metricValue === 4.62);
    expect(first).toMatchObject({ plusMinus: 0.02, methodLabel: 'verified 40, video 240 fps' });
    expect(first.rank).toBeLessThan(
      board.json().entries.find((e: { metricValue: number }) => Math.abs(e.metricValue - 5.1) <= 0.02).rank,
    );
  });

  it('keeps a player’s fastest 40 on the leaderboard, and a rebuild agrees', async () => {
    const slow = await familyRequests(120, { seconds: 5.1, credits: 2 });
    const fast = await familyRequests(240, { family: slow.family, player: slow.player });
    for (const x of [fast, slow]) {
      const done = await complete(
        t,
        analyst,
        x.request.id,
        { measurement: JSON.stringify(trueMarks(x.c, x.videoId)) },
        null,
      );
      expect(done.statusCode, done.body).toBe(200);
    }
    const best = async () =>
      t.db
        .select({
          value: leaderboard.metricValue,
          pm: leaderboard.plusMinus,
          method: leaderboard.methodLabel,
        })
        .from(leaderboard)
        .where(and(eq(leaderboard.playerId, slow.player.id), eq(leaderboard.metricType, 'forty')))
        .orderBy(leaderboard.isAllTime);
    const expected = { value: 4.62, pm: 0.02, method: 'verified 40, video 240 fps' };
    expect(await best()).toEqual([expected, expected]);
    await rebuildLeaderboard(t.db);
    expect(await best()).toEqual([expected, expected]);
  });

  it('shows on the shared public profile, its receipt, the share image and the PDF to a signed-out coach', async () => {
    const { c, videoId, request, family, player } = await familyRequests(240);
    const done = await complete(
      t,
      analyst,
      request.id,
      { measurement: JSON.stringify(trueMarks(c, videoId, [0, 10, 20, 40])) },
      null,
    );
    expect(done.statusCode, done.body).toBe(200);
    const on = await as(t, family, {
      method: 'PUT',
      url: `/api/players/${player.id}/share`,
      payload: { enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const path0 = on.json().path as string;
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    const profile = (await get(`${path0}/profile.json`)).json();
    expect(profile.forty).toMatchObject({
      text: '4.62 s ± 0.02 (verified 40, video 240 fps)',
      receiptPath: `${path0}/forty-receipts/${request.id}`,
    });
    expect(profile.forty.splits).toMatch(
      /^10-yard split \d\.\d\d s ± 0\.0\d · 20-yard split \d\.\d\d s ± 0\.0\d$/,
    );
    // The same 40 among the kinds the page loops over, so a screen that reads only kindResults shows it.
    expect(profile.kindResults).toEqual([
      expect.objectContaining({
        kind: 'forty',
        text: profile.forty.text,
        receiptPath: profile.forty.receiptPath,
        detail: profile.forty.splits,
      }),
    ]);
    const page = await get(path0);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('40-yard dash');
    expect(page.body).toContain(
      'Method: verified 40, video 240 fps (electronic-style video time, not a hand time)',
    );
    const receipt = await get(`${path0}/forty-receipts/${request.id}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('4.62 s ± 0.02 (verified 40, video 240 fps)');
    expect(receipt.body).toContain('Finish: torso crosses the 40-yard line');
    expect(receipt.body).toContain('electronic-style video time');
    expect(receipt.body).not.toContain(analyst.email);
    // Another player's 40 is not this page's receipt.
    const other = await familyRequests(60);
    expect((await get(`${path0}/forty-receipts/${other.request.id}`)).statusCode).toBe(404);
    const image = await get(`${path0}/share.png`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/png');
    const pdf = await get(`${path0}/recruiting-sheet.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    const hidden = await as(t, family, {
      method: 'PUT',
      url: `/api/players/${player.id}/share`,
      payload: { show: { forty: false } },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await get(`${path0}/profile.json`)).json().forty).toBeNull();
    expect((await get(`${path0}/forty-receipts/${request.id}`)).statusCode).toBe(404);
  });

  it("gives a coach the 40's receipt on a discoverable player's profile (brief 28b item 3)", async () => {
    const { c, videoId, request, family, player } = await familyRequests(240);
    const done = await complete(
      t,
      analyst,
      request.id,
      { measurement: JSON.stringify(trueMarks(c, videoId, [0, 10, 20, 40])) },
      null,
    );
    expect(done.statusCode, done.body).toBe(200);
    await completedSpeed(t, player.id, 20.4);
    const on = await as(t, family, {
      method: 'PUT',
      url: `/api/players/${player.id}/discovery`,
      payload: { enabled: true, guardianConfirmed: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const coach = await applyCoach(t);

    const profile = await as(t, coach, { method: 'GET', url: `/api/coach/players/${player.id}` });
    expect(profile.statusCode, profile.body).toBe(200);
    const receiptPath = `/api/coach/players/${player.id}/receipts/${request.id}`;
    expect(profile.json().forty).toMatchObject({
      text: '4.62 s ± 0.02 (verified 40, video 240 fps)',
      receiptPath,
    });
    const receipt = await as(t, coach, { method: 'GET', url: receiptPath });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.body).toContain('Receipt · Verified 40');
    expect(receipt.body).toContain('4.62 s ± 0.02 (verified 40, video 240 fps)');
    expect(receipt.body).toContain('Finish: torso crosses the 40-yard line');
    expect(receipt.body).toContain(`href="/coach/players/${player.id}"`);
    expect(receipt.body).not.toContain(analyst.email);
    // Another player's 40 is not this player's receipt.
    const other = await familyRequests(60);
    const foreign = `/api/coach/players/${player.id}/receipts/${other.request.id}`;
    expect((await as(t, coach, { method: 'GET', url: foreign })).statusCode).toBe(404);

    const hidden = await as(t, family, {
      method: 'PUT',
      url: `/api/players/${player.id}/share`,
      payload: { show: { forty: false } },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(
      (await as(t, coach, { method: 'GET', url: `/api/coach/players/${player.id}` })).json().forty,
    ).toBeNull();
    expect((await as(t, coach, { method: 'GET', url: receiptPath })).statusCode).toBe(404);
  });

  it('is not a Max Speed: a forty completion without marks is refused', async () => {
    const { request } = await familyRequests(60);
    const res = await complete(t, analyst, request.id, {}, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Mark the start, the finish and the lines on the video: a verified 40 is measured, not typed',
    );
  });
});

describe('the tracker proposes the frames of a 40 (decision 212)', () => {
  const lineAt = (yards: number) => 20 + 7 * yards - 0.5;
  const clicks = (videoId: number) => ({
    videoId,
    startLine: { frameIndex: 0, x: lineAt(0), y: 90 },
    finishLine: { frameIndex: 0, x: lineAt(40), y: 110 },
  });
  const propose = (body: object, who: TestUser | null = analyst) =>
    as(t, who, { method: 'POST', url: '/api/measurements/forty/proposals', payload: body });
  const read = (id: number, who: TestUser | null = analyst) =>
    as(t, who, { method: 'GET', url: `/api/measurements/forty/proposals/${id}` });
  const run = () => drainJobs(t.db, fortyProposalJobHandlers(t.db, t.app.storage));

  it('proposes the start as a job and says why not the finish; completing with it keeps the proposal and what the analyst marked on the receipt', async () => {
    const { c, videoId, request, family } = await familyRequests(120);
    const started = await propose(clicks(videoId));
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'queued' });
    const id = started.json().id as number;
    expect((await read(id)).json()).toMatchObject({ status: 'queued', progress: 0 });
    await run();
    const done = (await read(id, admin)).json();
    expect(done).toMatchObject({ status: 'done', progress: 1 });
    // Within a frame of the truth (issue 49); the key frame just before the start may count as its first.
    expect(Math.abs(done.result.startFrame - c.startFrame)).toBeLessThanOrEqual(1);
    // The torso's crossing is not told to a frame (decision 288): no finish, no splits, and the reason, with
    // the frames it lies between (decision 318), which hold the true finish.
    expect(done.result.finishFrame).toBeNull();
    expect(done.result.lines).toEqual([{ yardLine: 0, frameIndex: done.result.startFrame }]);
    const named = done.result.finishBetween as { fromFrame: number; toFrame: number };
    expect(named.fromFrame).toBeLessThanOrEqual(c.finishFrame);
    expect(named.toFrame).toBeGreaterThanOrEqual(c.finishFrame);
    expect(done.result.notes).toEqual([
      `The torso's crossing cannot be told to a frame at this frame rate (the runner covers too little in a frame for the tracker's measure of the torso): look between frames ${named.fromFrame + 1} and ${named.toFrame + 1} and mark the finish yourself.`,
    ]);

    // The analyst keeps the start and marks the finish and the lines.
    const truth = trueMarks(c, videoId);
    const marks = {
      ...truth,
      startFrame: done.result.startFrame,
      lines: truth.lines.map((l) => (l.yardLine === 0 ? { ...l, frameIndex: done.result.startFrame } : l)),
      proposalId: id,
    };
    const res = await complete(t, analyst, request.id, { measurement: JSON.stringify(marks) }, null);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = (
      await as(t, family, { method: 'GET', url: `/api/analysis-requests/${request.id}/forty-receipt` })
    ).json();
    const finishLine = truth.lines.find((l) => l.yardLine === 40)!.frameIndex;
    expect(receipt.proposal).toMatchObject({
      id,
      algorithm: 'lines-background-motion',
      startFrame: done.result.startFrame,
      finishFrame: null,
      changes: [
        `Finish: marked by the analyst at frame ${c.finishFrame + 1} (not proposed)`,
        `Finish line (40): marked by the analyst at frame ${finishLine + 1} (not proposed)`,
      ],
    });
    expect(receipt.marks.proposalId).toBe(id);
  });

  it('refuses marks outside the frames the proposal found, at the preview and the completion (decision 332)', async () => {
    const { c, videoId, request } = await familyRequests(120);
    const id = (await propose(clicks(videoId))).json().id as number;
    await run();
    const found = (await read(id)).json().result;
    const told = found.startFrame as number;
    const named = found.finishBetween as { fromFrame: number; toFrame: number };
    const truth = trueMarks(c, videoId);
    const marks = (startFrame: number, finishFrame: number) => ({
      ...truth,
      startFrame,
      finishFrame,
      lines: [
        { yardLine: 0, frameIndex: startFrame },
        { yardLine: 40, frameIndex: finishFrame },
      ],
      proposalId: id,
    });
    // A start marked three frames after the one the proposal told: the runner was moving by then.
    const late = await preview(marks(told + 3, c.finishFrame));
    expect(late.statusCode, late.body).toBe(400);
    const lateMessage = `The start is marked on frame ${told + 4}, after where the proposal found the runner's first movement on frame ${told + 1}: mark the first frame that shows him moving, from frame ${told} to ${told + 2}.`;
    expect(late.json()).toMatchObject({ message: lateMessage, errors: { startFrame: lateMessage } });
    const refused = await complete(
      t,
      analyst,
      request.id,
      { measurement: JSON.stringify(marks(told + 3, c.finishFrame)) },
      null,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(lateMessage);
    // Nothing was stored: the request still waits for its result.
    const [row] = await t.db.select().from(analysisRequests).where(eq(analysisRequests.id, request.id));
    expect(row.status).not.toBe('completed');
    // A finish marked before the frames it named for the crossing.
    const early = await preview(marks(told, named.fromFrame - 1));
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.finishFrame).toBe(
      `The finish is marked on frame ${named.fromFrame}, before where the proposal found the torso crossing the finish line between frames ${named.fromFrame + 1} and ${named.toFrame + 1}: mark the first frame that shows his torso past the line, from frame ${named.fromFrame + 1} to ${named.toFrame + 1}.`,
    );
    // Within one frame of the start it told, and inside the frames it named: timed, and completed.
    for (const startFrame of [told - 1, told, told + 1])
      expect((await preview(marks(startFrame, c.finishFrame))).statusCode).toBe(200);
    const done = await complete(
      t,
      analyst,
      request.id,
      { measurement: JSON.stringify(marks(told, c.finishFrame)) },
      null,
    );
    expect(done.statusCode, done.body).toBe(200);
  });

  it('refuses bad clicks, other roles and unknown ids, and a proposal of another clip at completion', async () => {
    const { videoId, request, c, family } = await familyRequests(60);
    const bad = await propose({ videoId, startLine: { frameIndex: 0, x: -1, y: 5 } });
    expect(bad.statusCode).toBe(400);
    const outside = await propose({ ...clicks(videoId), finishLine: { frameIndex: 99_999, x: 1, y: 1 } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('The click must be on a frame of the video');
    expect((await propose(clicks(videoId), null)).statusCode).toBe(401);
    expect((await propose(clicks(videoId), family)).statusCode).toBe(403);
    expect((await propose(clicks(999_999))).statusCode).toBe(404);
    expect((await read(999_999)).statusCode).toBe(404);

    const other = await familyRequests(60);
    const id = (await propose(clicks(other.videoId))).json().id as number;
    expect((await read(id, family)).statusCode).toBe(403);
    const early = await complete(
      t,
      analyst,
      request.id,
      { measurement: JSON.stringify({ ...trueMarks(c, videoId), proposalId: id }) },
      null,
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('The proposal is of another video');
    await run();
    expect((await read(id)).json().status).toBe('done');
  });
});
