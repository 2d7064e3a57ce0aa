import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileUpdateSchema, publicUserSchema } from '../../../contract/auth';
import { errorBodySchema } from '../../../contract/errors';
import { toPublicUser } from '../auth';
import { updateProfile } from './profile.service';

export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/api/user/profile',
    {
      schema: {
        tags: ['profile'],
        body: profileUpdateSchema,
        response: {
          200: publicUserSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (req) => {
      const user = req.requireUser();
      if (req.body.password || req.body.currentPassword)
        await app.limitAccount(req, 'profile-password', `user-${user.id}`, 10);
      const updated = await updateProfile(
        { db: app.db, appUrl: app.env.APP_URL },
        user,
        req.body,
        req.session.sessionId,
      );
      return toPublicUser(app.db, updated);
    },
  );
}
