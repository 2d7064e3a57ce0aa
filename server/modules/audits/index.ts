import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import auditsRoutes from './audits.routes';

export { maybeQueueAudit } from './audit-queue.service';

/** The second-analyst audit of measured speeds (decision 115). */
export default async function auditsModule(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (!req.session?.userId) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  });
  await app.register(auditsRoutes);
}
