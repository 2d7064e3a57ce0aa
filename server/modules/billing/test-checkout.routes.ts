import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  testCheckoutParamsSchema,
  testCheckoutSessionSchema,
  testPayResponseSchema,
  testPaySchema,
} from '../../../contract/billing';
import {
  testDisputeCloseBodySchema,
  testPaymentStateSchema,
  testRefundBodySchema,
} from '../../../contract/billing-history';
import { errorBodySchema } from '../../../contract/errors';
import { AppError } from '../../lib/app-error';
import type { TestModeProvider } from '../../lib/payments';
import { assertMayReverse } from './test-checkout.service';

/**
 * The hosted payment page's API for the built-in test mode. Like Stripe Checkout, showing and paying
 * need no session cookie: the unguessable session id is the capability. Refunds and disputes need the
 * family's own signed-in account or an admin (decision 196).
 */
export default async function testCheckoutRoutes(
  fastify: FastifyInstance,
  opts: { provider: TestModeProvider },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  app.get(
    '/api/checkout/test/:sessionId',
    {
      config: app.perAddressLimit(60),
      schema: {
        tags,
        params: testCheckoutParamsSchema,
        response: { 200: testCheckoutSessionSchema, 404: errorBodySchema },
      },
    },
    async (req) => {
      const session = await opts.provider.describeSession(req.params.sessionId);
      if (!session) throw new AppError('NOT_FOUND', 'Checkout session not found');
      return session;
    },
  );

  app.post(
    '/api/checkout/test/:sessionId/pay',
    {
      config: app.perAddressLimit(20),
      schema: {
        tags,
        params: testCheckoutParamsSchema,
        body: testPaySchema,
        response: {
          200: testPayResponseSchema,
          400: errorBodySchema,
          402: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (req) => {
      const { redirectUrl } = await opts.provider.pay(req.params.sessionId, req.body.cardNumber);
      return { status: 'complete' as const, redirectUrl };
    },
  );

  // Refunds and disputes, so the charge.refunded / charge.dispute.* path runs end to end (decision 061).
  const paymentErrors = {
    400: errorBodySchema,
    401: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };
  const found = (state: Awaited<ReturnType<TestModeProvider['paymentState']>>) => {
    if (!state) throw new AppError('NOT_FOUND', 'Payment not found');
    return state;
  };
  const mayReverse = (req: FastifyRequest, sessionId: string) =>
    assertMayReverse(opts.provider, req.requireUser(), sessionId);

  app.get(
    '/api/checkout/test/:sessionId/payment',
    {
      config: app.perAddressLimit(60),
      schema: {
        tags,
        params: testCheckoutParamsSchema,
        response: { 200: testPaymentStateSchema, 404: errorBodySchema },
      },
    },
    async (req) => found(await opts.provider.paymentState(req.params.sessionId)),
  );

  app.post(
    '/api/checkout/test/:sessionId/refund',
    {
      config: app.perAddressLimit(20),
      schema: {
        tags,
        params: testCheckoutParamsSchema,
        body: testRefundBodySchema,
        response: { 200: testPaymentStateSchema, ...paymentErrors },
      },
    },
    async (req) => {
      await mayReverse(req, req.params.sessionId);
      return found(await opts.provider.refund(req.params.sessionId, req.body?.amountCents));
    },
  );

  app.post(
    '/api/checkout/test/:sessionId/dispute',
    {
      config: app.perAddressLimit(20),
      schema: {
        tags,
        params: testCheckoutParamsSchema,
        response: { 200: testPaymentStateSchema, ...paymentErrors },
      },
    },
    async (req) => {
      await mayReverse(req, req.params.sessionId);
      return found(await opts.provider.openDispute(req.params.sessionId));
    },
  );

  app.post(
    '/api/checkout/test/:sessionId/dispute/close',
    {
      config: app.perAddressLimit(20),
      schema: {
        tags,
        params: testCheckoutParamsSchema,
        body: testDisputeCloseBodySchema,
        response: { 200: testPaymentStateSchema, ...paymentErrors },
      },
    },
    async (req) => {
      await mayReverse(req, req.params.sessionId);
      return found(await opts.provider.closeDispute(req.params.sessionId, req.body.outcome));
    },
  );
}
