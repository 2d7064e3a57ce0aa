import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { plansResponseSchema, stripeConfigSchema } from '../../../contract/billing';
import { listPlans } from './plans.service';

export default async function plansRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  // Prices are public information; the page itself is for signed-in users.
  app.get('/api/plans', { schema: { tags, response: { 200: plansResponseSchema } } }, async () =>
    listPlans(app.db),
  );

  app.get('/api/stripe/config', { schema: { tags, response: { 200: stripeConfigSchema } } }, async () => ({
    isTestMode: !app.payments.livemode,
    provider: app.payments.kind,
    publishableKey: app.env.STRIPE_SECRET_KEY ? (app.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  }));
}
