import { creditFields } from '../../../contract/analysis-kinds';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { creditTransactions, plans, paymentEvents, users } from '../../db/schema';
import { TEST_CARDS } from '../../../contract/billing';
import type { TestModeProvider } from '../../lib/payments';
import {
  capturingTestModeAccount,
  signedWebhookHeaders,
  testModeAccount,
} from '../../lib/payments/test-mode/harness';
import { as, type TestApp, type TestUser } from '../../test/helpers';
import { WEBHOOK_PATH } from './webhook-debug.service';

export const CARDS = {
  ok: TEST_CARDS.success,
  declined: TEST_CARDS.declined,
  noFunds: TEST_CARDS.insufficientFunds,
};
export const validCard = (cardNumber: string = CARDS.ok) => ({ cardNumber, expiry: '12 / 34', cvc: '123' });

export async function planId(t: TestApp, key: string) {
  const [p] = await t.db.select().from(plans).where(eq(plans.key, key));
  return p.id;
}

export async function balances(t: TestApp, userId: number) {
  const [u] = await t.db.select().from(users).where(eq(users.id, userId));
  return {
    ...(creditFields(u.creditBalances) as { credits: number; igaCredits: number }),
    hasActiveSubscription: u.hasActiveSubscription,
  };
}

export const grantsOf = (t: TestApp, userId: number) =>
  t.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));

export const eventRows = (t: TestApp, id: string) =>
  t.db.select().from(paymentEvents).where(eq(paymentEvents.id, id));

/** Starts checkout through the API and returns the hosted session id. */
export async function startCheckout(t: TestApp, user: TestUser, key: string, promoCode?: string | null) {
  const res = await as(t, user, {
    method: 'POST',
    url: '/api/checkout',
    payload: { planId: await planId(t, key), promoCode },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url);
  expect(url.pathname).toMatch(/^\/checkout\/test\/cs_test_/);
  return url.pathname.split('/').pop()!;
}

export function pay(t: TestApp, sessionId: string, card = validCard()) {
  return t.app.inject({ method: 'POST', url: `/api/checkout/test/${sessionId}/pay`, payload: card });
}

/** Checkout and pay with the good card; returns the session id. */
export async function buy(t: TestApp, user: TestUser, key: string, promoCode?: string | null) {
  const id = await startCheckout(t, user, key, promoCode);
  const res = await pay(t, id);
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const account = (t: TestApp) => ({ db: t.db, appUrl: t.env.APP_URL, secret: t.env.STRIPE_WEBHOOK_SECRET });

/** The test account, delivering to the app's webhook like the app's own provider (which lives in the billing scope). */
export function provider(t: TestApp): TestModeProvider {
  return testModeAccount(account(t), async (payload, signature) => {
    const res = await deliver(t, payload, { signature });
    return { statusCode: res.statusCode, body: res.body };
  });
}

/** A second handle on the same test account whose events are caught instead of delivered. */
export const capturingProvider = (t: TestApp) => capturingTestModeAccount(account(t));

export function deliver(
  t: TestApp,
  payload: string,
  opts: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    payload,
    headers: signedWebhookHeaders(payload, opts.secret ?? t.env.STRIPE_WEBHOOK_SECRET, opts),
  });
}
