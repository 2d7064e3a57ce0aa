import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route config limiting one client address (rate-limit plugin). */
    perAddressLimit: (perMinute?: number) => object;
    /** Throws 429 once one account (email) has been tried `max` times in the window. */
    limitAccount: (req: FastifyRequest, scope: string, account: string, max?: number) => void;
  }
}

const WINDOW_MS = 15 * 60 * 1000;

export default fp<{ disabled: boolean }>(async (app, opts) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({
      statusCode: 429,
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    }),
  });
  app.decorate('perAddressLimit', (perMinute = 20) =>
    opts.disabled ? {} : { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
  );

  const hits = new Map<string, { count: number; resetAt: number }>();
  app.decorate('limitAccount', (_req: FastifyRequest, scope: string, account: string, max = 10) => {
    if (opts.disabled) return;
    const key = `${scope}:${account.trim().toLowerCase()}`;
    const now = Date.now();
    let entry = hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + WINDOW_MS };
      hits.set(key, entry);
    }
    entry.count += 1;
    if (hits.size > 50_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
    if (entry.count > max) {
      throw new AppError('RATE_LIMITED', 'Too many attempts for this account. Please try again in 15 minutes.');
    }
  });
});
