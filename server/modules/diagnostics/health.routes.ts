import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, sessionDebugSchema } from '../../../contract/diagnostics';
import { errorBodySchema } from '../../../contract/errors';
import { health, sessionDebug } from './diagnostics.service';

/**
 * Health for load balancers and the auth-debug page, and the session diagnostics; open to everyone, no
 * secrets, and in production the settings only for admins (decision 196).
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['diagnostics'];

  app.get(
    '/api/health',
    { schema: { tags, response: { 200: healthSchema, 503: healthSchema.or(errorBodySchema) } } },
    async (req, reply) => {
      const h = await health(app, req);
      return reply.status(h.database.connected ? 200 : 503).send(h);
    },
  );

  app.get(
    '/api/session-debug',
    {
      config: app.perAddressLimit(30),
      schema: { tags, response: { 200: sessionDebugSchema, 429: errorBodySchema } },
    },
    async (req) => sessionDebug(app, req),
  );
}
