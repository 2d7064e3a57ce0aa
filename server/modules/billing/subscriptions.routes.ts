import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  subscriptionActionResponseSchema,
  subscriptionParamsSchema,
  subscriptionsResponseSchema,
} from '../../../contract/billing';
import { errorBodySchema } from '../../../contract/errors';
import { listSubscriptions, setCancelAtPeriodEnd } from './subscriptions.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export default async function subscriptionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];
  const deps = () => ({ db: app.db, payments: app.payments });

  app.get(
    '/api/subscriptions',
    {
      schema: { tags, response: { 200: subscriptionsResponseSchema, 401: errorBodySchema } },
    },
    async (req) => listSubscriptions(deps(), req.requireUser().id),
  );

  app.post(
    '/api/subscriptions/:id/cancel',
    {
      config: app.perAddressLimit(20),
      schema: {
        tags,
        params: subscriptionParamsSchema,
        response: { 200: subscriptionActionResponseSchema, ...errors },
      },
    },
    async (req) => ({
      message: 'Your subscription will be canceled at the end of the current billing period.',
      subscription: await setCancelAtPeriodEnd(deps(), req.requireUser().id, req.params.id, true),
    }),
  );

  app.post(
    '/api/subscriptions/:id/reactivate',
    {
      config: app.perAddressLimit(20),
      schema: {
        tags,
        params: subscriptionParamsSchema,
        response: { 200: subscriptionActionResponseSchema, ...errors },
      },
    },
    async (req) => ({
      message: 'Your subscription has been reactivated.',
      subscription: await setCancelAtPeriodEnd(deps(), req.requireUser().id, req.params.id, false),
    }),
  );
}
