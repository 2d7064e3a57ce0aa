import { keptReads } from '../../db/write-clock';
import type { FastifyInstance } from 'fastify';
import { leaderboardApi } from '../../../contract/api/leaderboard';
import { sendKept } from '../../plugins/answer-cache';
import { route } from '../../plugins/endpoints';
import { getLeaderboardPage } from './leaderboard.service';

/** What the kept read reads (decision 225): a write to another table leaves its answers kept. */
const PAGE_READS = keptReads([
  'leaderboard',
  'leaderboard_slice_counts',
  'players',
  'positions',
  'profile_shares',
]);

export default async function leaderboardRoutes(app: FastifyInstance) {
  // Kept until a write (decision 216): per user (the page marks the family's own players) and query.
  route(app, leaderboardApi.page, { config: app.perAddressLimit(120) }, async (req, reply) =>
    sendKept(reply, app.answers, PAGE_READS, async () => ({
      body: await getLeaderboardPage(app.db, req.query, req.user.id),
    })),
  );
}
