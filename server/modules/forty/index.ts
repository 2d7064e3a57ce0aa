import type { FastifyInstance } from 'fastify';
import fortyRoutes from './forty.routes';

export { completeForty } from './forty-complete';
export { fortyResultsOf, readSharedFortyReceipt } from './forty-receipt.service';
export { recheckForties, type RecheckOutcome } from './forty-recheck.service';

/** The verified 40-yard dash (decision 209): timing on video, its receipt and a player's results. */
export default async function fortyModule(app: FastifyInstance) {
  await app.register(fortyRoutes);
}
