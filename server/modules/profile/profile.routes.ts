import type { FastifyInstance } from 'fastify';
import { profileApi } from '../../../contract/api/profile';
import { route } from '../../plugins/endpoints';
import { toPublicUser } from '../auth';
import { updateProfile } from './profile.service';

export default async function profileRoutes(app: FastifyInstance) {
  route(app, profileApi.update, async (req) => {
    const user = req.user;
    if (req.body.password || req.body.currentPassword)
      await app.limitAccount(req, 'profile-password', `user-${user.id}`, 10);
    const updated = await updateProfile(
      { db: app.db, appUrl: app.env.APP_URL },
      user,
      req.body,
      req.session.sessionId,
    );
    return toPublicUser(app.db, updated);
  });
}
