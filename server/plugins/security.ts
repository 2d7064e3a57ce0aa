import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { AppError } from '../lib/app-error';

type HelmetOptions = NonNullable<Parameters<typeof helmet>[1]>;

/** The headers helmet sets with these options, read once from a throwaway server. */
async function helmetHeaders(options: HelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const bare = Fastify();
  bare.get('/', async () => '');
  const [withHelmet, without] = await Promise.all([probe.inject('/'), bare.inject('/')]);
  await Promise.all([probe.close(), bare.close()]);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(withHelmet.headers))
    if (without.headers[k] === undefined && v !== undefined) out[k] = String(v);
  return out;
}

// The document headers a JSON answer keeps too.
const JSON_KEEPS = [
  'cross-origin-resource-policy',
  'referrer-policy',
  'x-content-type-options',
  'strict-transport-security',
];

/**
 * What a JSON answer carries (decision 237; OWASP's REST security headers): it is never a page, so the
 * headers that only a document reads (COOP, Origin-Agent-Cluster, DNS prefetch control, IE's download
 * options, Adobe's cross-domain policies, the XSS auditor's switch) are left out, and its CSP allows
 * nothing and no framing. Kept: no MIME sniffing, no cross-origin embedding, no referrer, HSTS when set.
 */
export function jsonAnswerHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
  for (const name of JSON_KEEPS) if (documentHeaders[name] !== undefined) out[name] = documentHeaders[name];
  return out;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
// Server-to-server endpoints authenticated by signature, not by cookie.
const ORIGIN_EXEMPT = [/^\/api\/webhook\/webhooks\/stripe/];

export default fp<{ appUrl: string; production: boolean }>(async (app, opts) => {
  const headers = await helmetHeaders({
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
  // The same headers on every answer of a kind, computed once: @fastify/helmet builds helmet's middleware
  // again on every request (3% of a read's CPU in a profile, decision 213); nothing here varies per request.
  app.answerHeaders(headers, 'documents');
  app.answerHeaders(jsonAnswerHeaders(headers), 'json');
  // Written with `done`: no promise per request (decision 218).
  app.addHook('onRequest', (req, _reply, done) => {
    // A browser always sends Origin on cross-site state changes; a request without one is not a browser's.
    const origin = req.headers.origin;
    if (SAFE.has(req.method) || !origin || origin === appOrigin || ORIGIN_EXEMPT.some((r) => r.test(req.url)))
      return done();
    if (origin === `${req.protocol}://${req.headers.host}`) return done();
    done(new AppError('BAD_ORIGIN', 'Cross-origin request refused'));
  });
});
