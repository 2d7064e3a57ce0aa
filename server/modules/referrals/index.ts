import type { FastifyInstance } from 'fastify';
import referralsRoutes from './referrals.routes';

export { findApplicableReferral } from './referrals.service';
export { holdReferralDiscount } from './referral-reservation';

/** Registers the referrals feature's routes (coupons come from the `payments` plugin). */
export default async function referralsModule(app: FastifyInstance) {
  await app.register(referralsRoutes);
}
