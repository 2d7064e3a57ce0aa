import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsEventSchema } from '../../../contract/analytics';
import { errorBodySchema } from '../../../contract/errors';
import { recordEvent } from './analytics.service';

export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/analytics/events',
    {
      config: app.perAddressLimit(120),
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['analytics'],
        body: analyticsEventSchema,
        response: { 204: z.null(), 400: errorBodySchema, 413: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (req, reply) => {
      await recordEvent(app.db, req.user?.id ?? null, req.body);
      return reply.status(204).send(null);
    },
  );
}
