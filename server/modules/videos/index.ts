import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError } from '../../lib/app-error';
import { videoJobHandlers } from './video-processing';
import videosRoutes from './videos.routes';

export { ensureDemoMedia } from './demo-media';

/** The video library: listing, streamed uploads, signed URLs and downloads; processing runs as jobs. */
export default async function videosModule(app: FastifyInstance) {
  // Every route here is for signed-in users: answer 401 before validating a body.
  app.addHook('preValidation', async (req) => {
    if (!req.session?.userId) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  });
  await app.register(multipart, { limits: { fileSize: app.env.VIDEO_MAX_BYTES } });
  app.jobs.handle(videoJobHandlers(app.db, app.storage));
  await app.register(videosRoutes, { kickJobs: () => app.jobs.kick() });
}
