import type { FastifyInstance } from 'fastify';
import accountRoutes from './account.routes';

/** Registers the account feature's routes: the family's data export and account deletion. */
export default async function accountModule(app: FastifyInstance) {
  await app.register(accountRoutes);
}
