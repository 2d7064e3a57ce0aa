/**
 * Where a verified vertical jump shows beyond its own endpoints (issue 51, decision 243): the coach search's
 * column, filter and sort (the search's other names unchanged), the public page with its receipt, the
 * coach's receipt, the family's account export.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { analysisRequests } from '../../db/schema';
import { makeJumpClip, type JumpClip } from '../../lib/jump-clip';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { complete } from '../analysis/analysis.fixtures';
import { applyCoach } from '../coach/coach.fixtures';
import { completedSpeed } from '../sharing/sharing.fixtures';
import { requestVerticalWithClip } from './vertical-jump.fixtures';

let t: TestApp;
let analyst: TestUser;
let clip120: JumpClip;
let clip240: JumpClip;
const dir = mkdtempSync(path.join(tmpdir(), 'va-vertical-surfaces-'));

beforeAll(async () => {
  t = await createTestApp();
  analyst = await createUser(t, { role: 'analyst' });
  clip120 = await makeJumpClip(path.join(dir, 'jump-120.mp4'), { fps: 120, flightSeconds: 0.5 });
  clip240 = await makeJumpClip(path.join(dir, 'jump-240.mp4'), { fps: 240, flightSeconds: 0.62 });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A family's player with a completed verified vertical jump from the clip. */
async function jumped(c: JumpClip, o: Parameters<typeof requestVerticalWithClip>[2] = {}) {
  const r = await requestVerticalWithClip(t, c.file, o);
  const done = await complete(
    t,
    analyst,
    r.request.id,
    {
      measurement: JSON.stringify({
        videoId: r.videoId,
        takeoffFrame: c.takeoffFrame,
        landingFrame: c.landingFrame,
      }),
    },
    null,
  );
  expect(done.statusCode, done.body).toBe(200);
  return r;
}

const discoverable = async (r: Awaited<ReturnType<typeof jumped>>) => {
  const on = await as(t, r.family, {
    method: 'PUT',
    url: `/api/players/${r.player.id}/discovery`,
    payload: { enabled: true, guardianConfirmed: true },
  });
  expect(on.statusCode, on.body).toBe(200);
};

describe('the coach search', () => {
  it('lists a player whose only number is a vertical jump, with its column, filter and sort', async () => {
    const low = await jumped(clip120);
    const high = await jumped(clip240);
    await discoverable(low);
    await discoverable(high);
    await completedSpeed(t, high.player.id, 20.4);
    const coach = await applyCoach(t);
    const search = async (q: string) => {
      const res = await as(t, coach, { method: 'GET', url: `/api/coach/search?${q}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as {
        playerId: number;
        verticalJump: { inches: number; plusMinusInches: number; requestId: number } | null;
        maxSpeed: unknown;
      }[];
    };
    const sorted = await search('sort=vertical_jump');
    const mine = sorted.filter((i) => [low.player.id, high.player.id].includes(i.playerId));
    expect(mine.map((i) => i.playerId)).toEqual([high.player.id, low.player.id]);
    expect(mine[0].verticalJump).toEqual({
      inches: expect.any(Number),
      plusMinusInches: expect.any(Number),
      requestId: high.request.id,
    });
    expect(mine[0].verticalJump!.inches).toBeGreaterThan(mine[1].verticalJump!.inches);
    expect(mine[0].maxSpeed).not.toBeNull();

    const cut = (mine[0].verticalJump!.inches + mine[1].verticalJump!.inches) / 2;
    const filtered = await search(`minVerticalInches=${cut.toFixed(1)}&sort=speed`);
    expect(filtered.map((i) => i.playerId)).toContain(high.player.id);
    expect(filtered.map((i) => i.playerId)).not.toContain(low.player.id);

    // The search's existing names still answer as before.
    expect((await as(t, coach, { method: 'GET', url: '/api/coach/search?sort=forty' })).statusCode).toBe(200);
    const bad = await as(t, coach, { method: 'GET', url: '/api/coach/search?minVerticalInches=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.minVerticalInches).toBe('Vertical jump at least must be a number');
    const badSort = await as(t, coach, { method: 'GET', url: '/api/coach/search?sort=height' });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors.sort).toContain('vertical_jump');
    expect(
      (await as(t, null, { method: 'GET', url: '/api/coach/search?sort=vertical_jump' })).statusCode,
    ).toBe(401);
    expect(
      (await as(t, low.family, { method: 'GET', url: '/api/coach/search?sort=vertical_jump' })).statusCode,
    ).toBe(403);

    // Hidden by the family's checklist: out of the column, the filter and the sort.
    const hidden = await as(t, high.family, {
      method: 'PUT',
      url: `/api/players/${high.player.id}/share`,
      payload: { show: { vertical_jump: false } },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const after = (await search('sort=vertical_jump')).find((i) => i.playerId === high.player.id);
    expect(after?.verticalJump).toBeNull();
  });
});

describe('the public page', () => {
  it('shows the height with its receipt to a signed-out visitor, and hides both when the family unticks it', async () => {
    const r = await jumped(clip240);
    const on = await as(t, r.family, {
      method: 'PUT',
      url: `/api/players/${r.player.id}/share`,
      payload: { enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const page0 = on.json().path as string;
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const [result] = (
      await as(t, r.family, { method: 'GET', url: `/api/players/${r.player.id}/vertical-jump` })
    ).json();
    const text = `${result.heightInches.toFixed(1)} in ± ${result.plusMinusInches.toFixed(1)}, verified vertical, video 240 fps`;

    const profile = (await get(`${page0}/profile.json`)).json();
    expect(profile.kindResults).toEqual([
      expect.objectContaining({
        kind: 'vertical_jump',
        label: 'Verified Vertical Jump',
        text,
        receiptPath: `${page0}/kind-receipts/${r.request.id}`,
      }),
    ]);
    const page = await get(page0);
    expect(page.body).toContain('Verified Vertical Jump');
    expect(page.body).toContain('Method: verified vertical, video 240 fps');
    const receipt = await get(`${page0}/kind-receipts/${r.request.id}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain(text);
    expect(receipt.body).toContain('Method: flight time');
    expect(receipt.body).toContain('tucks the legs');
    expect(receipt.body).toContain('Take-off: first frame with both feet off the ground');
    expect(receipt.body).toContain('Landing: first frame with a foot on the ground');
    expect(receipt.body).not.toContain(analyst.email);
    const other = await jumped(clip120);
    expect((await get(`${page0}/kind-receipts/${other.request.id}`)).statusCode).toBe(404);

    const hidden = await as(t, r.family, {
      method: 'PUT',
      url: `/api/players/${r.player.id}/share`,
      payload: { show: { vertical_jump: false } },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await get(`${page0}/profile.json`)).json().kindResults).toEqual([]);
    expect((await get(`${page0}/kind-receipts/${r.request.id}`)).statusCode).toBe(404);
  });
});

describe("the coach's receipt", () => {
  it('opens for a coach where the family opted in, and only there', async () => {
    const r = await jumped(clip240);
    await discoverable(r);
    const coach = await applyCoach(t);
    const receiptUrl = `/api/coach/players/${r.player.id}/receipts/${r.request.id}`;
    const get = (who: TestUser | null, url: string) => as(t, who, { method: 'GET', url });

    // The profile and the search link it, on the coach's path.
    const profile = await get(coach, `/api/coach/players/${r.player.id}`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().kindResults).toEqual([
      expect.objectContaining({ kind: 'vertical_jump', receiptPath: receiptUrl }),
    ]);
    const found = (await get(coach, '/api/coach/search?sort=vertical_jump'))
      .json()
      .items.find((i: { playerId: number }) => i.playerId === r.player.id);
    expect(found.kindResults.vertical_jump).toEqual(
      expect.objectContaining({ requestId: r.request.id, receiptUrl }),
    );

    const receipt = await get(coach, receiptUrl);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['cache-control']).toBe('private, no-store');
    expect(receipt.body).toContain('Receipt · Verified Vertical Jump');
    expect(receipt.body).toContain('Method: flight time');
    expect(receipt.body).toContain('tucks the legs');
    expect(receipt.body).toContain('Take-off: first frame with both feet off the ground');
    expect(receipt.body).toContain(`/coach/players/${r.player.id}`);
    expect(receipt.body).not.toContain(analyst.email);

    // Signed out 401; a family (not a coach) 403, its own player's receipt included.
    expect((await get(null, receiptUrl)).statusCode).toBe(401);
    expect((await get(r.family, receiptUrl)).statusCode).toBe(403);
    // Another family's jump that is not discoverable: 404, on its own path and under the opted-in player's.
    const other = await jumped(clip120);
    expect(
      (await get(coach, `/api/coach/players/${other.player.id}/receipts/${other.request.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(coach, `/api/coach/players/${r.player.id}/receipts/${other.request.id}`)).statusCode,
    ).toBe(404);

    // The family unticks the jump: 404; ticks it again and turns discovery off: 404.
    const untick = await as(t, r.family, {
      method: 'PUT',
      url: `/api/players/${r.player.id}/share`,
      payload: { show: { vertical_jump: false } },
    });
    expect(untick.statusCode, untick.body).toBe(200);
    expect((await get(coach, receiptUrl)).statusCode).toBe(404);
    expect((await get(coach, `/api/coach/players/${r.player.id}`)).json().kindResults ?? []).toEqual([]);
    await as(t, r.family, {
      method: 'PUT',
      url: `/api/players/${r.player.id}/share`,
      payload: { show: { vertical_jump: true } },
    });
    expect((await get(coach, receiptUrl)).statusCode).toBe(200);
    const off = await as(t, r.family, {
      method: 'PUT',
      url: `/api/players/${r.player.id}/discovery`,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await get(coach, receiptUrl)).statusCode).toBe(404);
  });
});

describe("the coach's receipt of one of two equal jumps", () => {
  it('is the one the search and the profile both link: the earlier completed', async () => {
    const family = await createUser(t, { credits: 2 });
    const first = await jumped(clip240, { family });
    const second = await jumped(clip240, { family, player: first.player });
    // The later request completed first (equal heights from the same clip).
    await t.db
      .update(analysisRequests)
      .set({ completedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(analysisRequests.id, second.request.id));
    await discoverable(first);
    const coach = await applyCoach(t);
    const receiptUrl = `/api/coach/players/${first.player.id}/receipts/${second.request.id}`;
    const found = (await as(t, coach, { method: 'GET', url: '/api/coach/search?sort=vertical_jump' }))
      .json()
      .items.find((i: { playerId: number }) => i.playerId === first.player.id);
    expect(found.kindResults.vertical_jump.receiptUrl).toBe(receiptUrl);
    const profile = await as(t, coach, { method: 'GET', url: `/api/coach/players/${first.player.id}` });
    expect(profile.json().kindResults[0].receiptPath).toBe(receiptUrl);
    expect((await as(t, coach, { method: 'GET', url: receiptUrl })).statusCode).toBe(200);
    const other = `/api/coach/players/${first.player.id}/receipts/${first.request.id}`;
    expect((await as(t, coach, { method: 'GET', url: other })).statusCode).toBe(404);
  });
});

describe("the family's account export", () => {
  it("holds the jump's receipt row and links its stills", async () => {
    const r = await jumped(clip240);
    const [result] = (
      await as(t, r.family, { method: 'GET', url: `/api/players/${r.player.id}/vertical-jump` })
    ).json();
    const data = (await as(t, r.family, { method: 'GET', url: '/api/account/export' })).json();
    expect(data.kindReceipts).toEqual([
      expect.objectContaining({
        requestId: r.request.id,
        kind: 'vertical_jump',
        value: result.heightInches,
        plusMinus: result.plusMinusInches,
        methodLabel: 'verified vertical, video 240 fps',
        data: expect.objectContaining({ marks: expect.any(Object), result: expect.any(Object) }),
      }),
    ]);
    const keys = data.kindReceipts[0].stillKeys as string[];
    expect(keys).toHaveLength(2);
    const stills = data.files.filter((f: { kind: string }) => f.kind === 'receipt-still');
    expect(stills).toHaveLength(2);
    for (const key of keys) expect(stills.some((f: { url: string }) => f.url.includes(key))).toBe(true);
    const link = new URL(stills[0].url);
    expect((await t.app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(200);
  });
});
