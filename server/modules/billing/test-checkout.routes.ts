import type { FastifyInstance } from 'fastify';
import { testCheckoutApi } from '../../../contract/api/billing';
import { AppError } from '../../lib/app-error';
import type { TestModeProvider } from '../../lib/payments';
import { route } from '../../plugins/endpoints';

/**
 * The hosted payment page's API for the built-in test mode. Like Stripe Checkout, showing and paying
 * need no session cookie: the unguessable session id is the capability. Refunds and disputes are an
 * admin's (decision 206): they stand for Stripe's dashboard and the card holder's bank, not the family.
 */
export default async function testCheckoutRoutes(app: FastifyInstance, opts: { provider: TestModeProvider }) {
  route(app, testCheckoutApi.session, { config: app.perAddressLimit(60) }, async (req) => {
    const session = await opts.provider.describeSession(req.params.sessionId);
    if (!session) throw new AppError('NOT_FOUND', 'Checkout session not found');
    return session;
  });

  route(app, testCheckoutApi.pay, { config: app.perAddressLimit(20) }, async (req) => {
    const { redirectUrl } = await opts.provider.pay(req.params.sessionId, req.body.cardNumber);
    return { status: 'complete' as const, redirectUrl };
  });

  // Refunds and disputes, so the charge.refunded / charge.dispute.* path runs end to end (decision 061).
  const found = (state: Awaited<ReturnType<TestModeProvider['paymentState']>>) => {
    if (!state) throw new AppError('NOT_FOUND', 'Payment not found');
    return state;
  };
  const limit = { config: app.perAddressLimit(20) };

  route(app, testCheckoutApi.payment, { config: app.perAddressLimit(60) }, async (req) =>
    found(await opts.provider.paymentState(req.params.sessionId)),
  );

  route(app, testCheckoutApi.refund, limit, async (req) =>
    found(await opts.provider.refund(req.params.sessionId, req.body?.amountCents)),
  );

  route(app, testCheckoutApi.dispute, limit, async (req) =>
    found(await opts.provider.openDispute(req.params.sessionId)),
  );

  route(app, testCheckoutApi.closeDispute, limit, async (req) =>
    found(await opts.provider.closeDispute(req.params.sessionId, req.body.outcome)),
  );
}
