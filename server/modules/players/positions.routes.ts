import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { errorBodySchema } from '../../../contract/errors';
import { positionSchema } from '../../../contract/players';
import { positions } from '../../db/schema';

export default async function positionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/positions',
    {
      schema: { tags: ['players'], response: { 200: z.array(positionSchema), 401: errorBodySchema } },
    },
    async (req) => {
      req.requireUser();
      return app.db.select().from(positions).where(eq(positions.isActive, true)).orderBy(asc(positions.id));
    },
  );
}
