import type { FastifyInstance } from 'fastify';
import adminRoutes from './admin.routes';

/** Registers the admin feature's routes. */
export default async function adminModule(app: FastifyInstance) {
  await app.register(adminRoutes);
}

export { recheckCommand } from './admin-recheck.service';
