import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import processRoutes from './process.routes';
import { readinessJobHandlers } from './readiness/readiness.service';
import requestsRoutes from './requests.routes';
import submetricsRoutes from './submetrics.routes';

/** Registers the analysis feature's routes: requests, the analysts' processing and submetrics. */
export default async function analysisModule(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: app.env.VIDEO_MAX_BYTES } });
  // A clip's readiness for each kind measured from a clip, checked when its processing ends (decision 247).
  app.jobs.handle(readinessJobHandlers(app.db, app.storage));

  await app.register(requestsRoutes);
  await app.register(processRoutes);
  await app.register(submetricsRoutes);
}

/** A completion committed with a kind's evidence (the seed's demo 40s go through it, as the route does). */
export { commitCompletion } from './complete.service';
export { notifyOwner } from './notify';
/** What a kind's module registers: its completion and its clip check (decision 279). */
export { registerKindHandler, type CompletionContext, type KindHandler } from './kind-handlers';
export { fpsWords, oneDecimal, registerKindCheck, type KindCheck } from './readiness/kind-checks';
export { prepareQueuedClips, registerClipPreparation } from './readiness/clip-preparations';
export { completionFields } from './complete.fields';
export { percentileFor, percentileNote } from './percentile.service';
