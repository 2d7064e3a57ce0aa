import type { FastifyInstance } from 'fastify';
import { registerKindCheck, registerKindHandler } from '../analysis';
import { registerKindReceiptView } from '../sharing';
import { verticalClipCheck } from './vertical-clip-check';
import { completeVerticalJump } from './vertical-complete';
import verticalJumpRoutes from './vertical-jump.routes';
import { sharedVerticalReceiptView, VERTICAL_KIND } from './vertical-receipt.service';

export { verticalResultsOf } from './vertical-receipt.service';

registerKindReceiptView(VERTICAL_KIND, sharedVerticalReceiptView);
// Worked out from its take-off and landing frames (decision 243).
registerKindHandler(VERTICAL_KIND, {
  usesPositionSubmetrics: false,
  complete: async (ctx) => ({ measured: null, ...(await completeVerticalJump(ctx)) }),
});
registerKindCheck(VERTICAL_KIND, verticalClipCheck);

/** The verified vertical jump (decision 243): height from flight time on video, its receipt and results. */
export default async function verticalJumpModule(app: FastifyInstance) {
  await app.register(verticalJumpRoutes);
}
