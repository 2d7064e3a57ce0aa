import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { billingApi } from '../../../contract/api/billing';
import { AppError } from '../../lib/app-error';
import { SignatureError, verifyWebhook } from '../../lib/payments/signature';
import { jsonDepthExceeds, MAX_JSON_DEPTH, TOO_DEEP } from '../../lib/input-guards';
import { route } from '../../plugins/endpoints';
import { handleWebhookEvent } from './webhook.service';

/**
 * Routes that need the exact bytes received: in this scope only, every body stays a raw Buffer,
 * because a signature over re-serialized JSON would not verify.
 */
export default async function webhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const rawOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  route(app, billingApi.webhook, async (req) => {
    let event;
    try {
      event = verifyWebhook(rawOf(req.body), req.headers['stripe-signature'], app.env.STRIPE_WEBHOOK_SECRET);
    } catch (err) {
      if (!(err instanceof SignatureError)) throw err;
      req.log.warn({ reason: err.message }, 'stripe webhook refused: bad signature');
      throw new AppError('VALIDATION_ERROR', 'Webhook signature verification failed');
    }
    const result = await handleWebhookEvent({ db: app.db, payments: app.payments }, event);
    req.log.info({ eventId: event.id, type: event.type, ...result }, 'stripe webhook processed');
    return { received: true as const, ...result };
  });

  route(app, billingApi.webhookTestBody, async (req) => {
    const raw = rawOf(req.body);
    if (jsonDepthExceeds(raw.toString('utf8'), MAX_JSON_DEPTH))
      throw new AppError('VALIDATION_ERROR', TOO_DEEP);
    let json: unknown = null;
    try {
      json = raw.length ? JSON.parse(raw.toString('utf8')) : null;
    } catch {
      json = null;
    }
    return {
      contentType: req.headers['content-type'] ?? null,
      bytes: raw.length,
      sha256: createHash('sha256').update(raw).digest('hex'),
      rawBodyPreserved: Buffer.isBuffer(req.body),
      json,
    };
  });
}
