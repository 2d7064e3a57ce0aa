import type { FastifyInstance } from 'fastify';
import auditsRoutes from './audits.routes';

export { maybeQueueAudit } from './audit-queue.service';

/** The second-analyst audit of measured speeds (decision 115). */
export default async function auditsModule(app: FastifyInstance) {
  await app.register(auditsRoutes);
}
