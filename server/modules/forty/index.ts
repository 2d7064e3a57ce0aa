import type { FastifyInstance } from 'fastify';
import { registerKindReceiptView } from '../sharing';
import { sharedFortyReceiptView } from './forty-public-receipt';
import { registerKindFacts } from '../measurements';
import { FORTY_KIND, fortyDetail, fortySplitWords } from './forty-receipt.service';
import fortyRoutes from './forty.routes';

export { completeForty } from './forty-complete';
export { fortyResultsOf } from './forty-receipt.service';
export { recheckForties, type RecheckOutcome } from './forty-recheck.service';

registerKindReceiptView(FORTY_KIND, sharedFortyReceiptView);
registerKindFacts(FORTY_KIND, { detail: fortyDetail, words: fortySplitWords });

/** The verified 40-yard dash (decision 209): timing on video, its receipt and a player's results. */
export default async function fortyModule(app: FastifyInstance) {
  await app.register(fortyRoutes);
}
