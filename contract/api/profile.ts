import { publicUserSchema } from '../auth';
import { profileUpdateSchema } from '../auth-forms';
import { defineEndpoint } from '../endpoint';

/** The signed-in user's own profile (server/modules/profile). */
export const profileApi = {
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/user/profile',
    access: 'account',
    tags: ['profile'],
    body: profileUpdateSchema,
    response: publicUserSchema,
    errors: [409, 429],
  }),
};
