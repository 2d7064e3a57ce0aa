import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { videoJobHandlers } from './video-processing';
import videoReadinessRoutes from './video-readiness.routes';
import videosRoutes from './videos.routes';

export { schedulePurgeUnreadable } from './video-unreadable';

/** The video library: listing, streamed uploads, signed URLs and downloads; processing runs as jobs. */
export default async function videosModule(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: app.env.VIDEO_MAX_BYTES } });
  // Processing, and the purge of unreadable videos (the family's mail names the removal date, decision 132).
  app.jobs.handle(
    videoJobHandlers(app.db, app.storage, {
      appUrl: app.env.APP_URL,
      retentionDays: app.env.RETENTION_UNREADABLE_VIDEO_DAYS,
    }),
  );
  await app.register(videosRoutes, { kickJobs: () => app.jobs.kick() });
  await app.register(videoReadinessRoutes);
}
export { analyseLocalVideo, putLocalVideo, removeKeys, withLocalCopy, withTempDir } from './video-files';
export { receiveVideo } from './video-intake';
export {
  READINESS_JOB,
  alreadyChecked,
  recordReadiness,
  saveReadiness,
  readinessState,
  sameForEveryKind,
  storedReadiness,
  type ReadinessPayload,
} from './video-readiness';
export {
  VIDEO_STILL_PROCESSING,
  currentFrameChanges,
  ensureMedia,
  ingestMedia,
  readyMedia,
  timelineOf,
  withRepeats,
  toMediaDto,
  type MediaRow,
} from './video-media';
export { toVideoDto, viewableVideo } from './videos.service';
