import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mayCall, type Access } from '../../contract/access';
import { AppError } from '../lib/app-error';

export type { Access } from '../../contract/access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route; checked before the body is parsed or validated (decisions 074, 199). A
     * declared endpoint (contract/api) sets it through `route()`; any other route says it itself.
     */
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route registered, with the access it was given (the route access test reads it). */
    accessRoutes: { method: string; url: string; access: Access | undefined; schema?: RouteSchema }[];
  }
}

/** The zod schemas a route validates with (the hostile-input test generates from them). */
export interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
}

function accessOf(method: string, url: string, config?: { access?: Access }): Access | undefined {
  if (config?.access) return config.access;
  // Outside /api every GET is web content: pages, built assets, signed files, public profiles.
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') ? 'public' : undefined;
}

/**
 * One check for every route: a caller without a session gets 401 and a caller without the role 403
 * before the body is parsed, so no field list or validation detail is shown to someone who may not call.
 * The user is the one the session plugin loaded with the session. The services still check ownership of
 * each object (404 for other families' ids).
 */
export default fp(async (app) => {
  app.decorate('accessRoutes', [] as FastifyInstance['accessRoutes']);
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    for (const method of methods) {
      app.accessRoutes.push({
        method,
        url: route.url,
        // Read when asked: a scope's own onRoute hook (the API documentation's) runs after this one.
        get access() {
          return accessOf(method, route.url, route.config);
        },
        schema: route.schema,
      });
    }
  });

  // Written with `done`: no promise per request (decision 218).
  app.addHook('preParsing', (req: FastifyRequest, _reply, payload, done) => {
    const config = req.routeOptions.config;
    if (!config?.url) return done(null, payload);
    const access = accessOf(req.method, config.url, config);
    // A route nobody declared fails the route access test; only test-only routes get here.
    if (!access || access === 'public') return done(null, payload);
    if (!req.user) return done(new AppError('UNAUTHENTICATED', 'Not authenticated'));
    if (!mayCall(access, req.user.role))
      return done(new AppError('FORBIDDEN', 'You do not have permission to do that'));
    done(null, payload);
  });
});
