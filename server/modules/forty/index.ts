import type { FastifyInstance } from 'fastify';
import { registerKindReceiptView } from '../sharing';
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

/** The verified 40-yard dash (decision 209): timing on video, its receipt and a player's results. */
export default async function fortyModule(app: FastifyInstance) {
  await app.register(fortyRoutes);
}
