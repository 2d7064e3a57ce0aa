import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contract/errors';
import { leaderboardPageSchema, leaderboardQuerySchema } from '../../../contract/leaderboard';
import { getLeaderboardPage } from './leaderboard.service';

export default async function leaderboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/leaderboard',
    {
      config: app.perAddressLimit(120),
      schema: {
        tags: ['leaderboard'],
        querystring: leaderboardQuerySchema,
        response: {
          200: leaderboardPageSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (req) => {
      return getLeaderboardPage(app.db, req.query, req.requireUser().id);
    },
  );
}
