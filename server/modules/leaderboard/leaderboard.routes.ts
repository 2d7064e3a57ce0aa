import type { FastifyInstance } from 'fastify';
import { leaderboardApi } from '../../../contract/api/leaderboard';
import { route } from '../../plugins/endpoints';
import { getLeaderboardPage } from './leaderboard.service';

export default async function leaderboardRoutes(app: FastifyInstance) {
  route(app, leaderboardApi.page, { config: app.perAddressLimit(120) }, async (req) =>
    getLeaderboardPage(app.db, req.query, req.user.id),
  );
}
