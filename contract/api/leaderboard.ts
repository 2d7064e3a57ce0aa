import { defineEndpoint } from '../endpoint';
import { leaderboardPageSchema, leaderboardQuerySchema } from '../leaderboard';

/** The ranked verified results (server/modules/leaderboard). */
export const leaderboardApi = {
  page: defineEndpoint({
    method: 'GET',
    path: '/api/leaderboard',
    access: 'user',
    tags: ['leaderboard'],
    query: leaderboardQuerySchema,
    response: leaderboardPageSchema,
    errors: [429],
  }),
};
