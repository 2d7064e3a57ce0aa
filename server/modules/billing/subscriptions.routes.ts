import type { FastifyInstance } from 'fastify';
import { billingApi } from '../../../contract/api/billing';
import { route } from '../../plugins/endpoints';
import { listSubscriptions, setCancelAtPeriodEnd } from './subscriptions.service';

export default async function subscriptionsRoutes(app: FastifyInstance) {
  const deps = () => ({ db: app.db, payments: app.payments });

  route(app, billingApi.subscriptions, async (req) => listSubscriptions(deps(), req.user.id));

  route(app, billingApi.cancelSubscription, { config: app.perAddressLimit(20) }, async (req) => ({
    message: 'Your subscription will be canceled at the end of the current billing period.',
    subscription: await setCancelAtPeriodEnd(deps(), req.user.id, req.params.id, true),
  }));

  route(app, billingApi.reactivateSubscription, { config: app.perAddressLimit(20) }, async (req) => ({
    message: 'Your subscription has been reactivated.',
    subscription: await setCancelAtPeriodEnd(deps(), req.user.id, req.params.id, false),
  }));
}
