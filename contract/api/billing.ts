import {
  checkoutBodySchema,
  checkoutResponseSchema,
  plansResponseSchema,
  stripeConfigSchema,
  subscriptionActionResponseSchema,
  subscriptionParamsSchema,
  subscriptionsResponseSchema,
  testCheckoutParamsSchema,
  testCheckoutSessionSchema,
  testPayResponseSchema,
  webhookAckSchema,
  webhookDebugSchema,
  webhookTestBodyResponseSchema,
  webhookTestResultSchema,
} from '../billing';
import { testPaySchema } from '../billing-forms';
import {
  billingAccountSchema,
  billingHistoryQuerySchema,
  billingHistoryResponseSchema,
  checkoutPreviewQuerySchema,
  checkoutPreviewSchema,
  portalResponseSchema,
  testDisputeCloseBodySchema,
  testPaymentStateSchema,
  testRefundBodySchema,
} from '../billing-history';
import { binary, defineEndpoint } from '../endpoint';

const tags = ['billing'];
const errors = [404, 409];

/** Plans, checkout, subscriptions and the family's billing (server/modules/billing). */
export const billingApi = {
  plans: defineEndpoint({
    method: 'GET',
    path: '/api/plans',
    // Prices are public information; the page itself is for signed-in users.
    access: 'public',
    tags,
    response: plansResponseSchema,
  }),
  stripeConfig: defineEndpoint({
    method: 'GET',
    path: '/api/stripe/config',
    access: 'public',
    tags,
    response: stripeConfigSchema,
  }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/api/checkout',
    access: 'user',
    tags,
    body: checkoutBodySchema,
    response: checkoutResponseSchema,
    errors,
  }),
  checkoutPreview: defineEndpoint({
    method: 'GET',
    path: '/api/checkout/preview',
    access: 'user',
    tags,
    query: checkoutPreviewQuerySchema,
    response: checkoutPreviewSchema,
    errors,
  }),
  subscriptions: defineEndpoint({
    method: 'GET',
    path: '/api/subscriptions',
    access: 'user',
    tags,
    response: subscriptionsResponseSchema,
  }),
  cancelSubscription: defineEndpoint({
    method: 'POST',
    path: '/api/subscriptions/:id/cancel',
    access: 'user',
    tags,
    params: subscriptionParamsSchema,
    response: subscriptionActionResponseSchema,
    errors,
  }),
  reactivateSubscription: defineEndpoint({
    method: 'POST',
    path: '/api/subscriptions/:id/reactivate',
    access: 'user',
    tags,
    params: subscriptionParamsSchema,
    response: subscriptionActionResponseSchema,
    errors,
  }),
  account: defineEndpoint({
    method: 'GET',
    path: '/api/billing/account',
    access: 'user',
    tags,
    response: billingAccountSchema,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/billing/history',
    access: 'user',
    tags,
    query: billingHistoryQuerySchema,
    response: billingHistoryResponseSchema,
    description:
      'Keyset page, newest first. When more rows exist the answer carries an `X-Next-Cursor` header; pass it back as `cursor`.',
  }),
  historyCsv: defineEndpoint({
    method: 'GET',
    path: '/api/billing/history.csv',
    access: 'user',
    tags,
    produces: 'text/csv',
    response: binary('Date, Type, Description, credits, Amount in USD'),
    description: 'The whole billing history as CSV (Date, Type, Description, credits, Amount in USD).',
  }),
  portal: defineEndpoint({
    method: 'POST',
    path: '/api/billing/portal',
    access: 'user',
    tags,
    response: portalResponseSchema,
    errors,
  }),
  /** Signed by the provider: the signature over the raw body is the permission. */
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/webhook/webhooks/stripe',
    access: 'public',
    tags,
    response: webhookAckSchema,
    errors: [400],
  }),
  webhookTestBody: defineEndpoint({
    method: 'POST',
    path: '/api/webhook/test-body',
    access: 'admin',
    tags,
    response: webhookTestBodyResponseSchema,
    errors: [400],
  }),
  webhookDebug: defineEndpoint({
    method: 'GET',
    path: '/api/webhook/stripe/debug',
    access: 'admin',
    tags,
    response: webhookDebugSchema,
  }),
  webhookSelfTest: defineEndpoint({
    method: 'POST',
    path: '/api/webhook/test/stripe',
    access: 'admin',
    tags,
    response: webhookTestResultSchema,
  }),
};

/**
 * The built-in test checkout (registered only with the test-mode provider). Like Stripe's hosted page,
 * showing and paying need no session: the unguessable session id is the capability. Refunds and disputes
 * stand for Stripe's dashboard and the card holder's bank: admins only (decision 206, was the family's
 * own account or an admin, decision 196).
 */
export const testCheckoutApi = {
  session: defineEndpoint({
    method: 'GET',
    path: '/api/checkout/test/:sessionId',
    access: 'public',
    tags,
    params: testCheckoutParamsSchema,
    response: testCheckoutSessionSchema,
    errors: [404],
  }),
  pay: defineEndpoint({
    method: 'POST',
    path: '/api/checkout/test/:sessionId/pay',
    access: 'public',
    tags,
    params: testCheckoutParamsSchema,
    body: testPaySchema,
    response: testPayResponseSchema,
    errors: [402, 404, 409],
  }),
  payment: defineEndpoint({
    method: 'GET',
    path: '/api/checkout/test/:sessionId/payment',
    access: 'public',
    tags,
    params: testCheckoutParamsSchema,
    response: testPaymentStateSchema,
    errors: [404],
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/api/checkout/test/:sessionId/refund',
    access: 'admin',
    tags,
    params: testCheckoutParamsSchema,
    body: testRefundBodySchema,
    response: testPaymentStateSchema,
    errors,
  }),
  dispute: defineEndpoint({
    method: 'POST',
    path: '/api/checkout/test/:sessionId/dispute',
    access: 'admin',
    tags,
    params: testCheckoutParamsSchema,
    response: testPaymentStateSchema,
    errors,
  }),
  closeDispute: defineEndpoint({
    method: 'POST',
    path: '/api/checkout/test/:sessionId/dispute/close',
    access: 'admin',
    tags,
    params: testCheckoutParamsSchema,
    body: testDisputeCloseBodySchema,
    response: testPaymentStateSchema,
    errors,
  }),
};
