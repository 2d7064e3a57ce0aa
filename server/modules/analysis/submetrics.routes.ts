import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, positionSubmetricSchema, requestSubmetricSchema } from '../../../contract/analysis';
import { errorBodySchema } from '../../../contract/errors';
import { submetricsOfPosition, submetricsOfRequest } from './submetrics.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export default async function submetricsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['analysis'];

  app.get(
    '/api/positions/:id/submetrics',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: z.array(positionSubmetricSchema), ...errors },
      },
    },
    async (req) => {
      req.requireUser();
      return submetricsOfPosition(app.db, req.params.id);
    },
  );

  app.get(
    '/api/analysis-requests/:id/submetrics',
    {
      schema: { tags, params: idParamsSchema, response: { 200: z.array(requestSubmetricSchema), ...errors } },
    },
    async (req) => submetricsOfRequest(app.db, req.requireUser(), req.params.id),
  );
}
