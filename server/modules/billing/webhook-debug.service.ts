import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { desc } from 'drizzle-orm';
import { billingApi } from '../../../contract/api/billing';
import type { WebhookDebug, WebhookTestResult } from '../../../contract/billing';
import type { Db } from '../../db/client';
import { paymentEvents } from '../../db/schema';
import type { Env } from '../../env';
import { HANDLED_PROVIDER_EVENTS, providerSelfTestEvent, type PaymentProvider } from '../../lib/payments';
import { signPayload } from '../../lib/payments/signature';

export const WEBHOOK_PATH = billingApi.webhook.path;

/** Which settings are present, never their values. */
export async function webhookDebug(env: Env, payments: PaymentProvider, db: Db): Promise<WebhookDebug> {
  const secretFile = path.resolve(env.DATA_DIR, 'webhook-secret');
  let error: string | null = null;
  let generated = false;
  try {
    generated =
      existsSync(secretFile) && readFileSync(secretFile, 'utf8').trim() === env.STRIPE_WEBHOOK_SECRET;
  } catch (err) {
    error = `Could not read the generated webhook secret: ${(err as Error).message}`;
  }
  const recent = await db.select().from(paymentEvents).orderBy(desc(paymentEvents.createdAt)).limit(10);
  return {
    config: {
      mode: payments.livemode ? 'LIVE' : 'TEST',
      provider: payments.kind,
      hasWebhookSecret: Boolean(env.STRIPE_WEBHOOK_SECRET),
      webhookSecretSource: generated ? 'generated' : 'environment',
    },
    environment: {
      env: {
        STRIPE_SECRET_KEY: Boolean(env.STRIPE_SECRET_KEY),
        STRIPE_WEBHOOK_SECRET: Boolean(env.STRIPE_WEBHOOK_SECRET) && !generated,
        STRIPE_PUBLISHABLE_KEY: Boolean(env.STRIPE_PUBLISHABLE_KEY),
        APP_URL: Boolean(env.APP_URL),
        SMTP_URL: Boolean(env.SMTP_URL),
        DATABASE_URL: Boolean(env.DATABASE_URL),
      },
      mountedSecrets: { 'DATA_DIR/webhook-secret': generated },
      error,
    },
    endpoints: [
      {
        method: 'POST',
        path: WEBHOOK_PATH,
        url: `${env.APP_URL}${WEBHOOK_PATH}`,
        description: 'Stripe webhook (signed events)',
      },
      {
        method: 'GET',
        path: '/api/webhook/stripe/debug',
        url: `${env.APP_URL}/api/webhook/stripe/debug`,
        description: 'This status (admin)',
      },
      {
        method: 'POST',
        path: '/api/webhook/test/stripe',
        url: `${env.APP_URL}/api/webhook/test/stripe`,
        description: 'Send signed test events through the handler (admin)',
      },
      {
        method: 'POST',
        path: '/api/webhook/test-body',
        url: `${env.APP_URL}/api/webhook/test-body`,
        description: 'Echo the raw body as the webhook sees it (admin)',
      },
    ],
    events: {
      handled: HANDLED_PROVIDER_EVENTS,
      recent: recent.map((e) => ({
        id: e.id,
        type: e.type,
        livemode: e.livemode,
        processedAt: e.processedAt?.toISOString() ?? null,
      })),
    },
  };
}

type Send = (payload: string, signature: string) => Promise<{ statusCode: number; body: string }>;

/** Sends a signed test event through the real handler, then the refusals it must make. */
export async function runWebhookSelfTest(send: Send, secret: string): Promise<WebhookTestResult> {
  const now = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify(providerSelfTestEvent(now));
  const checks: { name: string; signature: string; expect: (s: number, b: string) => boolean }[] = [
    {
      name: 'A signed test event is accepted',
      signature: signPayload(payload, secret),
      expect: (s, b) => s === 200 && !JSON.parse(b).duplicate,
    },
    {
      name: 'The same event again changes nothing',
      signature: signPayload(payload, secret),
      expect: (s, b) => s === 200 && JSON.parse(b).duplicate,
    },
    {
      name: 'A wrong signature is refused',
      signature: signPayload(payload, 'whsec_wrong'),
      expect: (s) => s === 400,
    },
    {
      name: 'A stale timestamp is refused',
      signature: signPayload(payload, secret, now - 600),
      expect: (s) => s === 400,
    },
  ];
  const results = [];
  for (const c of checks) {
    const res = await send(payload, c.signature);
    let passed = false;
    try {
      passed = c.expect(res.statusCode, res.body);
    } catch {
      passed = false;
    }
    results.push({ name: c.name, passed, status: res.statusCode, detail: res.body.slice(0, 300) });
  }
  return { ok: results.every((r) => r.passed), results };
}
