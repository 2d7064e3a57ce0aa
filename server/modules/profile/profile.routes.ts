import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileUpdateSchema, publicUserSchema } from '../../../contract/auth';
import { errorBodySchema } from '../../../contract/errors';
import { toPublicUser } from '../auth/public-user';
import { updateProfile } from './profile.service';

export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put('/api/user/profile', {
    schema: {
      tags: ['profile'],
      body: profileUpdateSchema,
      response: { 200: publicUserSchema, 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema },
    },
  }, async (req) => {
    const user = req.requireUser();
    const updated = await updateProfile(app.db, user.id, req.body, req.session.sessionId);
    return toPublicUser(app.db, updated);
  });
}
