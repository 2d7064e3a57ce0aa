import type { FastifyInstance } from 'fastify';
import { billingApi } from '../../../contract/api/billing';
import { route } from '../../plugins/endpoints';
import { listPlans } from './plans.service';

export default async function plansRoutes(app: FastifyInstance) {
  route(app, billingApi.plans, async () => listPlans(app.db));

  route(app, billingApi.stripeConfig, async () => ({
    isTestMode: !app.payments.livemode,
    provider: app.payments.kind,
    publishableKey: app.env.STRIPE_SECRET_KEY ? (app.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  }));
}
