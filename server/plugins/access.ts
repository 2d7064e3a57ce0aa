import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../db/schema';
import { AppError } from '../lib/app-error';
import { ROUTE_ACCESS, type Access } from './access-table';

export type { Access } from './access-table';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; checked before the body is parsed or validated (decision 074). */
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

const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

function accessOf(method: string, url: string, config?: { access?: Access }): Access | undefined {
  const declared = config?.access ?? ROUTE_ACCESS[routeKey(method, url)];
  if (declared) return declared;
  // Outside /api every GET is web content: pages, built assets, signed files, public profiles.
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') ? 'public' : undefined;
}

const ROLES_ALLOWED: Record<'analyst' | 'admin', string[]> = {
  analyst: ['analyst', 'admin'],
  admin: ['admin'],
};

/**
 * One check for every route: a caller without a session gets 401 and a caller without the role 403
 * before the body is parsed, so no field list or validation detail is shown to someone who may not call.
 * The services still check ownership of each object (404 for other families' ids).
 */
export default fp(async (app) => {
  app.decorate('accessRoutes', [] as FastifyInstance['accessRoutes']);
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    for (const method of methods) {
      app.accessRoutes.push({
        method,
        url: route.url,
        access: accessOf(method, route.url, route.config),
        schema: route.schema,
      });
    }
  });

  app.addHook('preParsing', async (req: FastifyRequest, _reply, payload) => {
    const url = req.routeOptions.url;
    if (!url) return payload;
    const access = accessOf(req.method, url, req.routeOptions.config);
    if (!access || access === 'public') return payload;
    const userId = req.session?.userId;
    if (!userId) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
    if (access === 'user') return payload;
    const [u] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
    if (!u) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
    if (!ROLES_ALLOWED[access].includes(u.role))
      throw new AppError('FORBIDDEN', 'You do not have permission to do that');
    return payload;
  });
});
