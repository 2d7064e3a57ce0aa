import type { FastifyInstance } from 'fastify';
import analyticsRoutes from './analytics.routes';

/** Registers the analytics feature's routes (from the diagnostics module). */
export default async function analyticsModule(app: FastifyInstance) {
  await app.register(analyticsRoutes);
}
