import type { FastifyInstance } from 'fastify';
import { VERTICAL_MEASUREMENT_REQUIRED } from '../../../contract/vertical-jump';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { assertVerifiable, parseVerticalField, timeVertical } from './vertical-measure.service';
import { insertVerticalReceipt, storeVerticalStills } from './vertical-receipt.service';

const VERTICAL_METRIC_KEY = 'VJ';

/**
 * The verified vertical jump's completion (the kind's own code, called by its handler in
 * analysis/kind-handlers.ts): the two marks give the height, never a typed number; a clip under 100 fps or
 * with a bound wider than ± 0.8 in is refused.
 */
export async function completeVerticalJump(input: {
  app: FastifyInstance;
  request: { playerId: number };
  fields: Record<string, string>;
  analyst: UserRow;
}) {
  const { app, request, fields, analyst } = input;
  if (!fields.measurement)
    throw badRequest(VERTICAL_MEASUREMENT_REQUIRED, { measurement: VERTICAL_MEASUREMENT_REQUIRED });
  const t = await timeVertical(app.db, app.storage, parseVerticalField(fields.measurement), request.playerId);
  assertVerifiable(t);
  const inches = t.result.heightInches;
  const comment = fields.comment?.trim() ? fields.comment.trim().slice(0, 2000) : null;
  return {
    values: {
      headline: inches,
      maxSpeed: null,
      igaScore: null,
      comment,
      // No population percentile for a vertical jump yet: the stored default, never shown for this kind.
      metrics: [{ key: VERTICAL_METRIC_KEY, value: inches, percentile: 50, isFromIga: false }],
    },
    evidence: {
      sourceVideoId: t.video.id,
      plusMinus: t.result.plusMinusInches,
      methodLabel: t.result.method,
      storeFiles: () => storeVerticalStills(app.storage, t),
      writeReceipt: (tx: Tx, done: { id: number; season: number }, stillKeys: string[]) =>
        insertVerticalReceipt(tx, { request: done, analyst, t, stillKeys }),
    },
  };
}
