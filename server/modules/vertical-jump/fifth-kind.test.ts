/**
 * A test-only fifth kind, registered here and nowhere in production code (issue 51 item 3): a standing
 * reach measured on a clip, its evidence written to kind_receipts by its own handler. The public page and
 * the coach search show it through the paths that iterate over kinds; no production file names it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_FORMS, registerRequestForm } from '../../../contract/analysis-forms';
import { SPEED_CREDIT, registerAnalysisKind, type AnalysisKind } from '../../../contract/analysis-kinds';
import { kindReceipts, submetrics } from '../../db/schema';
import { makeJumpClip, type JumpClip } from '../../lib/jump-clip';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { complete } from '../analysis/analysis.fixtures';
import { registerKindHandler } from '../analysis/kind-handlers';
import { applyCoach } from '../coach/coach.fixtures';
import { requestVerticalWithClip } from './vertical-jump.fixtures';

const REACH: AnalysisKind = {
  key: 'standing_reach',
  label: 'Verified Standing Reach',
  metricLabel: 'Standing reach',
  unit: 'in',
  direction: 'higher',
  decimals: 1,
  credit: SPEED_CREDIT,
  requestNoun: 'verified standing reach analysis request',
  metricKey: 'SR',
  leaderboardMetric: 'standing_reach',
  resultField: null,
  measurement: 'video-marks',
  pendingFields: null,
  search: {
    field: 'standingReach',
    valueField: 'inches',
    plusMinusField: 'plusMinusInches',
    filter: 'minReachInches',
    filterLabel: 'Standing reach at least',
    filterRange: [0, 120],
    sortLabel: 'Standing reach',
  },
};

let t: TestApp;
let analyst: TestUser;
let clip: JumpClip;
const dir = mkdtempSync(path.join(tmpdir(), 'va-fifth-kind-'));
const undo: (() => void)[] = [];

beforeAll(async () => {
  undo.push(registerAnalysisKind(REACH));
  undo.push(registerRequestForm(REACH.key, REQUEST_FORMS.get('vertical_jump')!));
  undo.push(
    registerKindHandler(REACH.key, {
      usesPositionSubmetrics: false,
      async complete({ request, fields, analyst: who }) {
        const value = Number(fields.inches);
        return {
          measured: null,
          values: {
            headline: value,
            maxSpeed: null,
            igaScore: null,
            comment: null,
            metrics: [{ key: REACH.metricKey, value, percentile: 50, isFromIga: false }],
          },
          evidence: {
            sourceVideoId: request.sourceVideoId!,
            plusMinus: 0.5,
            methodLabel: 'verified reach, video 120 fps',
            storeFiles: async () => [],
            writeReceipt: async (tx, done) => {
              await tx.insert(kindReceipts).values({
                requestId: done.id,
                kind: REACH.key,
                direction: REACH.direction,
                videoId: request.sourceVideoId,
                analystId: who.id,
                analystName: who.username,
                value,
                plusMinus: 0.5,
                methodLabel: 'verified reach, video 120 fps',
                data: {},
                stillKeys: [],
              });
            },
          },
        };
      },
    }),
  );
  t = await createTestApp();
  // Its metric key's row, as the seed writes one for each kind of the catalogue.
  await t.db
    .insert(submetrics)
    .values({ name: 'Standing reach', key: 'SR', unit: 'in', decimals: 1 })
    .onConflictDoNothing();
  analyst = await createUser(t, { role: 'analyst' });
  clip = await makeJumpClip(path.join(dir, 'reach.mp4'), { fps: 120, flightSeconds: 0.4 });
});
afterAll(async () => {
  for (const u of undo.reverse()) u();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a test-only fifth kind', () => {
  it('shows on the public page and in the coach search with no production file changed', async () => {
    const r = await requestVerticalWithClip(t, clip.file, { requestType: REACH.key });
    const done = await complete(t, analyst, r.request.id, { inches: '101.5' }, null);
    expect(done.statusCode, done.body).toBe(200);

    // The family's card reads each kind's best from one place (decision 263).
    const bests = await as(t, r.family, { method: 'GET', url: `/api/players/${r.player.id}/kind-results` });
    expect(bests.statusCode, bests.body).toBe(200);
    expect(bests.json()).toEqual([
      expect.objectContaining({
        kind: 'standing_reach',
        requestId: r.request.id,
        value: 101.5,
        plusMinus: 0.5,
        method: 'verified reach, video 120 fps',
      }),
    ]);
    const stranger = await createUser(t);
    const hidden = await as(t, stranger, { method: 'GET', url: `/api/players/${r.player.id}/kind-results` });
    expect(hidden.statusCode).toBe(404);

    const on = await as(t, r.family, {
      method: 'PUT',
      url: `/api/players/${r.player.id}/share`,
      payload: { enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const page0 = on.json().path as string;
    const profile = (await t.app.inject({ method: 'GET', url: `${page0}/profile.json` })).json();
    expect(profile.kindResults).toEqual([
      expect.objectContaining({
        kind: 'standing_reach',
        label: 'Verified Standing Reach',
        text: '101.5 in ± 0.5, verified reach, video 120 fps',
      }),
    ]);
    const page = await t.app.inject({ method: 'GET', url: page0 });
    expect(page.body).toContain('Verified Standing Reach');
    expect(page.body).toContain('101.5 in ± 0.5');

    const discovery = await as(t, r.family, {
      method: 'PUT',
      url: `/api/players/${r.player.id}/discovery`,
      payload: { enabled: true, guardianConfirmed: true },
    });
    expect(discovery.statusCode, discovery.body).toBe(200);
    const coach = await applyCoach(t);
    const search = await as(t, coach, { method: 'GET', url: '/api/coach/search?sort=standing_reach' });
    expect(search.statusCode, search.body).toBe(200);
    const row = search.json().items.find((i: { playerId: number }) => i.playerId === r.player.id);
    const receiptUrl = `/api/coach/players/${r.player.id}/receipts/${r.request.id}`;
    expect(row.kindResults).toEqual({
      standing_reach: { value: 101.5, plusMinus: 0.5, requestId: r.request.id, receiptUrl },
    });
    expect(search.json().items[0].playerId).toBe(r.player.id);

    // The coach's profile links its receipt, and the receipt opens: the kind's entry names and writes it.
    const coachView = await as(t, coach, { method: 'GET', url: `/api/coach/players/${r.player.id}` });
    expect(coachView.json().kindResults).toEqual([
      expect.objectContaining({ kind: 'standing_reach', receiptPath: receiptUrl }),
    ]);
    const receipt = await as(t, coach, { method: 'GET', url: receiptUrl });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.body).toContain('Receipt · Verified Standing Reach');
    expect(receipt.body).toContain('101.5 in ± 0.5, verified reach, video 120 fps');
    // The public page's link opens the same receipt.
    const shared = await t.app.inject({ method: 'GET', url: `${page0}/kind-receipts/${r.request.id}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.body).toContain('101.5 in ± 0.5');
  });
});
