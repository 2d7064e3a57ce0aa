import type { FastifyInstance } from 'fastify';

/** Registers the leaderboard feature's routes. */
export default async function leaderboardModule(_app: FastifyInstance) {}
