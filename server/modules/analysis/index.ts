import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError } from '../../lib/app-error';
import { startJobWorker } from '../../lib/jobs';
import { mailJobHandlers } from '../../lib/mail-jobs';
import { retentionJobHandlers } from '../retention';
import videosModule from '../videos';
import { videoJobHandlers } from '../videos/video-processing';
import processRoutes from './process.routes';
import requestsRoutes from './requests.routes';
import submetricsRoutes from './submetrics.routes';

/** Registers the analysis feature's routes, the videos feature, and the background video worker. */
export default async function analysisModule(app: FastifyInstance) {
  // Every route here is for signed-in users: answer 401 before validating a body.
  app.addHook('preValidation', async (req) => {
    if (!req.session?.userId) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  });
  await app.register(multipart, { limits: { fileSize: app.env.VIDEO_MAX_BYTES } });

  const worker = app.env.DISABLE_JOBS ? null : startJobWorker(app.db, { ...videoJobHandlers(app.db, app.storage), ...mailJobHandlers(app.mailer), ...retentionJobHandlers(app.db, app.env) }, { log: app.log });
  app.addHook('onClose', async () => worker?.stop());

  await app.register(requestsRoutes);
  await app.register(processRoutes);
  await app.register(submetricsRoutes);
  await app.register(videosModule, { kickJobs: () => worker?.kick() });
}
