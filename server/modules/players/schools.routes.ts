import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contract/errors';
import { schoolListSchema, schoolSearchSchema } from '../../../contract/schools';
import { searchSchools } from './schools.service';

export default async function schoolsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/schools/search',
    {
      config: app.perAddressLimit(120),
      schema: {
        tags: ['schools'],
        body: schoolSearchSchema,
        response: { 200: schoolListSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (req) => {
      req.requireUser();
      return searchSchools(app.db, req.body);
    },
  );
}
