import type { FastifyInstance } from 'fastify';
import leaderboardRoutes from './leaderboard.routes';

/** Registers the leaderboard feature's routes. */
export default async function leaderboardModule(app: FastifyInstance) {
  await app.register(leaderboardRoutes);
}

export { leaderboardRebuildCommand } from './leaderboard.cli';
export { rebuildLeaderboard, recordLeaderboardResult, refreshPlayerDetails } from './leaderboard.service';
