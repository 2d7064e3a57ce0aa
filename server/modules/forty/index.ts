import type { FastifyInstance } from 'fastify';
import { registerKindCheck, registerKindHandler } from '../analysis';
import { registerKindReceiptView } from '../sharing';
import { completeForty } from './forty-complete';
import { fortyClipCheck } from './forty-clip-check';
import { sharedFortyReceiptView } from './forty-public-receipt';
import { registerKindFacts, registerRecheck } from '../measurements';
import { recheckForties } from './forty-recheck.service';
import { FORTY_KIND, fortyDetail, fortySplitWords } from './forty-receipt.service';
import fortyRoutes from './forty.routes';

export { completeForty } from './forty-complete';
export { fortyResultsOf } from './forty-receipt.service';

registerKindReceiptView(FORTY_KIND, sharedFortyReceiptView);
registerKindFacts(FORTY_KIND, { detail: fortyDetail, words: fortySplitWords });
registerRecheck(FORTY_KIND, recheckForties);
// Timed on the clip from the marked start, finish and lines (decision 209).
registerKindHandler(FORTY_KIND, {
  usesPositionSubmetrics: false,
  complete: async (ctx) => ({ measured: null, ...(await completeForty(ctx)) }),
});
registerKindCheck(FORTY_KIND, fortyClipCheck);

/** The verified 40-yard dash (decision 209): timing on video, its receipt and a player's results. */
export default async function fortyModule(app: FastifyInstance) {
  await app.register(fortyRoutes);
}
