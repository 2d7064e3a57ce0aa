import { createRequire } from 'node:module';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';

/**
 * Fastify's own slots that the hot path reads directly (decisions 235 and 237). Each use has a fallback
 * through the public API, taken should a later Fastify keep them elsewhere (then the symbol is not one).
 */
const symbols = createRequire(import.meta.url)('fastify/lib/symbols.js') as Record<string, unknown>;

/** Where an answer's headers are kept (what `reply.header` writes and `writeHead` sends). */
export const kReplyHeaders: unknown = symbols.kReplyHeaders;

/** Where a request's route context is kept (its config, schema, hooks). */
const kRouteContext: unknown = symbols.kRouteContext;

type RouteConfig = FastifyContextConfig & { url?: string; method?: string };

/**
 * A request's route config (with the route's `url` and `method`): `req.routeOptions` makes a new object
 * of twelve fields on every read, and three hooks read it on every request.
 */
export function routeConfig(req: FastifyRequest): RouteConfig | undefined {
  if (typeof kRouteContext === 'symbol') {
    const context = (req as unknown as Record<symbol, { config?: RouteConfig } | undefined>)[kRouteContext];
    if (context) return context.config;
  }
  return req.routeOptions.config as RouteConfig | undefined;
}
