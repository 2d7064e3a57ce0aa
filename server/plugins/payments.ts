import fp from 'fastify-plugin';
import {
  createPaymentProvider,
  isTestModeProvider,
  type DeliverEvent,
  type PaymentProvider,
} from '../lib/payments';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider: real Stripe or the built-in test mode (decision 032). */
    payments: PaymentProvider;
    /** Hands a signed event to our own webhook through the full HTTP pipeline (test mode, self-test). */
    deliverPaymentEvent: DeliverEvent;
  }
}

const RENEW_EVERY_MS = 10 * 60 * 1000;

/** The payment provider for every module (billing, referrals); `webhookPath` is billing's webhook route. */
export default fp(
  async (app, opts: { webhookPath: string }) => {
    const deliver: DeliverEvent = async (payload, signature) => {
      const res = await app.inject({
        method: 'POST',
        url: opts.webhookPath,
        payload,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) va-test-mode',
        },
      });
      return { statusCode: res.statusCode, body: res.body };
    };
    const provider = createPaymentProvider({
      stripeSecretKey: app.env.STRIPE_SECRET_KEY,
      webhookSecret: app.env.STRIPE_WEBHOOK_SECRET,
      appUrl: app.env.APP_URL,
      db: app.db,
      deliver,
      log: app.log,
    });
    app.decorate('payments', provider);
    app.decorate('deliverPaymentEvent', deliver);

    if (isTestModeProvider(provider) && !app.env.DISABLE_JOBS) {
      // Test mode has no Stripe to renew subscriptions at period end or retry failed deliveries.
      const timer = setInterval(() => {
        provider
          .renewDue()
          .then(() => provider.redeliverFailed())
          .catch((err) => app.log.error({ err }, 'test-mode renewal failed'));
      }, RENEW_EVERY_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'payments' },
);
