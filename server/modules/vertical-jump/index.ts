import type { FastifyInstance } from 'fastify';
import verticalJumpRoutes from './vertical-jump.routes';

export { completeVerticalJump } from './vertical-complete';
export {
  sharedVerticalReceiptView,
  verticalResultsOf,
  type KindReceiptView,
} from './vertical-receipt.service';

/** The verified vertical jump (decision 243): height from flight time on video, its receipt and results. */
export default async function verticalJumpModule(app: FastifyInstance) {
  await app.register(verticalJumpRoutes);
}
