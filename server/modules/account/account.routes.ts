import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountExportSchema, deleteAccountSchema } from '../../../contract/account';
import { errorBodySchema } from '../../../contract/errors';
import { deleteOwnAccount } from './account-delete.service';
import { exportAccount } from './account-export.service';

export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  app.get(
    '/api/account/export',
    {
      config: app.perAddressLimit(10),
      schema: {
        tags,
        summary:
          'Downloads everything held about the signed-in family as JSON; files as links (videos signed for 7 days)',
        response: { 200: accountExportSchema, 401: errorBodySchema },
      },
    },
    async (req, reply) => {
      const user = req.requireUser();
      const data = await exportAccount(
        { db: app.db, storage: app.storage, appUrl: app.env.APP_URL },
        user.id,
      );
      reply.header(
        'Content-Disposition',
        `attachment; filename="verified-athlete-data-${data.exportedAt.slice(0, 10)}.json"`,
      );
      reply.header('Cache-Control', 'no-store');
      return data;
    },
  );

  app.delete(
    '/api/account',
    {
      config: app.perAddressLimit(10),
      schema: {
        tags,
        summary:
          'Deletes the signed-in account with its players, requests, videos and files (password required)',
        body: deleteAccountSchema,
        response: {
          200: z.object({ message: z.string() }),
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (req) => {
      const user = req.requireUser();
      const result = await deleteOwnAccount(
        { db: app.db, storage: app.storage, log: req.log },
        user.id,
        req.body,
      );
      await req.session.destroy();
      return result;
    },
  );
}
