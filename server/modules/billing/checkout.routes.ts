import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutBodySchema, checkoutResponseSchema } from '../../../contract/billing';
import { errorBodySchema } from '../../../contract/errors';
import { startCheckout } from './checkout.service';

export default async function checkoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/checkout',
    {
      config: app.perAddressLimit(20),
      schema: {
        tags: ['billing'],
        body: checkoutBodySchema,
        response: {
          200: checkoutResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (req) =>
      startCheckout(
        { db: app.db, payments: app.payments, appUrl: app.env.APP_URL },
        req.requireUser(),
        req.body,
      ),
  );
}
