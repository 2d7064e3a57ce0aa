import type { FastifyInstance } from 'fastify';
import { analysisKind, filmedKind } from '../../../../contract/analysis-kinds';
import type { Tx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { badRequest } from '../../../lib/app-error';
import { assertVerifiable } from './filmed-measure';

interface Measured {
  video: { id: number };
  result: { qualityProblems: string[]; method: string };
}

/** What the kind's handler (analysis/kind-handlers.ts) hands to its completion. */
export interface FilmedCompletionInput {
  app: FastifyInstance;
  request: { playerId: number; requestType: string };
  fields: Record<string, string>;
  analyst: UserRow;
}

/**
 * The completion of a kind measured from a clip's frames (decision 263), called by the kind's handler in
 * analysis/kind-handlers.ts: the confirmed marks give the result, never a typed number; a clip the kind's
 * math refuses is not stored. The kind gives its measurement, its headline and bound, and its receipt.
 */
export async function completeFilmed<T extends Measured>(
  input: FilmedCompletionInput,
  kind: {
    measure: (app: FastifyInstance, text: string, playerId: number) => Promise<T>;
    value: (t: T) => number;
    plusMinus: (t: T) => number;
    storeStills: (app: FastifyInstance, t: T) => Promise<string[]>;
    writeReceipt: (
      tx: Tx,
      r: { request: { id: number; season: number }; analyst: UserRow; t: T; stillKeys: string[] },
    ) => Promise<void>;
  },
) {
  const { app, request, fields, analyst } = input;
  const { measurementRequired } = filmedKind(request.requestType);
  if (!fields.measurement) throw badRequest(measurementRequired, { measurement: measurementRequired });
  const t = await kind.measure(app, fields.measurement, request.playerId);
  assertVerifiable(t);
  const value = kind.value(t);
  const comment = fields.comment?.trim() ? fields.comment.trim().slice(0, 2000) : null;
  return {
    values: {
      headline: value,
      maxSpeed: null,
      igaScore: null,
      comment,
      // No population percentile for these kinds yet: the stored default, never shown for them.
      metrics: [
        { key: analysisKind(request.requestType).metricKey, value, percentile: 50, isFromIga: false },
      ],
    },
    evidence: {
      sourceVideoId: t.video.id,
      plusMinus: kind.plusMinus(t),
      methodLabel: t.result.method,
      storeFiles: () => kind.storeStills(app, t),
      writeReceipt: (tx: Tx, done: { id: number; season: number }, stillKeys: string[]) =>
        kind.writeReceipt(tx, { request: done, analyst, t, stillKeys }),
    },
  };
}
