import type { FastifyInstance } from 'fastify';
import { ensureDemoMedia } from './demo-media';
import videosRoutes from './videos.routes';

/** The video library: listing, streamed uploads, signed URLs and downloads (registered by the analysis feature). */
export default async function videosModule(app: FastifyInstance, opts: { kickJobs: () => void }) {
  await app.register(videosRoutes, opts);
  if (app.env.SEED_DEMO) {
    app.addHook('onReady', async () => {
      await ensureDemoMedia(app.db, app.storage, app.log).catch((err) => app.log.warn({ err }, 'demo videos could not be made'));
    });
  }
}
