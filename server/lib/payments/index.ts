import type { Db } from '../../db/client';
import { createStripeProvider } from './stripe-provider';
import { createTestModeProvider, type TestModeProvider } from './test-mode/provider';
import type { EventLog } from './test-mode/events';
import type { DeliverEvent, PaymentProvider } from './types';

export * from './types';
export type * from './events';
export type { TestModeProvider };
/**
 * Both providers deliver Stripe-format webhooks (the test mode imitates them), so one adapter reads
 * them into the app's events; the billing module sees only these names (decision 202).
 */
export {
  fromStripeEvent as toPaymentEvent,
  STRIPE_HANDLED_EVENTS as HANDLED_PROVIDER_EVENTS,
  stripeSelfTestEvent as providerSelfTestEvent,
} from './stripe-events';
export { recordedInvoicePayment } from './stripe-recorded';

/** The real Stripe SDK when a secret key is configured; otherwise the built-in test mode (decision 032). */
export function createPaymentProvider(o: {
  stripeSecretKey?: string;
  webhookSecret: string;
  appUrl: string;
  db: Db;
  deliver: DeliverEvent;
  log: EventLog;
}): PaymentProvider {
  if (o.stripeSecretKey) return createStripeProvider(o.stripeSecretKey);
  return createTestModeProvider({
    db: o.db,
    appUrl: o.appUrl,
    secret: o.webhookSecret,
    deliver: o.deliver,
    log: o.log,
  });
}

export const isTestModeProvider = (p: PaymentProvider): p is TestModeProvider => p.kind === 'test-mode';
