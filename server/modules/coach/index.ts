import type { FastifyInstance } from 'fastify';
import coachRoutes from './coach.routes';

/** College coaches (issue 29, decision 211): applications, search, watch list, connect; the family's switch. */
export default async function coachModule(app: FastifyInstance) {
  await app.register(coachRoutes);
}
