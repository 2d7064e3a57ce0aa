import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { ensureDemoMeasurements } from './demo-measurements';
import measurementsRoutes from './measurements.routes';

/** Measured Max Speed: video media, the preview computation, source clips and evidence receipts. */
export default async function measurementsModule(app: FastifyInstance) {
  // Every route here is for signed-in users: answer 401 before validating a body.
  app.addHook('preValidation', async (req) => {
    if (!req.session?.userId) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  });
  await app.register(multipart, { limits: { fileSize: app.env.VIDEO_MAX_BYTES } });
  await app.register(measurementsRoutes);
  if (app.env.SEED_DEMO) {
    // Awaited: a first start shows measured demo speeds at once (later starts find receipts and skip).
    app.addHook('onReady', async () => {
      await ensureDemoMeasurements(app).catch((err) => app.log.warn({ err }, 'demo measurements could not be made'));
    });
  }
}
