import type { Db } from '../../../db/client';
import { signPayload } from '../signature';
import type { DeliverEvent } from '../types';
import { createTestModeProvider, type TestModeProvider } from './provider';

/**
 * Handles on the test-mode account for tests and tools (decision 202): what Stripe itself would do,
 * kept beside the emulator so the billing module holds no emulation.
 */
interface Account {
  db: Db;
  appUrl: string;
  /** The webhook signing secret the app checks. */
  secret: string;
}

const quiet = { warn() {} };

/** The test account, delivering its events wherever `deliver` sends them (the app's webhook, in tests). */
export const testModeAccount = (a: Account, deliver: DeliverEvent): TestModeProvider =>
  createTestModeProvider({ ...a, deliver, log: quiet });

/** A second handle on the same account whose events are caught instead of delivered, to replay in any order. */
export function capturingTestModeAccount(a: Account) {
  const caught: { id: string; type: string; payload: string }[] = [];
  const provider = testModeAccount(a, async (payload) => {
    const e = JSON.parse(payload);
    caught.push({ id: e.id, type: e.type, payload });
    return { statusCode: 200, body: '{}' };
  });
  return { provider, caught };
}

/** The headers Stripe sends with a webhook: the body signed with the secret (or a forged signature, for tests). */
export function signedWebhookHeaders(
  payload: string,
  secret: string,
  opts: { timestamp?: number; signature?: string } = {},
) {
  return {
    'content-type': 'application/json',
    'stripe-signature': opts.signature ?? signPayload(payload, secret, opts.timestamp),
  };
}
