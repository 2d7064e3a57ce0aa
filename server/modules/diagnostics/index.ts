import type { FastifyInstance } from 'fastify';
import analyticsModule from '../analytics';
import devOutboxRoutes from './dev-outbox.routes';
import healthRoutes from './health.routes';

/** Registers the diagnostics feature's routes, and analytics' events endpoint. */
export default async function diagnosticsModule(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(analyticsModule);
  if (app.env.EXPOSE_DEV_OUTBOX && !app.env.isProduction) await app.register(devOutboxRoutes);
}
