import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  testCheckoutParamsSchema, testCheckoutSessionSchema, testPayResponseSchema, testPaySchema,
} from '../../../contract/billing';
import { errorBodySchema } from '../../../contract/errors';
import { AppError } from '../../lib/app-error';
import type { TestModeProvider } from '../../lib/payments';

/**
 * The hosted payment page's API for the built-in test mode. Like Stripe Checkout it needs no
 * session cookie: the unguessable session id is the capability.
 */
export default async function testCheckoutRoutes(fastify: FastifyInstance, opts: { provider: TestModeProvider }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  app.get('/api/checkout/test/:sessionId', {
    config: app.perAddressLimit(60),
    schema: { tags, params: testCheckoutParamsSchema, response: { 200: testCheckoutSessionSchema, 404: errorBodySchema } },
  }, async (req) => {
    const session = await opts.provider.describeSession(req.params.sessionId);
    if (!session) throw new AppError('NOT_FOUND', 'Checkout session not found');
    return session;
  });

  app.post('/api/checkout/test/:sessionId/pay', {
    config: app.perAddressLimit(20),
    schema: {
      tags,
      params: testCheckoutParamsSchema,
      body: testPaySchema,
      response: { 200: testPayResponseSchema, 400: errorBodySchema, 402: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
    },
  }, async (req) => {
    const { redirectUrl } = await opts.provider.pay(req.params.sessionId, req.body.cardNumber);
    return { status: 'complete' as const, redirectUrl };
  });
}
