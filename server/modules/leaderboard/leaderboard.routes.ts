import type { FastifyInstance } from 'fastify';
import { leaderboardApi } from '../../../contract/api/leaderboard';
import { sendKept } from '../../plugins/answer-cache';
import { route } from '../../plugins/endpoints';
import { getLeaderboardPage } from './leaderboard.service';

export default async function leaderboardRoutes(app: FastifyInstance) {
  // Kept until a write (decision 216): per user (the page marks the family's own players) and query.
  route(app, leaderboardApi.page, { config: app.perAddressLimit(120) }, async (req, reply) =>
    sendKept(reply, app.answers, async () => ({
      body: await getLeaderboardPage(app.db, req.query, req.user.id),
    })),
  );
}
