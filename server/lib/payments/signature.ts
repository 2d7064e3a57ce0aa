import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeEventLike } from './types';

/**
 * Stripe's default: a signature older than five minutes is refused, which stops replays. The SDK checks
 * only the past; a timestamp this far ahead of our clock is refused too (decision 196): a header signed
 * for later would otherwise stay replayable until then.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The header's timestamp, read as the SDK reads it (the last `t=` wins). */
function signedAt(sig: string) {
  let t = NaN;
  for (const item of sig.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') t = parseInt(value, 10);
  }
  return t;
}

/** Stripe's `Stripe-Signature` format: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export class SignatureError extends Error {}

/**
 * Verifies with the Stripe SDK itself, on the exact bytes received, so both providers are held
 * to Stripe's rules (constant-time compare, timestamp tolerance).
 */
export function verifyWebhook(
  raw: Buffer,
  header: string | string[] | undefined,
  secret: string,
): StripeEventLike {
  const sig = Array.isArray(header) ? header[0] : header;
  if (!sig) throw new SignatureError('Missing Stripe-Signature header');
  try {
    const event = Stripe.webhooks.constructEvent(raw, sig, secret, SIGNATURE_TOLERANCE_SECONDS);
    if (!(signedAt(sig) - Math.floor(Date.now() / 1000) <= SIGNATURE_TOLERANCE_SECONDS))
      throw new Error('Timestamp outside the tolerance zone');
    return event;
  } catch (err) {
    throw new SignatureError(err instanceof Error ? err.message : 'Invalid signature');
  }
}
