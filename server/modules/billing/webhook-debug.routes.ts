import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { webhookDebugSchema, webhookTestResultSchema } from '../../../contract/billing';
import { errorBodySchema } from '../../../contract/errors';
import type { DeliverEvent } from '../../lib/payments';
import { runWebhookSelfTest, webhookDebug } from './webhook-debug.service';

const errors = { 401: errorBodySchema, 403: errorBodySchema };

export default async function webhookDebugRoutes(fastify: FastifyInstance, opts: { deliver: DeliverEvent }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  app.get(
    '/api/webhook/stripe/debug',
    { schema: { tags, response: { 200: webhookDebugSchema, ...errors } } },
    async (req) => {
      req.requireUser();
      return webhookDebug(app.env, app.payments, app.db);
    },
  );

  app.post(
    '/api/webhook/test/stripe',
    {
      config: app.perAddressLimit(10),
      schema: { tags, response: { 200: webhookTestResultSchema, ...errors } },
    },
    async (req) => {
      req.requireUser();
      return runWebhookSelfTest(opts.deliver, app.env.STRIPE_WEBHOOK_SECRET);
    },
  );
}
