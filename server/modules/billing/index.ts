import type { FastifyInstance } from 'fastify';
import { isTestModeProvider } from '../../lib/payments';
import accountRoutes from './account.routes';
import checkoutRoutes from './checkout.routes';
import plansRoutes from './plans.routes';
import subscriptionsRoutes from './subscriptions.routes';
import testCheckoutRoutes from './test-checkout.routes';
import webhookDebugRoutes from './webhook-debug.routes';
import webhookRoutes from './webhook.routes';

export { WEBHOOK_PATH } from './webhook-debug.service';

/** Registers the billing feature's routes; the payment provider is the `payments` plugin. */
export default async function billingModule(app: FastifyInstance) {
  await app.register(plansRoutes);
  await app.register(checkoutRoutes);
  await app.register(subscriptionsRoutes);
  await app.register(accountRoutes);
  await app.register(webhookRoutes);
  await app.register(webhookDebugRoutes, { deliver: app.deliverPaymentEvent });
  if (isTestModeProvider(app.payments)) await app.register(testCheckoutRoutes, { provider: app.payments });
}
