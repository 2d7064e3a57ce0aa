import type { FastifyInstance } from 'fastify';
import devOutboxRoutes from './dev-outbox.routes';
import healthRoutes from './health.routes';

/** Registers the diagnostics feature's routes: health and, in development, the mail outbox. */
export default async function diagnosticsModule(app: FastifyInstance) {
  await app.register(healthRoutes);
  if (app.env.EXPOSE_DEV_OUTBOX && !app.env.isProduction) await app.register(devOutboxRoutes);
}
