import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { hit, purgeExpiredCounters } from '../lib/counters';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route config limiting one client address (rate-limit plugin). */
    perAddressLimit: (perMinute?: number) => object;
    /** Throws 429 once one account (email) has been tried `max` times in the window. */
    limitAccount: (req: FastifyRequest, scope: string, account: string, max?: number) => Promise<void>;
  }
}

const WINDOW_MS = 15 * 60 * 1000;
const ACCOUNT_LIMITED = 'Too many attempts for this account. Please try again in 15 minutes.';

/** @fastify/rate-limit store over the database counters, one key space per route. */
function databaseStore(db: Db) {
  return class DatabaseStore {
    prefix = 'addr:';
    incr(
      key: string,
      cb: (err: unknown, res?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      hit(db, this.prefix + key, timeWindow).then(
        (c) => cb(null, { current: c.hits, ttl: c.ttlMs }),
        (err) => cb(err),
      );
    }
    child(route: { routeInfo: { method: string; url: string } }) {
      const store = new DatabaseStore();
      store.prefix = `addr:${route.routeInfo.method} ${route.routeInfo.url}:`;
      return store;
    }
  };
}

export default fp<{ disabled: boolean }>(async (app, opts) => {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(app.db) as any,
    errorResponseBuilder: () => ({
      statusCode: 429,
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    }),
  });
  app.decorate('perAddressLimit', (perMinute = 20) =>
    opts.disabled ? {} : { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
  );

  app.decorate('limitAccount', async (_req: FastifyRequest, scope: string, account: string, max = 10) => {
    if (opts.disabled) return;
    const { hits } = await hit(app.db, `acct:${scope}:${account.trim().toLowerCase()}`, WINDOW_MS);
    if (hits > max) throw new AppError('RATE_LIMITED', ACCOUNT_LIMITED);
  });

  const purge = () =>
    purgeExpiredCounters(app.db).catch((err) => app.log.warn({ err }, 'Purging rate-limit counters failed'));
  const timer = setInterval(purge, 10 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
