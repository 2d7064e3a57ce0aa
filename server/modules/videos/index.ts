import type { FastifyInstance } from 'fastify';
import videosRoutes from './videos.routes';

export { ensureDemoMedia } from './demo-media';

/** The video library: listing, streamed uploads, signed URLs and downloads (registered by the analysis feature). */
export default async function videosModule(app: FastifyInstance, opts: { kickJobs: () => void }) {
  await app.register(videosRoutes, opts);
}
