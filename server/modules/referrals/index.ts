import type { FastifyInstance } from 'fastify';
import referralsRoutes from './referrals.routes';

/** Registered from the billing module: referrals need its payment provider for coupons. */
export default async function referralsModule(app: FastifyInstance) {
  await app.register(referralsRoutes);
}
