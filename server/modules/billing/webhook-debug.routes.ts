import type { FastifyInstance } from 'fastify';
import { billingApi } from '../../../contract/api/billing';
import type { DeliverEvent } from '../../lib/payments';
import { route } from '../../plugins/endpoints';
import { runWebhookSelfTest, webhookDebug } from './webhook-debug.service';

export default async function webhookDebugRoutes(app: FastifyInstance, opts: { deliver: DeliverEvent }) {
  route(app, billingApi.webhookDebug, async () => webhookDebug(app.env, app.payments, app.db));

  route(app, billingApi.webhookSelfTest, { config: app.perAddressLimit(10) }, async () =>
    runWebhookSelfTest(opts.deliver, app.env.STRIPE_WEBHOOK_SECRET),
  );
}
