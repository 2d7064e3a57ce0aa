import { FORTY_MEASUREMENT_REQUIRED } from '../../../contract/forty';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { assertVerifiable, parseFortyField, timeForty } from './forty-measure.service';
import { proposalForReceipt } from './forty-proposal.service';
import { insertFortyReceipt, storeFortyStills } from './forty-receipt.service';

const FORTY_KEY = 'FORTY';

/**
 * The verified 40's completion (the kind's own code, called by its handler in analysis/kind-handlers.ts):
 * the marks give the time, never a typed number; a clip under the fps floor is refused.
 */
export async function completeForty(input: {
  app: FastifyInstance;
  request: { playerId: number };
  fields: Record<string, string>;
  analyst: UserRow;
}) {
  const { app, request, fields, analyst } = input;
  if (!fields.measurement)
    throw badRequest(FORTY_MEASUREMENT_REQUIRED, { measurement: FORTY_MEASUREMENT_REQUIRED });
  const t = await timeForty(app.db, app.storage, parseFortyField(fields.measurement), request.playerId);
  assertVerifiable(t);
  const proposal = await proposalForReceipt(app.db, t.marks);
  const seconds = t.result.seconds;
  const comment = fields.comment?.trim() ? fields.comment.trim().slice(0, 2000) : null;
  return {
    values: {
      headline: seconds,
      maxSpeed: null,
      igaScore: null,
      comment,
      // No population percentile for a 40 yet: the stored default, never shown for this kind.
      metrics: [{ key: FORTY_KEY, value: seconds, percentile: 50, isFromIga: false }],
    },
    evidence: {
      sourceVideoId: t.video.id,
      plusMinus: t.result.plusMinusSeconds,
      methodLabel: t.result.method,
      storeFiles: () => storeFortyStills(app.storage, t),
      writeReceipt: (tx: Tx, done: { id: number; season: number }, stillKeys: string[]) =>
        insertFortyReceipt(tx, { request: done, analyst, t, stillKeys, proposal }),
    },
  };
}
