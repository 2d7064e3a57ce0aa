import type { FastifyInstance } from 'fastify';
import { createPaymentProvider, isTestModeProvider, type DeliverEvent, type PaymentProvider } from '../../lib/payments';
import referralsModule from '../referrals';
import accountRoutes from './account.routes';
import checkoutRoutes from './checkout.routes';
import plansRoutes from './plans.routes';
import subscriptionsRoutes from './subscriptions.routes';
import testCheckoutRoutes from './test-checkout.routes';
import webhookDebugRoutes from './webhook-debug.routes';
import { WEBHOOK_PATH } from './webhook-debug.service';
import webhookRoutes from './webhook.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider (billing scope): real Stripe or the built-in test mode. */
    payments: PaymentProvider;
  }
}

const RENEW_EVERY_MS = 10 * 60 * 1000;

/** Registers the billing feature's routes (and referrals, which share the provider). */
export default async function billingModule(app: FastifyInstance) {
  // Test mode delivers its events to our own webhook in-process, through the full HTTP pipeline (decision 032).
  const deliver: DeliverEvent = async (payload, signature) => {
    const res = await app.inject({
      method: 'POST', url: WEBHOOK_PATH, payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) va-test-mode' },
    });
    return { statusCode: res.statusCode, body: res.body };
  };
  const provider = createPaymentProvider({
    stripeSecretKey: app.env.STRIPE_SECRET_KEY, webhookSecret: app.env.STRIPE_WEBHOOK_SECRET,
    appUrl: app.env.APP_URL, db: app.db, deliver, log: app.log,
  });
  app.decorate('payments', provider);

  await app.register(plansRoutes);
  await app.register(checkoutRoutes);
  await app.register(subscriptionsRoutes);
  await app.register(accountRoutes);
  await app.register(webhookRoutes);
  await app.register(webhookDebugRoutes, { deliver });
  await app.register(referralsModule);

  if (isTestModeProvider(provider)) {
    await app.register(testCheckoutRoutes, { provider });
    if (!app.env.DISABLE_JOBS) {
      // Test mode has no Stripe to renew subscriptions at period end or retry failed deliveries.
      const timer = setInterval(() => {
        provider.renewDue().then(() => provider.redeliverFailed()).catch((err) => app.log.error({ err }, 'test-mode renewal failed'));
      }, RENEW_EVERY_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  }
}
