import type { FastifyInstance } from 'fastify';
import analyticsRoutes from './analytics.routes';

/** Registers the analytics feature's routes. */
export default async function analyticsModule(app: FastifyInstance) {
  await app.register(analyticsRoutes);
}
