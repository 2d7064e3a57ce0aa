import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { AppError } from '../lib/app-error';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
// Server-to-server endpoints authenticated by signature, not by cookie.
const ORIGIN_EXEMPT = [/^\/api\/webhook\/webhooks\/stripe/];

export default fp<{ appUrl: string; production: boolean }>(async (app, opts) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.googletagmanager.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'https://www.google-analytics.com', 'https://*.google-analytics.com'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: opts.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: opts.production,
  });

  const appOrigin = new URL(opts.appUrl).origin;
  // A browser always sends Origin on cross-site state changes; a request without one is not a browser's.
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method)) return;
    const origin = req.headers.origin;
    if (!origin) return;
    if (ORIGIN_EXEMPT.some((r) => r.test(req.url))) return;
    const hostOrigin = `${req.protocol}://${req.headers.host}`;
    if (origin === appOrigin || origin === hostOrigin) return;
    throw new AppError('BAD_ORIGIN', 'Cross-origin request refused');
  });
});
