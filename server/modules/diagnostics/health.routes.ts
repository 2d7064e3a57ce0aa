import type { FastifyInstance } from 'fastify';

/** Health for load balancers and the auth-debug page (extended by the diagnostics feature). */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { schema: { tags: ['diagnostics'] } }, async (_req, reply) => {
    try {
      await app.dbHandle.ping();
      return { status: 'ok', database: { connected: true, message: 'Connected' } };
    } catch {
      return reply.status(503).send({ status: 'error', database: { connected: false, message: 'Database unreachable' } });
    }
  });
}
