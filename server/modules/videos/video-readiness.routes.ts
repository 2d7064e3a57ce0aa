import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { videosApi } from '../../../contract/api/videos';
import { videos } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { route } from '../../plugins/endpoints';
import { viewablePlayer } from '../players';
import { storedReadiness } from './video-readiness';

/** GET /api/videos/{id}/readiness: 202 while the clip is checked, then what each kind needs (decision 247). */
export default async function videoReadinessRoutes(app: FastifyInstance) {
  route(app, videosApi.readiness, async (req, reply) => {
    const [video] = await app.db.select().from(videos).where(eq(videos.id, req.params.id));
    if (!video) throw notFound('Video not found');
    // Another family's clip is as absent as one that does not exist.
    await viewablePlayer(app.db, req.user, video.playerId).catch(() => {
      throw notFound('Video not found');
    });
    const found = await storedReadiness(app.db, video);
    if (found) return found;
    reply.status(202);
    return { checking: true as const };
  });
}
