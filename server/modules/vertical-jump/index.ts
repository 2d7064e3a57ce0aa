import type { FastifyInstance } from 'fastify';
import { registerKindReceiptView } from '../sharing';
import verticalJumpRoutes from './vertical-jump.routes';
import { sharedVerticalReceiptView, VERTICAL_KIND } from './vertical-receipt.service';

export { completeVerticalJump } from './vertical-complete';
export { verticalResultsOf } from './vertical-receipt.service';

registerKindReceiptView(VERTICAL_KIND, sharedVerticalReceiptView);

/** The verified vertical jump (decision 243): height from flight time on video, its receipt and results. */
export default async function verticalJumpModule(app: FastifyInstance) {
  await app.register(verticalJumpRoutes);
}
