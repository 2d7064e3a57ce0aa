/**
 * A kind of analysis is a registry entry plus its own completion code (decision 203): a test-only kind,
 * a broad jump paid with its own credit, goes through the generic paths (credit grant, request,
 * spend, completion, results, leaderboard) without any other change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRequestForm } from '../../../contract/analysis-forms';
import { analysisKinds, registerAnalysisKind, type AnalysisKind } from '../../../contract/analysis-kinds';
import { submetrics } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { grantCredits } from '../credits';
import {
  as,
  createTestApp,
  createUser,
  ledgerOf,
  userRow,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { complete, createPlayer } from './analysis.fixtures';
import { kindHandler, registerKindHandler } from './kind-handlers';
import type { ClipFacts } from './readiness/clip-facts';
import { kindCheck } from './readiness/kind-checks';

const JUMP: AnalysisKind = {
  key: 'broad_jump',
  label: 'Broad Jump',
  unit: 'in',
  direction: 'higher',
  decimals: 1,
  credit: {
    key: 'jump',
    userField: 'jumpCredits',
    label: 'Broad Jump',
    noun: 'broad jump credit',
    noCreditTitle: 'Insufficient Broad Jump Credits',
    noCredit: 'You need at least 1 broad jump credit to request a broad jump analysis.',
    planField: 'jumpsPerYear',
    ledgerField: 'jumpAmount',
  },
  requestNoun: 'broad jump analysis request',
  metricKey: 'BJ',
  leaderboardMetric: 'broad_jump',
  resultField: null,
  measurement: 'analyst-scored',
  pendingFields: null,
};

/** Its request form (analysis-forms.ts keeps the forms apart from the kinds' table, decision 234). */
const JUMP_FORM = z.object({
  hudlUrl: z.url({ error: 'Please enter a valid Hudl URL' }),
  season: z.number({ error: 'Season must be a number' }).int(),
  positionId: z.number({ error: 'Please select a position' }).int().positive(),
});

const inches = z.string().regex(/^\d{1,2}(\.\d)?$/, 'Inches must be a number with up to 1 decimal place');

let t: TestApp;
let family: TestUser;
let analyst: TestUser;
const undo: (() => void)[] = [];

beforeAll(async () => {
  undo.push(registerAnalysisKind(JUMP));
  undo.push(registerRequestForm(JUMP.key, JUMP_FORM));
  undo.push(
    registerKindHandler(JUMP.key, {
      usesPositionSubmetrics: false,
      async complete({ fields }) {
        const parsed = inches.safeParse(fields.inches ?? '');
        if (!parsed.success) throw badRequest(parsed.error.issues[0].message, { inches: 'Invalid' });
        const value = Number(parsed.data);
        return {
          measured: null,
          values: {
            headline: value,
            maxSpeed: null,
            igaScore: null,
            comment: null,
            metrics: [{ key: JUMP.metricKey, value, percentile: 50, isFromIga: false }],
          },
        };
      },
    }),
  );
  t = await createTestApp();
  await t.db
    .insert(submetrics)
    .values({ name: 'Broad Jump', key: 'BJ', unit: 'in', decimals: 1 })
    .onConflictDoNothing();
  family = await createUser(t);
  analyst = await createUser(t, { role: 'analyst' });
});
afterAll(async () => {
  for (const u of undo.reverse()) u();
  await t.close();
});

const ask = (playerId: number, positionId: number) =>
  as(t, family, {
    method: 'POST',
    url: '/api/analysis-requests',
    payload: {
      requestType: JUMP.key,
      playerId,
      hudlUrl: 'https://www.hudl.com/video/3/123/jump',
      season: 2026,
      positionId,
    },
  });

describe('a kind added by a registry entry and its completion handler', () => {
  it('is granted, requested, spent, completed and ranked through the generic paths', async () => {
    const player = await createPlayer(t, family);
    await t.db.transaction((tx) =>
      grantCredits(tx, {
        userId: family.id,
        amounts: { jump: 1 },
        idempotencyKey: `test:jump:${family.id}`,
        type: 'admin_adjust',
        description: 'Test grant',
      }),
    );
    expect((await userRow(t, family.id)).creditBalances).toMatchObject({ jump: 1 });

    const asked = await ask(player.id, player.primaryPositionId);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ requestType: 'broad_jump', status: 'pending' });
    expect((await userRow(t, family.id)).creditBalances).toMatchObject({ jump: 0 });
    const spend = (await ledgerOf(t, family.id)).find((r) => r.type === 'spend');
    expect(spend).toMatchObject({ amounts: { jump: -1 }, description: 'Broad jump analysis request' });

    const broke = await ask(player.id, player.primaryPositionId);
    expect(broke.statusCode).toBe(402);
    expect(broke.json().message).toBe(JUMP.credit.noCredit);

    const requestId = asked.json().id as number;
    const bad = await complete(t, analyst, requestId, { inches: 'high' });
    expect(bad.statusCode).toBe(400);
    const done = await complete(t, analyst, requestId, { inches: '34.5' });
    expect(done.statusCode, done.body).toBe(200);

    const results = await as(t, family, {
      method: 'GET',
      url: `/api/analysis-requests/${requestId}/submetrics`,
    });
    expect(results.json()).toEqual([expect.objectContaining({ submetricKey: 'BJ', value: 34.5 })]);

    const board = await as(t, family, {
      method: 'GET',
      url: '/api/leaderboard?metric=broad_jump&level=High%20School&all_time=true',
    });
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json().entries).toEqual([
      expect.objectContaining({
        playerName: `${player.firstName} ${player.lastName}`,
        metricValue: 34.5,
        rank: 1,
      }),
    ]);
  });

  it('refuses a kind nobody registered, naming the kinds there are', async () => {
    const player = await createPlayer(t, family);
    const res = await as(t, family, {
      method: 'POST',
      url: '/api/analysis-requests',
      payload: {
        requestType: 'long_jump',
        playerId: player.id,
        hudlUrl: 'https://www.hudl.com/video/3/123/x',
        season: 2026,
        positionId: player.primaryPositionId,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.requestType).toBe(
      'Request type must be one of: max_speed, iga, forty, vertical_jump, broad_jump',
    );
  });

  it('reads a request with the kind’s own form and messages', async () => {
    const player = await createPlayer(t, family);
    const res = await as(t, family, {
      method: 'POST',
      url: '/api/analysis-requests',
      payload: { requestType: JUMP.key, playerId: player.id, hudlUrl: 'nope', season: 2026 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      hudlUrl: 'Please enter a valid Hudl URL',
      positionId: 'Please select a position',
    });
  });
});

describe('each kind’s own module (decision 279)', () => {
  it('registers its completion handler, and a second registration of the same kind is refused', () => {
    // The app is built: every module has loaded and registered what is its own.
    const missing = analysisKinds().filter((k) => {
      try {
        kindHandler(k.key);
        return false;
      } catch {
        return true;
      }
    });
    expect(missing.map((k) => k.key)).toEqual([]);
    expect(kindHandler('iga').usesPositionSubmetrics).toBe(true);
    expect(kindHandler('max_speed').usesPositionSubmetrics).toBe(false);
    expect(() => registerKindHandler('max_speed', kindHandler('iga'))).toThrow(/already has a handler/);
  });

  it('registers the clip check of a kind measured from a clip, run after the checks every clip shares', () => {
    const facts: ClipFacts = {
      unreadable: null,
      moving: true,
      realFps: 24,
      seconds: 1,
      moments: 4,
      twoLines: 4,
      cameraStill: false,
    };
    // Max Speed's own check speaks of its frame rate; a kind without a check of its own gets the shared ones.
    expect(kindCheck('max_speed')(facts).join(' ')).toMatch(/a verified Max Speed needs at least/);
    expect(kindCheck('vertical_jump')(facts).join(' ')).toMatch(/a verified vertical jump needs/);
    expect(kindCheck(JUMP.key)(facts)).toEqual([]);
    expect(kindCheck('forty')({ ...facts, unreadable: 'This clip cannot be read.' })).toEqual([
      'This clip cannot be read.',
    ]);
  });
});
